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
  const query = useQuery(meEventsQuery);
  if (query.isPending) return <EventGridSkeleton count={3} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="flex flex-col gap-10">
      <Group
        title="Upcoming"
        events={query.data.upcoming}
        empty="Nothing coming up. Follow organizers or create an event and it shows here."
      />
      <Group title="Past" events={query.data.past} empty="No past events yet." />
    </div>
  );
}

function Group({ title, events, empty }: { title: string; events: Event[]; empty: string }) {
  const id = `group-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {events.length ? (
        <EventGrid events={events} />
      ) : (
        <EmptyEvents title={`No ${title.toLowerCase()} events`}>
          <p className="text-muted-foreground">{empty}</p>
          <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
            Browse events
          </Link>
        </EmptyEvents>
      )}
    </section>
  );
}
