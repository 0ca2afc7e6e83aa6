import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EVENT_MESSAGES } from '../../../contracts/events';
import { HOME_UPCOMING_EVENTS } from '../../../contracts/limits';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { eventListQuery } from '../events/api';
import { EventGrid, EventGridSkeleton } from '../events/event-grid';
import { SectionHeading } from './section-heading';

/** The next three events (spec §9 HOME_UPCOMING_EVENTS); spec §8 toast when they fail. */
export function UpcomingEventsSection() {
  const query = useQuery(eventListQuery({ limit: HOME_UPCOMING_EVENTS }));
  useEffect(() => {
    if (query.isError) {
      toast.error(EVENT_MESSAGES.homeLoadFailedTitle, {
        description: EVENT_MESSAGES.homeLoadFailed,
      });
    }
  }, [query.isError]);
  return (
    <section aria-labelledby="home-upcoming" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-upcoming" title="Upcoming events" />
      {query.isPending ? (
        <EventGridSkeleton count={HOME_UPCOMING_EVENTS} label="Loading upcoming events" />
      ) : query.isError ? (
        <p className="text-center text-muted-foreground">{EVENT_MESSAGES.homeLoadFailed}</p>
      ) : query.data.events.length ? (
        <EventGrid events={query.data.events} />
      ) : (
        <p className="text-center text-muted-foreground">
          No upcoming events yet. Check back soon.
        </p>
      )}
      <div className="mt-8 flex justify-center">
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
          See all events
        </Link>
      </div>
    </section>
  );
}
