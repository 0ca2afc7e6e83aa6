import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Event } from '../../../contracts/events';
import { EventCard, EventCardSkeleton } from './event-card';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function EventGrid({
  events,
  renderExtra,
}: {
  events: Event[];
  renderExtra?: (event: Event) => ReactNode;
}) {
  return (
    <ul className={GRID}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event}>{renderExtra?.(event)}</EventCard>
        </li>
      ))}
    </ul>
  );
}

/** Placeholders while a list loads; announced once as busy, not card by card. */
export function EventGridSkeleton({ count = 6, label }: { count?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading events`} aria-busy="true" className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <EventCardSkeleton key={i} />
      ))}
    </div>
  );
}
