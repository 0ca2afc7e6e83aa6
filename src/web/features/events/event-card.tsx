import { Trans } from '@lingui/react/macro';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Event } from '../../../contracts/events';
import { EVENT_CARD_SIZES } from '../../../contracts/page-data';
import { Badge } from '../../components/ui/badge';
import { paths } from '../../lib/paths';
import { useCategoryLabel } from './category-label';
import { EventCover } from './event-cover';
import { formatCardDate } from './event-time';

/** An event in a list: cover, date in the event's own zone, title (the link), place and price. */
export function EventCard({ event, children }: { event: Event; children?: ReactNode }) {
  const categoryLabel = useCategoryLabel();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <EventCover event={event} sizes={EVENT_CARD_SIZES} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-primary">
          <time dateTime={event.startsAt}>{formatCardDate(event.startsAt, event.timezone)}</time>
        </p>
        <h3 className="text-lg leading-snug font-semibold">
          {/* The stretched link makes the whole card clickable with one link for screen readers. */}
          <Link
            to={paths.event(event.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-lg after:focus-visible:outline-2 after:focus-visible:outline-ring"
          >
            {event.title}
          </Link>
        </h3>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="line-clamp-2">
            {event.isOnline ? <Trans>Online</Trans> : event.location}
          </span>
        </p>
        {children}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Badge variant="outline">{categoryLabel(event.category)}</Badge>
          <Badge variant={event.isFree ? 'success' : 'outline'}>
            {event.isFree ? <Trans>Free</Trans> : <Trans>Paid</Trans>}
          </Badge>
          {event.eventStatus === 'cancelled' ? (
            <Badge variant="danger">
              <Trans>Cancelled</Trans>
            </Badge>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while its data loads (keeps the layout from jumping). */
export function EventCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border border-border bg-card">
      <div className="aspect-video w-full animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
