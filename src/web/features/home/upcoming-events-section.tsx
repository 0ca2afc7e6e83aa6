import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { HOME_EVENT_POOL, HOME_UPCOMING_EVENTS } from '../../../contracts/limits';
import { pageDataFor } from '../../app/server-head';
import { buttonClasses } from '../../components/ui/button';
import { cnLight } from '../../lib/cn-light';
import { viewerTimeZone } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { eventListQuery, EventGrid, EventGridSkeleton } from '../events';
import { homeEventLists, type HomeEventList } from './home-events';

const CHOICES: { list: HomeEventList; label: MessageDescriptor; empty: MessageDescriptor }[] = [
  {
    list: 'upcoming',
    label: msg`Coming up`,
    empty: msg`No upcoming events yet. Check back soon.`,
  },
  { list: 'weekend', label: msg`This weekend`, empty: msg`Nothing listed for this weekend yet.` },
  { list: 'near', label: msg`Near you`, empty: msg`No events near you yet.` },
];

// spec §8's texts (EVENT_MESSAGES in the contracts hold the same English); here as messages so
// they read in the page's language.
const LOAD_FAILED_TITLE = msg`Error`;
const LOAD_FAILED = msg`Failed to load events data. Please try again later.`;

// The page's own events stay fresh (no refetch on mounting) until the idle refetch below, whose
// ceiling is SEED_REFRESH_MS; a later visit (back from another page) asks at once after a minute.
const SEED_FRESH_MS = 60_000;
const SEED_REFRESH_MS = 3_000;

/**
 * The first thing under the headline: the next three events (spec §9 HOME_UPCOMING_EVENTS), with
 * this weekend's and nearby ones a tap away; spec §8 toast when they fail.
 */
export function UpcomingEventsSection() {
  const { i18n, t } = useLingui();
  // The server wrote the events into the page (as GET /api/events answers them): the first
  // render has its cards. They are asked for again once the page is idle (an event published
  // since, or a failure and its toast, shows then), not at once: while the page still loads,
  // that answer competed with the first render for a phone's main thread.
  const [seed] = useState(() => {
    const data = pageDataFor('/', 'home');
    return data ? { page: data.page, at: Date.now() } : null;
  });
  const query = useQuery({
    ...eventListQuery({ limit: HOME_EVENT_POOL }),
    ...(seed
      ? { initialData: seed.page, initialDataUpdatedAt: seed.at, staleTime: SEED_FRESH_MS }
      : {}),
  });
  const { refetch } = query;
  useEffect(() => {
    if (!seed) return;
    const ask = () => void refetch();
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(ask, SEED_REFRESH_MS);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(ask, { timeout: SEED_REFRESH_MS });
    return () => window.cancelIdleCallback(idle);
  }, [seed, refetch]);
  const [list, setList] = useState<HomeEventList>('upcoming');
  useEffect(() => {
    if (query.isError) {
      toast.error(i18n._(LOAD_FAILED_TITLE), { description: i18n._(LOAD_FAILED) });
    }
    // The toast speaks the language of the moment it fails; a later switch does not repeat it.
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
          <Trans>Upcoming events</Trans>
        </h2>
        <div role="group" aria-label={t`Show events`} className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <button
              key={choice.list}
              type="button"
              aria-pressed={chosen?.list === choice.list}
              onClick={() => setList(choice.list)}
              className={cnLight(
                'min-h-10 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                chosen?.list === choice.list
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-background hover:bg-muted',
              )}
            >
              {i18n._(choice.label)}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <EventGridSkeleton count={HOME_UPCOMING_EVENTS} label={t`Loading upcoming events`} />
      ) : query.isError ? (
        <p className="text-center text-muted-foreground">{i18n._(LOAD_FAILED)}</p>
      ) : events.length ? (
        <EventGrid events={events} />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {chosen ? i18n._(chosen.empty) : null}
        </p>
      )}
      <div className="mt-8 flex justify-center">
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>See all events</Trans>
        </Link>
      </div>
    </section>
  );
}
