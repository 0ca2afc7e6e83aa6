import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Event } from '../../../contracts/events';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { meEventsQuery } from './api';
import { EmptyEvents, LoadError } from './components/list-states';
import { EventGrid, EventGridSkeleton } from './event-grid';

/**
 * /attending, /mea-events, /mea-mystuff: my upcoming and past events (created or followed until
 * ticketing adds the ones I attend).
 */
export function MyUpcomingPast() {
  const { t } = useLingui();
  const query = useQuery(meEventsQuery);
  if (query.isPending) return <EventGridSkeleton count={3} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="flex flex-col gap-10">
      <Group
        id="group-upcoming"
        title={t`Upcoming`}
        events={query.data.upcoming}
        emptyTitle={t`No upcoming events`}
        empty={t`Nothing coming up. Follow organizers or create an event and it shows here.`}
      />
      <Group
        id="group-past"
        title={t`Past`}
        events={query.data.past}
        emptyTitle={t`No past events`}
        empty={t`No past events yet.`}
      />
    </div>
  );
}

function Group({
  id,
  title,
  events,
  emptyTitle,
  empty,
}: {
  id: string;
  title: string;
  events: Event[];
  emptyTitle: string;
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {events.length ? (
        <EventGrid events={events} />
      ) : (
        <EmptyEvents title={emptyTitle}>
          <p className="text-muted-foreground">{empty}</p>
          <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
            <Trans>Browse events</Trans>
          </Link>
        </EmptyEvents>
      )}
    </section>
  );
}
