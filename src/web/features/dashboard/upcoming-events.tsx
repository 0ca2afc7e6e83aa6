import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardSection, HostDashboard, HostedEvent } from '../../../contracts/dashboard';
import type { TeamRole } from '../../../contracts/teams';
import { EmptyState } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { formatCardDate } from '../events';
import { pageFor, useActingFor } from '../teams';
import { money, Section } from './dashboard-section';

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}

function EventRow({
  event,
  shows,
  role,
}: {
  event: HostedEvent;
  shows: (section: DashboardSection) => boolean;
  /** A team member's role when they switched to the owner's account. */
  role: TeamRole | null;
}) {
  const { t } = useLingui();
  const { sold: soldCount, capacity, title } = event;
  const sold = capacity === null ? t`${soldCount} sold` : t`${soldCount} of ${capacity} sold`;
  const revenue = money(event.revenue);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={paths.event(event.id)} className="font-semibold break-words hover:underline">
            {event.title}
          </Link>
          <span className="text-sm text-muted-foreground">
            {formatCardDate(event.startsAt, event.timezone)}
          </span>
        </div>
        {event.status === 'draft' ? (
          <Badge variant="warning">
            <Trans>Draft</Trans>
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">{sold}</span>
          {shows('sales') ? (
            <span>
              <Trans>Revenue {revenue}</Trans>
            </span>
          ) : null}
        </div>
        {event.capacity ? (
          <Meter label={t`${title}: tickets sold`} value={event.sold} max={event.capacity} />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {shows('setup') ? (
          <Link
            to={paths.eventTickets(event.id)}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            {event.ticketTypes === 0 ? <Trans>Tickets (none yet)</Trans> : <Trans>Tickets</Trans>}
          </Link>
        ) : null}
        {shows('checkIns') ? (
          <Link
            to={paths.eventCheckIn(event.id)}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Check-in</Trans>
          </Link>
        ) : null}
        {shows('setup') ? (
          <Link
            to={paths.editEvent(event.id)}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <Trans>Edit</Trans>
          </Link>
        ) : null}
        {/* A member who neither sets events up nor works the door: the page of their role. */}
        {role && !shows('setup') && !shows('checkIns') ? (
          <Link
            to={pageFor(role, event.id)}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Manage</Trans>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The next events I host, each with its sales, revenue and shortcuts. */
export function UpcomingEvents({ board }: { board: HostDashboard }) {
  const { events, total } = board.upcoming;
  const { t } = useLingui();
  const shows = (section: DashboardSection) => board.sections.includes(section);
  const role = useActingFor().team?.role ?? null;
  return (
    <Section
      id="upcoming-title"
      title={t`Upcoming events`}
      action={
        total > events.length ? (
          <Link to={paths.myEvents()} className="text-sm font-medium text-primary hover:underline">
            <Trans>See all {total}</Trans>
          </Link>
        ) : null
      }
    >
      {events.length === 0 ? (
        <EmptyState icon={CalendarPlus} title={t`No upcoming events`}>
          {shows('setup') ? (
            <>
              <p className="text-sm text-muted-foreground">
                <Trans>Create an event to start selling tickets.</Trans>
              </p>
              <Link to={paths.createEvent()} className={buttonClasses({ size: 'sm' })}>
                <Trans>Create an event</Trans>
              </Link>
            </>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {events.map((event) => (
            <EventRow key={event.id} event={event} shows={shows} role={role} />
          ))}
        </ul>
      )}
    </Section>
  );
}
