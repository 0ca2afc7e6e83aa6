import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { featuredEventQuery, EventCover, formatCardDate } from '../events';
import { SponsoredShowcase } from '../promotions';

/**
 * The billboard: sponsored items from running campaigns, falling back to the featured
 * event (spec §7: the newest listed event) when none runs. This whole section is lazily loaded.
 */
export function BillboardSection() {
  return (
    <section aria-labelledby="home-billboard" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="home-billboard" className="mb-6 text-center text-3xl font-bold tracking-tight">
        <Trans>Featured event</Trans>
      </h2>
      <SponsoredShowcase placement="home_billboard" fallback={<FeaturedEvent />} />
    </section>
  );
}

function FeaturedEvent() {
  const { t } = useLingui();
  const { data, isPending } = useQuery(featuredEventQuery);
  const event = data?.event;
  const title = event?.title;
  return (
    <>
      {isPending ? (
        <div key="pending" aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-muted" />
      ) : event ? (
        // A new element rather than the placeholder's, as in SponsoredShowcase (layout shift).
        <div
          key="event"
          className="grid overflow-hidden rounded-xl border border-border bg-card md:grid-cols-2"
        >
          <EventCover event={event} sizes="(min-width: 768px) 576px, 100vw" />
          <div className="flex flex-col justify-center gap-3 p-6">
            <p className="text-sm font-medium text-primary">
              {formatCardDate(event.startsAt, event.timezone)}
            </p>
            <h3 className="text-2xl font-bold">{event.title}</h3>
            <p className="text-muted-foreground">{event.isOnline ? t`Online` : event.location}</p>
            {/* aria-label: a visually hidden span is a block and named it "View event : …". */}
            <Link
              to={paths.event(event.id)}
              aria-label={t`View event: ${title}`}
              className={buttonClasses({ className: 'self-start' })}
            >
              <Trans>View event</Trans>
            </Link>
          </div>
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          <Trans>
            Your event could be here.{' '}
            <Link to={paths.createEvent()} className="font-medium text-primary underline">
              Create one
            </Link>
            .
          </Trans>
        </p>
      )}
    </>
  );
}
