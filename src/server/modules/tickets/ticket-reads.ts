import type { Ticket } from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { DEFAULT_DURATION_MS } from '../events/events.service';
import { ticketCode } from './ticket-code';
import { findEventKeys, signedTicketCode } from './ticket-signing';
import { findTicketsOfOrder, type TicketRow } from './tickets.queries';

/*
 * A ticket as its holder reads it (its code and its presented shape), shared by the tickets
 * service and the confirmation mail. The mail is re-exported by the service as the module's
 * public face, so the mail reads tickets here rather than through the service.
 */

export interface TicketDeps {
  db: DbExecutor;
  clock: Clock;
  ticketKey: Buffer;
}

/** Over once its end, or a day after a start without one, has passed (events' `notEnded`). */
const hasEnded = (event: { startsAt: Date; endsAt: Date | null }, now: Date) =>
  (event.endsAt ?? new Date(event.startsAt.getTime() + DEFAULT_DURATION_MS)) < now;

type CodeOf = (ticket: TicketRow['ticket']) => string;

/**
 * How the tickets of these rows' events are written: signed (Ed25519) once the event's door is
 * prepared, so a check-in device verifies them offline; the MAC code before that (decision 066).
 * Both keep admitting.
 */
export async function codesFor(deps: TicketDeps, rows: readonly TicketRow[]): Promise<CodeOf> {
  const keys = await findEventKeys(
    deps.db,
    deps.ticketKey,
    rows.map((row) => row.ticket.eventId),
  );
  return (ticket) => {
    const eventKeys = keys.get(ticket.eventId);
    return eventKeys
      ? signedTicketCode(eventKeys, ticket)
      : ticketCode(deps.ticketKey, ticket.id, ticket.codeVersion);
  };
}

export function presentTicket(codeOf: CodeOf, row: TicketRow, now: Date): Ticket {
  return {
    id: row.ticket.id,
    orderId: row.ticket.orderId,
    status: row.ticket.status,
    // While a transfer waits to be claimed nobody holds a usable code (decision 055).
    code: row.ticket.transferPending ? '' : codeOf(row.ticket),
    checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
    ticketTypeName: row.ticketTypeName,
    ...(row.seat ? { seat: row.seat } : {}),
    paidCents: row.paidCents,
    currency: row.currency as Ticket['currency'],
    holderName: row.holderName,
    event: {
      ...row.event,
      startsAt: row.event.startsAt.toISOString(),
      endsAt: row.event.endsAt?.toISOString() ?? null,
    },
    createdAt: row.ticket.createdAt.toISOString(),
    isPast: hasEnded(row.event, now),
  };
}

/** Every ticket of one order (for the confirmation mail; no access check: internal use). */
export async function listOrderTickets(deps: TicketDeps, orderId: string) {
  const rows = await findTicketsOfOrder(deps.db, { orderId });
  const codeOf = await codesFor(deps, rows);
  return rows.map((row) => ({
    ...presentTicket(codeOf, row, deps.clock.now()),
    holderEmail: row.holderEmail,
  }));
}
