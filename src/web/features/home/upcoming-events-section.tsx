import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EVENT_MESSAGES } from '../../../contracts/events';
import { HOME_UPCOMING_EVENTS } from '../../../contracts/limits';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { viewerTimeZone } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { eventListQuery, EventGrid, EventGridSkeleton } from '../events';
import { homeEventLists, type HomeEventList } from './home-events';

// Enough of the catalogue to find this weekend's and nearby events among the next ones.
const POOL = 50;

const CHOICES: { list: HomeEventList; label: string; empty: string }[] = [
  { list: 'upcoming', label: 'Coming up', empty: 'No upcoming events yet. Check back soon.' },
  { list: 'weekend', label: 'This weekend', empty: 'Nothing listed for this weekend yet.' },
  { list: 'near', label: 'Near you', empty: 'No events near you yet.' },
];

/**
 * The first thing under the headline: the next three events (spec §9 HOME_UPCOMING_EVENTS), with
 * this weekend's and nearby ones a tap away; spec §8 toast when they fail.
 */
export function UpcomingEventsSection() {
  const query = useQuery(eventListQuery({ limit: POOL }));
  const [list, setList] = useState<HomeEventList>('upcoming');
  useEffect(() => {
    if (query.isError) {
      toast.error(EVENT_MESSAGES.homeLoadFailedTitle, {
        description: EVENT_MESSAGES.homeLoadFailed,
      });
    }
  }, [query.isError]);
  const lists = useMemo(
    () =>
      homeEventLists(query.data?.events ?? [], {
        now: new Date(),
        viewerZone: viewerTimeZone(),
        limit: HOME_UPCOMING_EVENTS,
      }),
    [query.data],
  );
  // "Near you" is offered only when the visitor's zone has events: an empty promise otherwise.
  const choices = CHOICES.filter((c) => c.list !== 'near' || lists.near.length > 0);
  const chosen = choices.find((c) => c.list === list) ?? CHOICES[0];
  const events = lists[chosen?.list ?? 'upcoming'];
  return (
    <section
      aria-labelledby="home-upcoming"
      className="mx-auto max-w-6xl px-4 pt-4 pb-10 md:pt-6 md:pb-12"
    >
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h2 id="home-upcoming" className="text-3xl font-bold tracking-tight">
          Upcoming events
        </h2>
        <div role="group" aria-label="Show events" className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <button
              key={choice.list}
              type="button"
              aria-pressed={chosen?.list === choice.list}
              onClick={() => setList(choice.list)}
              className={cn(
                'min-h-10 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                chosen?.list === choice.list
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-background hover:bg-muted',
              )}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <EventGridSkeleton count={HOME_UPCOMING_EVENTS} label="Loading upcoming events" />
      ) : query.isError ? (
        <p className="text-center text-muted-foreground">{EVENT_MESSAGES.homeLoadFailed}</p>
      ) : events.length ? (
        <EventGrid events={events} />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {chosen?.empty}
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
