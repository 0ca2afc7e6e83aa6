import { msg } from '@lingui/core/macro';
import {
  TICKET_MESSAGES,
  type AttendeeListQuery,
  type EventOrderListQuery,
  type Sales,
  type Ticket,
} from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { isAdmin } from '../../platform/auth/guards';
import { getEvent, type EventDeps } from '../events/events.service';
import { lockManagedEvent } from '../events/events.service';
import { TRANSFER_MESSAGES } from '../../../contracts/transfers';
import { parseSignedCode } from '../../../contracts/door';
import { codeVersionOf, ticketCode, ticketIdOfCode } from './ticket-code';
import {
  codeHash,
  ensureEventKeys,
  findEventKeys,
  signedTicketCode,
  verifySignedCode,
  type EventKeys,
} from './ticket-signing';
import { codesFor, listOrderTickets, presentTicket, type TicketDeps } from './ticket-reads';
import { attendeeVisibilityFor } from './tickets.policy';
import {
  admitTicket,
  findAttendingPeople,
  findEventSales,
  findSettledOrderPageOfEvent,
  findTicketOfEvent,
  findTicketPageOfEvent,
  findTicketsOfHolder,
  findTicketVisibleTo,
  findCodeVersions,
  findSeatSectionName,
  type TicketRow,
} from './tickets.queries';

// The ticket types a buyer sees (hidden ones only with their code), for other modules: the
// ticket widget's live availability (developer) reads them through here.
export { listTicketTypesForBuyer } from './ticket-types.service';
// Invoices print in the tickets' fonts (decision 059).
export { pdfInTicketFonts } from './ticket-documents';
// The invoices module sends an order's confirmation with its invoice attached (decision 074).
export { sendTicketsMail, type TicketMailLinks } from './ticket-mail';
// Products are priced in the same charge step as ticket types (decision 074).
export { requireChargeablePrice } from './ticket-types.service';
// The attendee export's "Paid" is the attendee list's (a line's charge shared over its tickets).
export { ticketPaidCents } from './tickets.queries';
// Products' lists (decision 051) put expired holds back on sale first, as ticket lists do.
export { expireHolds } from '../orders/holds.queries';
// A type in a capacity pool has no more left than the pool (decision 052): the SEO offers and
// funnel pages read it through here, as the buyer's list does.
export { poolLimitsOfEvent } from '../orders/holds.queries';

// Other modules hold the ticket deps; the door's tests read an order's codes as its mail does.
export { listOrderTickets, type TicketDeps };

// Badges draw the ticket's QR code as a ticket does (decision 075).
export { qrRows } from './ticket-documents';
// The box office prints a sale's tickets, one page each (decision 117).
export { orderTicketsPdf } from './order-tickets-pdf';

/**
 * The codes these tickets carry now, as their holders' ticket pages show them, for a badge or a
 * wallet pass (decision 075); a ticket waiting for a transfer's claim has none ('').
 */
export async function currentTicketCodes(
  deps: TicketDeps,
  rows: readonly { id: string; eventId: string; codeVersion: number; transferPending: boolean }[],
): Promise<Map<string, string>> {
  const keys = await findEventKeys(
    deps.db,
    deps.ticketKey,
    rows.map((row) => row.eventId),
  );
  return new Map(
    rows.map((row) => {
      const eventKeys = keys.get(row.eventId);
      if (row.transferPending) return [row.id, ''];
      const code = eventKeys
        ? signedTicketCode(eventKeys, row)
        : ticketCode(deps.ticketKey, row.id, row.codeVersion);
      return [row.id, code];
    }),
  );
}

/** The holder's tickets: upcoming events first (soonest first), then past ones. */
export async function listMyTickets(deps: TicketDeps, params: { actor: AuthUser }) {
  const rows = await findTicketsOfHolder(deps.db, {
    userId: params.actor.id,
    now: deps.clock.now(),
  });
  const now = deps.clock.now();
  const codeOf = await codesFor(deps, rows);
  return rows.map((row) => presentTicket(codeOf, row, now));
}

/** A ticket for its holder, the event's owner or an admin (checked in the query). */
export async function getTicket(deps: TicketDeps, params: { id: string; actor: AuthUser }) {
  const row = await findTicketVisibleTo(deps.db, {
    id: params.id,
    visibleTo: isAdmin(params.actor) ? null : params.actor.id,
  });
  if (!row) throw new AppError('NOT_FOUND', msg`Ticket not found`);
  return presentTicket(await codesFor(deps, [row]), row, deps.clock.now());
}

/**
 * A ticket as its wallet pass shows it, for Apple's pass web service, where the pass's own token
 * stands for its holder (decision 089); null when there is no such ticket.
 */
export async function ticketForWalletPass(deps: TicketDeps, params: { id: string }) {
  const row = await findTicketVisibleTo(deps.db, { id: params.id, visibleTo: null });
  if (!row) return null;
  return presentTicket(await codesFor(deps, [row]), row, deps.clock.now());
}

/**
 * Check-in by scanned or typed code: the first scan checks the ticket in, later ones say when
 * it already was (one guarded UPDATE decides, so two doors scanning at once cannot both admit).
 */
export async function checkIn(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser; code: string },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'check_in' });
  const ticketId = ticketIdOfCode(params.code);
  const found = ticketId
    ? await findTicketOfEvent(deps.db, { ticketId, eventId: params.eventId })
    : undefined;
  const version = found
    ? (await resolveTicketCodes(deps, params.eventId, [params.code])).get(params.code)?.version
    : null;
  if (!ticketId || !found || version === null || version === undefined)
    throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
  // A code from before a transfer, or any while one waits to be claimed, admits no one.
  const passedOn = (ticket: { codeVersion: number; transferPending: boolean }) =>
    ticket.codeVersion !== version || ticket.transferPending;
  if (passedOn(found.ticket)) throw new AppError('CONFLICT', TRANSFER_MESSAGES.codeReplaced);
  const admitted = await admitTicket(deps.db, {
    ticketId,
    eventId: params.eventId,
    at: deps.clock.now(),
    by: params.actor.id,
    codeVersion: version,
  });
  const row = await findTicketOfEvent(deps.db, { ticketId, eventId: params.eventId });
  if (!row) throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
  if (row.ticket.status === 'void') throw new AppError('CONFLICT', TICKET_MESSAGES.ticketVoid);
  if (!admitted && passedOn(row.ticket))
    throw new AppError('CONFLICT', TRANSFER_MESSAGES.codeReplaced);
  // The desk says the seat as the door app does: the section by its name (decision 099).
  const seatSection = row.seat
    ? await findSeatSectionName(deps.db, { eventId: params.eventId, seatId: row.seat })
    : null;
  return {
    result: admitted ? ('checked_in' as const) : ('already_checked_in' as const),
    ticket: presentTicket(await codesFor(deps, [row]), row, deps.clock.now()),
    ...(seatSection ? { seatSection } : {}),
  };
}

/**
 * Which ticket and code version each code names, for codes of this event that are genuine
 * (signed with the event's key, or the server's MAC of any version up to the ticket's current
 * one); a forged code, another event's or garbage is missing from the map. The caller decides
 * what an older version means (a code replaced by a transfer).
 */
export async function resolveTicketCodes(
  deps: TicketDeps,
  eventId: string,
  codes: readonly string[],
): Promise<Map<string, { ticketId: string; version: number }>> {
  const resolved = new Map<string, { ticketId: string; version: number }>();
  const keys = codes.some((code) => parseSignedCode(code))
    ? (await findEventKeys(deps.db, deps.ticketKey, [eventId])).get(eventId)
    : undefined;
  const macCodes: string[] = [];
  for (const code of codes) {
    if (!parseSignedCode(code)) {
      macCodes.push(code);
      continue;
    }
    const genuine = keys ? verifySignedCode(keys.publicKey, eventId, code) : null;
    if (genuine) resolved.set(code, genuine);
  }
  const ids = [...new Set(macCodes.map(ticketIdOfCode).filter((id): id is string => !!id))];
  if (!ids.length) return resolved;
  const versions = await findCodeVersions(deps.db, { eventId, ticketIds: ids });
  for (const code of macCodes) {
    const ticketId = ticketIdOfCode(code);
    const current = ticketId ? versions.get(ticketId) : undefined;
    if (!ticketId || current === undefined) continue;
    const version = codeVersionOf(deps.ticketKey, code, current);
    if (version !== null) resolved.set(code, { ticketId, version });
  }
  return resolved;
}

/** The event's signing keys for the door, made on first use (decision 066). */
export const prepareDoorKeys = (deps: TicketDeps, eventId: string): Promise<EventKeys> =>
  ensureEventKeys(deps.db, deps.ticketKey, eventId);

/** The short hash a check-in list carries of a ticket's MAC code (decision 066). */
export const macCodeHash = (deps: TicketDeps, ticketId: string, version: number) =>
  codeHash(ticketCode(deps.ticketKey, ticketId, version));

export async function getSales(db: DbExecutor, eventId: string): Promise<Sales> {
  return findEventSales(db, { eventId });
}

export async function getEventSales(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'orders' });
  return getSales(deps.db, params.eventId);
}

const presentAttendee = (row: TicketRow) => ({
  ticketId: row.ticket.id,
  orderId: row.ticket.orderId,
  holderName: row.holderName,
  email: row.holderEmail,
  ticketTypeName: row.ticketTypeName,
  ...(row.seat ? { seat: row.seat } : {}),
  status: row.ticket.status,
  checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
  purchasedAt: row.ticket.createdAt.toISOString(),
  paidCents: row.paidCents,
  currency: row.currency as Ticket['currency'],
  boxOfficeMethod: row.boxOfficeMethod,
});

/** One page of the event's attendees (an event can sell thousands) and its counters. */
export async function listAttendees(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser; query: AttendeeListQuery },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'attendees.view' });
  const { page, pageSize, q } = params.query;
  const [attendees, sales] = await Promise.all([
    findTicketPageOfEvent(deps.db, {
      eventId: params.eventId,
      q,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    getSales(deps.db, params.eventId),
  ]);
  return {
    attendees: attendees.rows.map(presentAttendee),
    total: attendees.total,
    page,
    pageSize,
    sales,
  };
}

/** One page of the event's settled orders (paid, refunded, …), newest first, for refunds. */
export async function listEventOrders(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser; query: EventOrderListQuery },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'orders' });
  const { page, pageSize, q } = params.query;
  const found = await findSettledOrderPageOfEvent(deps.db, {
    eventId: params.eventId,
    q,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { ...found, page, pageSize };
}

/** /event/{id}/attending: names, only the count, or nothing, as the organizer chose. */
export async function publicAttending(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser | null; accessToken?: string },
) {
  const event = await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  const visibility = attendeeVisibilityFor(params.actor, event);
  if (visibility === 'hidden') return { visibility, count: null, attendees: [] };
  const people = await findAttendingPeople(deps.db, { eventId: event.id });
  return {
    visibility,
    count: people.length,
    attendees: visibility === 'list' ? people.sort((a, b) => a.name.localeCompare(b.name)) : [],
  };
}
