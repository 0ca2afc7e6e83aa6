import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarX, LogIn, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Event } from '../../../contracts/events';
import { buttonClasses } from '../../components/ui/button';
import { eventListQuery } from './api';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { paths } from '../../lib/paths';

/**
 * What the public pages /attending, /mea-attending, /mea-events and /mea-mystuff show a visitor
 * who has not signed in (spec §2 lists them as public): the public part, and this prompt in
 * place of the personal part. Signing in comes back to the page.
 */
export function SignInPrompt({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <section
      aria-label={t`Your events`}
      className="flex flex-col items-start gap-4 rounded-lg border border-border bg-primary-soft p-6 md:flex-row md:items-center md:justify-between"
    >
      <p>{children}</p>
      <Link to={paths.auth(`${pathname}${search}`)} className={buttonClasses()}>
        <LogIn aria-hidden="true" className="size-4" />
        <Trans>Sign In</Trans>
      </Link>
    </section>
  );
}

/** As many as the home page's grid holds in two rows. */
const PREVIEW = { limit: 6 };

/**
 * Upcoming public events, each with a link to who is going where its organizer shows the guest
 * list or its count. GET /api/events lists public, published events only, to anyone; who is going
 * comes from /event/{id}/attending, which follows the organizer's choice.
 */
export function PublicUpcoming({ title }: { title: string }) {
  const { t } = useLingui();
  const query = useQuery(eventListQuery(PREVIEW));
  return (
    <section aria-labelledby="public-upcoming" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="public-upcoming" className="text-xl font-bold">
          {title}
        </h2>
        <Link to={paths.events()} className="text-sm font-medium text-primary hover:underline">
          <Trans>All events</Trans>
        </Link>
      </div>
      {query.isPending ? (
        <EventGridSkeleton count={3} />
      ) : query.isError ? (
        <LoadFailed
          title={t`Events could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.events.length ? (
        <EventGrid events={query.data.events} renderExtra={WhoIsGoing} />
      ) : (
        <EmptyState icon={CalendarX} title={t`No upcoming events`}>
          <p className="text-muted-foreground">
            <Trans>New events show here as soon as they are published.</Trans>
          </p>
        </EmptyState>
      )}
    </section>
  );
}

function WhoIsGoing(event: Event) {
  if (event.attendeeVisibility === 'hidden') return null;
  return (
    // Above the card's stretched link, so this one is reachable on its own.
    <Link
      to={paths.eventAttending(event.id)}
      className="relative z-10 inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary hover:underline"
    >
      <Users aria-hidden="true" className="size-4" />
      <Trans>
        Who is going<span className="sr-only"> to {ph({ title: event.title })}</span>
      </Trans>
    </Link>
  );
}
