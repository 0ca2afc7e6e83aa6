import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { TICKET_MESSAGES, type Sales, type Ticket } from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { csvCell } from '../../platform/http/csv';
import { AppError } from '../../platform/http/errors';
import { isAdmin } from '../../platform/auth/guards';
import { getEvent, type EventDeps } from '../events/events.service';
import { loadOrders } from '../orders/orders.queries';
import { lockManagedEvent } from '../events/events.service';
import { ticketCode, verifyTicketCode } from './ticket-code';
import { attendeeVisibilityFor } from './tickets.policy';
import { must } from '../../platform/must';

// The ticket types a buyer sees (hidden ones only with their code), for other modules: the
// ticket widget's live availability (developer) reads them through here.
export { listTicketTypesForBuyer } from './ticket-types.service';

export interface TicketDeps {
  db: DbExecutor;
  clock: Clock;
  ticketKey: Buffer;
}

const ticketColumns = {
  ticket: tickets,
  priceCents: sql<number>`(select i.unit_price_cents from order_items i where i.id = ${tickets.orderItemId})`,
  currency: ticketTypes.currency,
  ticketTypeName: ticketTypes.name,
  holderName: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
  holderEmail: users.email,
  event: {
    id: events.id,
    title: events.title,
    startsAt: events.startsAt,
    endsAt: events.endsAt,
    timezone: events.timezone,
    location: events.location,
    isOnline: events.isOnline,
    coverImage: events.coverImage,
  },
};

async function selectTickets(db: DbExecutor, where: SQL | undefined, order: SQL[] = []) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(where)
    .orderBy(...order, asc(tickets.createdAt), asc(tickets.id));
}

type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

function presentTicket(key: Buffer, row: TicketRow): Ticket {
  return {
    id: row.ticket.id,
    orderId: row.ticket.orderId,
    status: row.ticket.status,
    code: ticketCode(key, row.ticket.id),
    checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
    ticketTypeName: row.ticketTypeName,
    priceCents: row.priceCents,
    currency: row.currency as Ticket['currency'],
    holderName: row.holderName,
    event: {
      ...row.event,
      startsAt: row.event.startsAt.toISOString(),
      endsAt: row.event.endsAt?.toISOString() ?? null,
    },
    createdAt: row.ticket.createdAt.toISOString(),
  };
}

/** The holder's tickets: upcoming events first (soonest first), then past ones. */
export async function listMyTickets(deps: TicketDeps, params: { actor: AuthUser }) {
  const now = deps.clock.now();
  const rows = await selectTickets(deps.db, eq(tickets.userId, params.actor.id), [
    sql`(coalesce(${events.endsAt}, ${events.startsAt}) < ${now})`,
    sql`case when coalesce(${events.endsAt}, ${events.startsAt}) >= ${now} then ${events.startsAt} end asc`,
    desc(events.startsAt),
  ]);
  return rows.map((row) => presentTicket(deps.ticketKey, row));
}

/** A ticket for its holder, the event's owner or an admin (checked in the query). */
export async function getTicket(deps: TicketDeps, params: { id: string; actor: AuthUser }) {
  const access = isAdmin(params.actor)
    ? undefined
    : sql`(${tickets.userId} = ${params.actor.id} or ${events.userId} = ${params.actor.id})`;
  const [row] = await selectTickets(deps.db, and(eq(tickets.id, params.id), access));
  if (!row) throw new AppError('NOT_FOUND', 'Ticket not found');
  return presentTicket(deps.ticketKey, row);
}

/**
 * Check-in by scanned or typed code: the first scan checks the ticket in, later ones say when
 * it already was (one guarded UPDATE decides, so two doors scanning at once cannot both admit).
 */
export async function checkIn(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser; code: string },
) {
  await lockManagedEvent(deps.db, params, { lock: false });
  const ticketId = verifyTicketCode(deps.ticketKey, params.code);
  if (!ticketId) throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
  const [admitted] = await deps.db
    .update(tickets)
    .set({ status: 'checked_in', checkedInAt: deps.clock.now(), checkedInBy: params.actor.id })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.eventId, params.eventId),
        eq(tickets.status, 'valid'),
      ),
    )
    .returning({ id: tickets.id });
  const [row] = await selectTickets(
    deps.db,
    and(eq(tickets.id, ticketId), eq(tickets.eventId, params.eventId)),
  );
  if (!row) throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
  if (row.ticket.status === 'void') throw new AppError('CONFLICT', TICKET_MESSAGES.ticketVoid);
  return {
    result: admitted ? ('checked_in' as const) : ('already_checked_in' as const),
    ticket: presentTicket(deps.ticketKey, row),
  };
}

export async function getSales(db: DbExecutor, eventId: string): Promise<Sales> {
  const { rows } = await db.execute<Sales>(sql`
    select e.total_tickets_sold as "totalTicketsSold", e.free_tickets_sold as "freeTicketsSold",
      e.paid_tickets_sold as "paidTicketsSold", e.signup_count as "signupCount",
      round(e.earnings * 100)::int as "earningsCents",
      (select count(*)::int from tickets t where t.event_id = e.id and t.status = 'checked_in') as "checkedIn",
      (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
        where i.event_id = e.id and o.status = 'pending') as "held"
    from events e where e.id = ${eventId}`);
  return must(rows[0], 'event sales');
}

export async function getEventSales(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false });
  return getSales(deps.db, params.eventId);
}

export async function listAttendees(
  deps: TicketDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false });
  const [rows, sales, eventOrders] = await Promise.all([
    selectTickets(deps.db, eq(tickets.eventId, params.eventId)),
    getSales(deps.db, params.eventId),
    loadOrders(
      deps.db,
      sql`exists (select 1 from order_items oi where oi.order_id = ${orders.id} and oi.event_id = ${params.eventId})
        and ${orders.status} <> 'pending'`,
      1000,
    ),
  ]);
  return {
    attendees: rows.map((row) => ({
      ticketId: row.ticket.id,
      orderId: row.ticket.orderId,
      holderName: row.holderName,
      email: row.holderEmail,
      ticketTypeName: row.ticketTypeName,
      status: row.ticket.status,
      checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
      purchasedAt: row.ticket.createdAt.toISOString(),
      paidCents: row.priceCents,
      currency: row.currency as Ticket['currency'],
    })),
    sales,
    orders: eventOrders,
  };
}

export function attendeesCsv(list: Awaited<ReturnType<typeof listAttendees>>['attendees']) {
  const header = [
    'Name',
    'Email',
    'Ticket',
    'Status',
    'Checked in at',
    'Purchased at',
    'Paid',
    'Currency',
    'Ticket id',
    'Order id',
  ];
  const lines = list.map((a) =>
    [
      a.holderName,
      a.email,
      a.ticketTypeName,
      a.status,
      a.checkedInAt,
      a.purchasedAt,
      (a.paidCents / 100).toFixed(2),
      a.currency,
      a.ticketId,
      a.orderId,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
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
  const people = await deps.db
    .selectDistinctOn([tickets.userId], {
      id: tickets.userId,
      name: sql<string>`coalesce(${profiles.fullName}, 'Guest')`,
      avatarUrl: profiles.avatarUrl,
    })
    .from(tickets)
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(and(eq(tickets.eventId, event.id), sql`${tickets.status} <> 'void'`))
    .orderBy(tickets.userId);
  return {
    visibility,
    count: people.length,
    attendees: visibility === 'list' ? people.sort((a, b) => a.name.localeCompare(b.name)) : [],
  };
}

/** Every ticket of one order (for the confirmation mail; no access check: internal use). */
export async function listOrderTickets(deps: TicketDeps, orderId: string) {
  const rows = await selectTickets(deps.db, eq(tickets.orderId, orderId));
  return rows.map((row) => ({
    ...presentTicket(deps.ticketKey, row),
    holderEmail: row.holderEmail,
  }));
}
