import { Trans, useLingui } from '@lingui/react/macro';
import type { ServedItem } from '../../../contracts/promotions';
import { cn } from '../../lib/cn';
import { useViewBeacon } from './use-view-beacon';

/** `card`: the billboard's tall card; `row`: image beside text, for lists; `side`: a sidebar. */
export type SponsoredLayout = 'card' | 'row' | 'side';

/**
 * One served item, clearly labelled "Sponsored". Class names and URLs stay neutral
 * ("showcase"), so content blockers do not hide it and break the layout around it.
 */
export function SponsoredCard({
  item,
  layout = 'card',
  headingLevel = 'h3',
}: {
  item: ServedItem;
  layout?: SponsoredLayout;
  headingLevel?: 'h2' | 'h3';
}) {
  const ref = useViewBeacon<HTMLElement>(item.token);
  const Heading = headingLevel;
  const isRow = layout === 'row';
  const { t } = useLingui();
  const headline = item.headline;
  return (
    <article
      ref={ref}
      className={cn(
        'showcase-card overflow-hidden rounded-xl border border-border bg-card',
        isRow ? 'grid grid-cols-[7rem_1fr] sm:grid-cols-[10rem_1fr]' : 'flex flex-col',
      )}
    >
      {item.imageUrl ? (
        <img
          src={item.imageUrl}
          alt={item.imageAlt}
          loading="lazy"
          className={cn('w-full object-cover', isRow ? 'h-full min-h-28' : 'aspect-video')}
        />
      ) : (
        <div
          aria-hidden="true"
          className={cn(
            'w-full bg-gradient-to-br from-primary/30 to-primary/5',
            isRow ? 'h-full min-h-28' : 'aspect-video',
          )}
        />
      )}
      <div className={cn('flex flex-1 flex-col gap-2', layout === 'card' ? 'p-5' : 'p-4')}>
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <Trans>Sponsored</Trans>
        </p>
        <Heading className={cn('font-bold', layout === 'card' ? 'text-lg' : 'text-base')}>
          {item.headline}
        </Heading>
        {item.body ? (
          <p className={cn('text-sm text-muted-foreground', isRow && 'line-clamp-2')}>
            {item.body}
          </p>
        ) : null}
        {/* aria-label: a visually hidden span is a block and would name it "Learn more : …".
            The hidden headline still makes the link's own text say where it goes, for search
            engines that read "Learn more" alone as a link that says nothing. */}
        <a
          href={item.href}
          aria-label={t`Learn more: ${headline}`}
          className="mt-auto self-start font-medium text-primary underline"
        >
          <Trans>Learn more</Trans>
          <span className="sr-only"> {headline}</span>
        </a>
      </div>
    </article>
  );
}
