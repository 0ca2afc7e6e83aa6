import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ROLE_PERMISSIONS, type Membership, type TeamPermission } from '../../../contracts/teams';
import { paths } from '../../lib/paths';
import { pageFor } from '../teams';
import { myEventsQuery } from './api';
import { DuplicateEventButton } from './components/duplicate-event';
import { EmptyEvents, LoadError } from './components/list-states';
import { StatusBadge } from './components/status-badge';
import { formatCardDate, viewerTimeZone } from './event-time';

/**
 * The organizer's events in every state, with status and sales counters (spec §2 my-events).
 * Switched to a team (`team`), the owner's events in the member's scope, each offering only what
 * the member's role opens.
 */
export function MyEventsList({ team }: { team: Membership | null }) {
  const { t } = useLingui();
  const query = useQuery(myEventsQuery);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const events = query.data.events;
  const may = (permission: TeamPermission) =>
    !team || ROLE_PERMISSIONS[team.role].includes(permission);
  if (events.length === 0 && team) {
    return (
      <EmptyEvents title={t`No events to work on yet`}>
        <p className="text-muted-foreground">
          <Trans>The events the team's owner gives you appear here.</Trans>
        </p>
      </EmptyEvents>
    );
  }
  if (events.length === 0) {
    return (
      <EmptyEvents title={t`You have not created any events yet`}>
        <p className="text-muted-foreground">
          <Trans>Create your first event; it stays a draft until you publish it.</Trans>
        </p>
        <Link to={paths.createEvent()} className={buttonClasses()}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Create event</Trans>
        </Link>
      </EmptyEvents>
    );
  }
  const zone = viewerTimeZone();
  return (
    <ul className="flex flex-col gap-3">
      {events.map((event) => (
        <li
          key={event.id}
          className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={event.eventStatus} />
              {event.visibility === 'private' ? (
                <span className="text-xs text-muted-foreground">
                  <Trans>Private</Trans>
                </span>
              ) : null}
            </div>
            <h2 className="truncate text-lg font-semibold">
              <Link to={paths.event(event.id)} className="hover:underline">
                {event.title}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">
              {formatCardDate(event.startsAt, zone)} · {event.isOnline ? t`Online` : event.location}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted-foreground">
              <Trans>Tickets sold</Trans>
            </dt>
            <dd className="font-semibold tabular-nums">{event.totalTicketsSold}</dd>
            <dt className="text-muted-foreground">
              <Trans>Sign-ups</Trans>
            </dt>
            <dd className="font-semibold tabular-nums">{event.signupCount}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.event(event.id)}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Trans>
                View<span className="sr-only"> {ph({ title: event.title })}</span>
              </Trans>
            </Link>
            {may('event.edit') ? (
              <>
                <Link
                  to={paths.editEvent(event.id)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  <Trans>
                    Edit<span className="sr-only"> {ph({ title: event.title })}</span>
                  </Trans>
                </Link>
                <DuplicateEventButton event={event} />
              </>
            ) : (
              <Link
                to={pageFor(team?.role ?? 'manager', event.id)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                <Trans>
                  Manage<span className="sr-only"> {ph({ title: event.title })}</span>
                </Trans>
              </Link>
            )}
            {may('feedback') ? (
              <Link
                to={paths.eventFeedbackResults(event.id)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                <Trans>
                  Feedback<span className="sr-only"> on {ph({ title: event.title })}</span>
                </Trans>
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
