import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { QrCode, Ticket as TicketIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Ticket } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { describeEventTime } from '../events';
import { myTicketsQuery } from './api';
import { TicketStatusBadge } from './components/ticket-links';

/**
 * Upcoming events first (soonest first), then past ones (most recent first). Whether an event
 * is past is the server's call (`isPast`), so this list and the dashboard's never disagree.
 */
export function sortTickets(tickets: readonly Ticket[]): Ticket[] {
  const start = (t: Ticket) => new Date(t.event.startsAt).getTime();
  const upcoming = tickets.filter((t) => !t.isPast).sort((a, b) => start(a) - start(b));
  const past = tickets.filter((t) => t.isPast).sort((a, b) => start(b) - start(a));
  return [...upcoming, ...past];
}

function TicketRow({ ticket }: { ticket: Ticket }) {
  // In the event's own zone, as on cards and the dashboard's next events: the time on the ticket
  // is the time at the door.
  const when = describeEventTime(ticket.event, ticket.event.timezone);
  return (
    <li>
      <Link
        to={paths.ticket(ticket.id)}
        className="flex items-center gap-3 rounded-lg border border-border p-3 hover:bg-muted"
      >
        <QrCode aria-hidden="true" className="size-8 shrink-0 text-primary" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{ticket.event.title}</span>
          <span className="truncate text-sm text-muted-foreground">
            {ticket.ticketTypeName} · {when.local}
          </span>
        </span>
        <TicketStatusBadge status={ticket.status} isPast={ticket.isPast} />
      </Link>
    </li>
  );
}

/** My tickets (GET /api/me/tickets), upcoming first; `limit` for the dashboard's short list. */
export function MyTickets({ limit, title }: { limit?: number; title?: string }) {
  const { t } = useLingui();
  const query = useQuery(myTicketsQuery);
  const headingId = 'my-tickets-title';
  let body;
  if (query.isPending) body = <Spinner label={t`Loading your tickets`} />;
  else if (query.isError)
    body = (
      <LoadFailed
        title={t`Your tickets could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.tickets.length === 0)
    body = (
      <EmptyState icon={TicketIcon} title={t`No tickets yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Tickets you buy or register for will appear here.</Trans>
        </p>
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Trans>Browse events</Trans>
        </Link>
      </EmptyState>
    );
  else {
    const sorted = sortTickets(query.data.tickets);
    const ticketCount = sorted.length;
    const shown = limit ? sorted.slice(0, limit) : sorted;
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {shown.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </ul>
        {limit && sorted.length > limit ? (
          <Link to={paths.attending()} className="text-sm font-medium text-primary hover:underline">
            <Plural value={ticketCount} one="See # ticket" other="See all # tickets" />
          </Link>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {title ?? t`Your tickets`}
      </h2>
      {body}
    </section>
  );
}
