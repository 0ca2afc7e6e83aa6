import type { ServedItem } from '../../../contracts/promotions';
import { useViewBeacon } from './use-view-beacon';

/**
 * One served item, clearly labelled "Sponsored". Class names and URLs stay neutral
 * ("showcase"), so content blockers do not hide it and break the layout around it.
 */
export function SponsoredCard({ item }: { item: ServedItem }) {
  const ref = useViewBeacon<HTMLElement>(item.token);
  return (
    <article
      ref={ref}
      className="showcase-card flex flex-col overflow-hidden rounded-xl border border-border bg-card"
    >
      {item.imageUrl ? (
        <img
          src={item.imageUrl}
          alt={item.imageAlt}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-video w-full bg-gradient-to-br from-primary/30 to-primary/5"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Sponsored
        </p>
        <h3 className="text-lg font-bold">{item.headline}</h3>
        {item.body ? <p className="text-sm text-muted-foreground">{item.body}</p> : null}
        {/* aria-label: a visually hidden span is a block and would name it "Learn more : …". */}
        <a
          href={item.href}
          aria-label={`Learn more: ${item.headline}`}
          className="mt-auto self-start font-medium text-primary underline"
        >
          Learn more
        </a>
      </div>
    </article>
  );
}
