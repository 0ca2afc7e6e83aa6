import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { EventOrder, Sales } from '../../../contracts/tickets';
import type { BoxOfficeMethod } from '../../../contracts/box-office';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { discountCodes, orderItems, orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import { must } from '../../platform/must';
import { loadOrders } from '../orders/orders.queries';
import { DEFAULT_DURATION_MS } from '../events/events.service';
import { containsPattern } from '../../db/like-pattern';

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
type TicketTypeColumns = Omit<
  typeof ticketTypes.$inferInsert,
  'id' | 'eventId' | 'sortOrder' | 'quantity' | 'remaining' | 'createdAt' | 'updatedAt'
>;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Ticket types

/** An event's ticket types in the organizer's order (products have their own lists). */
export async function findTicketTypesOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, params.eventId), eq(ticketTypes.kind, 'admission')))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

/** Seats held by pending orders, per ticket type. */
export async function sumHeldByType(db: DbExecutor, params: { typeIds: string[] }) {
  return db
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.ticketTypeId, params.typeIds), eq(orders.status, 'pending')))
    .groupBy(orderItems.ticketTypeId);
}

/** The quantity an event's ticket types allocate, leaving one type out when given. */
export async function sumAllocatedQuantity(
  db: DbExecutor,
  params: { eventId: string; exceptId?: string },
) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ticketTypes.quantity}), 0)::int` })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, params.eventId),
        // Products admit no one, so they take none of the event's capacity (decision 051).
        eq(ticketTypes.kind, 'admission'),
        params.exceptId ? ne(ticketTypes.id, params.exceptId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/** A new ticket type, placed after the event's others. */
export async function insertTicketType(
  db: DbExecutor,
  params: {
    eventId: string;
    columns: TicketTypeColumns;
    quantity: number;
    remaining: number;
    now: Date;
  },
) {
  const [row] = await db
    .insert(ticketTypes)
    .values({
      ...params.columns,
      eventId: params.eventId,
      quantity: params.quantity,
      remaining: params.remaining,
      sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from ticket_types where event_id = ${params.eventId})`,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning();
  return row;
}

/** One ticket type, locked for the rest of the transaction (a product's variation is not one). */
export async function lockTicketTypeById(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, params.id), eq(ticketTypes.kind, 'admission')))
    .for('update');
  return row;
}

export async function updateTicketTypeById(
  db: DbExecutor,
  params: {
    id: string;
    columns: TicketTypeColumns;
    quantity: number;
    remaining: number;
    now: Date;
  },
) {
  const [row] = await db
    .update(ticketTypes)
    .set({
      ...params.columns,
      quantity: params.quantity,
      remaining: params.remaining,
      updatedAt: params.now,
    })
    .where(eq(ticketTypes.id, params.id))
    .returning();
  return row;
}

/** Whether any order (of any status) names the ticket type. */
export async function hasOrderItemsOfType(db: DbExecutor, params: { ticketTypeId: string }) {
  const [used] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.ticketTypeId, params.ticketTypeId))
    .limit(1);
  return Boolean(used);
}

export async function deleteTicketTypeById(db: DbExecutor, params: { id: string }) {
  await db.delete(ticketTypes).where(eq(ticketTypes.id, params.id));
}

/** "General admission" for a free event that has no ticket types yet (capacity or 100). */
export async function insertFreeAdmissionIfNone(db: DbExecutor, params: { eventId: string }) {
  await db.execute(sql`
    insert into ${ticketTypes} (event_id, name, price_cents, quantity, remaining, max_per_person)
    select e.id, 'General admission', 0, coalesce(e.capacity, 100), coalesce(e.capacity, 100), 1
    from ${events} e
    where e.id = ${params.eventId} and e.is_free
      and not exists (
        select 1 from ${ticketTypes} t where t.event_id = e.id and t.kind = 'admission'
      )`);
}

/** Serialises first registrations of one event until the transaction ends. */
export async function lockEventAdmission(db: DbExecutor, params: { eventId: string }) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`admission:${params.eventId}`}, 0))`,
  );
}

/** An event's free ticket types that are not hidden, in the organizer's order. */
export async function findVisibleFreeTicketTypes(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, params.eventId),
        eq(ticketTypes.priceCents, 0),
        eq(ticketTypes.isHidden, false),
        eq(ticketTypes.kind, 'admission'),
      ),
    )
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Discount codes

export async function findDiscountCodesOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.eventId, params.eventId))
    .orderBy(desc(discountCodes.createdAt));
}

/** The ticket type, only if it belongs to the event. */
export async function findTicketTypeIdOfEvent(
  db: DbExecutor,
  params: { id: string; eventId: string },
) {
  const [type] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, params.id), eq(ticketTypes.eventId, params.eventId)));
  return type;
}

/** The new code, or undefined when the event already has one with that text. */
export async function insertDiscountCode(
  db: DbExecutor,
  params: { values: typeof discountCodes.$inferInsert },
) {
  const [row] = await db
    .insert(discountCodes)
    .values(params.values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findDiscountCodeById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, params.id));
  return row;
}

export async function setDiscountCodeActiveById(
  db: DbExecutor,
  params: { id: string; isActive: boolean },
) {
  const [updated] = await db
    .update(discountCodes)
    .set({ isActive: params.isActive })
    .where(eq(discountCodes.id, params.id))
    .returning();
  return updated;
}

export async function deleteDiscountCodeById(db: DbExecutor, params: { id: string }) {
  await db.delete(discountCodes).where(eq(discountCodes.id, params.id));
}

// ---------------------------------------------------------------------------------------------
// Tickets

/**
 * What the buyer paid for a ticket: its line's gross (tax included, discount off) split over the
 * line's tickets in minor units, the remainder a unit each to the first tickets, so the tickets
 * of a line add up to exactly what the line was charged. One rule for the attendee list, the
 * ticket (its page and PDF) and the attendee export, given the ticket's columns as the caller's
 * query names them.
 */
export const ticketPaidCents = (ticket: { id: SQL; createdAt: SQL; orderItemId: SQL }) =>
  // The earlier tickets of the line are counted only when the cents do not split evenly, and
  // found through their order (tickets are indexed by order, not by line).
  sql<number>`coalesce((
    select g.gross / i.quantity + case
      when g.gross % i.quantity = 0 then 0
      when (
        select count(*) from tickets p
        where p.order_id = i.order_id and p.order_item_id = i.id
          and (p.created_at, p.id) < (${ticket.createdAt}, ${ticket.id})
      ) < g.gross % i.quantity then 1
      else 0 end
    from order_items i
    cross join lateral (select i.quantity * i.unit_price_cents - i.discount_cents
      + case when i.tax_added then i.tax_cents else 0 end as gross) g
    where i.id = ${ticket.orderItemId} and i.quantity > 0), 0)::int`;

const ticketColumns = {
  ticket: tickets,
  paidCents: ticketPaidCents({
    id: sql`${tickets.id}`,
    createdAt: sql`${tickets.createdAt}`,
    orderItemId: sql`${tickets.orderItemId}`,
  }),
  currency: ticketTypes.currency,
  ticketTypeName: ticketTypes.name,
  // The seat printed on it when the event is sold by seat (decision 072).
  seat: sql<string | null>`(select s.seat_id from event_seats s where s.ticket_id = ${tickets.id})`,
  holderName: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
  holderEmail: users.email,
  boxOfficeMethod: sql<BoxOfficeMethod | null>`(select b.method from box_office_sales b where b.order_id = ${tickets.orderId})`,
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

function selectTickets(db: DbExecutor, where: SQL | undefined, order: SQL[] = []) {
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

export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

/** The holder's tickets: upcoming events first (soonest first), then past ones. */
export async function findTicketsOfHolder(db: DbExecutor, params: { userId: string; now: Date }) {
  const { now } = params;
  // Over once its end, or a day after a start without one, has passed (events' `notEnded`).
  const end = sql`coalesce(${events.endsAt}, ${events.startsAt} + ${`${DEFAULT_DURATION_MS / 1000} seconds`}::interval)`;
  return selectTickets(db, eq(tickets.userId, params.userId), [
    sql`(${end} < ${now})`,
    sql`case when ${end} >= ${now} then ${events.startsAt} end asc`,
    desc(events.startsAt),
    // Among events at the same time, the latest purchase first: what someone just bought heads
    // the dashboard's short list.
    desc(tickets.createdAt),
  ]);
}

/**
 * One ticket, for its holder or the event's owner; `visibleTo: null` (an admin, as the policy
 * decides) reads any.
 */
export async function findTicketVisibleTo(
  db: DbExecutor,
  params: { id: string; visibleTo: string | null },
) {
  const access =
    params.visibleTo === null
      ? undefined
      : sql`(${tickets.userId} = ${params.visibleTo} or ${events.userId} = ${params.visibleTo})`;
  const [row] = await selectTickets(db, and(eq(tickets.id, params.id), access));
  return row;
}

/** Checks a valid ticket of the event in; undefined when it was not valid (one guarded UPDATE). */
export async function admitTicket(
  db: DbExecutor,
  params: { ticketId: string; eventId: string; at: Date; by: string; codeVersion?: number },
) {
  const [admitted] = await db
    .update(tickets)
    .set({ status: 'checked_in', checkedInAt: params.at, checkedInBy: params.by })
    .where(
      and(
        eq(tickets.id, params.ticketId),
        eq(tickets.eventId, params.eventId),
        eq(tickets.status, 'valid'),
        // A transfer committed since the code was read makes that code stale (decision 055).
        params.codeVersion === undefined ? undefined : eq(tickets.codeVersion, params.codeVersion),
        params.codeVersion === undefined ? undefined : eq(tickets.transferPending, false),
      ),
    )
    .returning({ id: tickets.id });
  return admitted;
}

/**
 * The name of a seat's section in the plan version the event sells on ("Stalls" for
 * A-Row C-12), for the door's seat line; null when the event has no plan or no such section.
 */
export async function findSeatSectionName(
  db: DbExecutor,
  params: { eventId: string; seatId: string },
): Promise<string | null> {
  const result = await db.execute<{ name: string }>(sql`
    select s.section->>'name' as name
    from event_seating es
    join seating_plan_versions v on v.plan_id = es.plan_id and v.version = es.version
    cross join lateral jsonb_array_elements(v.data->'sections') as s(section)
    where es.event_id = ${params.eventId}
      and s.section->>'id' = split_part(${params.seatId}, '-', 1)
    limit 1`);
  return result.rows[0]?.name ?? null;
}

export async function findTicketOfEvent(
  db: DbExecutor,
  params: { ticketId: string; eventId: string },
) {
  const [row] = await selectTickets(
    db,
    and(eq(tickets.id, params.ticketId), eq(tickets.eventId, params.eventId)),
  );
  return row;
}

/**
 * One page of the event's tickets, in purchase order, and how many match: `q` finds a holder by
 * name or email, or a ticket type by name.
 */
export async function findTicketPageOfEvent(
  db: DbExecutor,
  params: { eventId: string; q: string; limit: number; offset: number },
) {
  const pattern = params.q ? containsPattern(params.q) : null;
  const where = and(
    eq(tickets.eventId, params.eventId),
    pattern
      ? sql`(${profiles.fullName} ilike ${pattern} or ${users.email} ilike ${pattern} or ${ticketTypes.name} ilike ${pattern})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    selectTickets(db, where).limit(params.limit).offset(params.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .innerJoin(users, eq(users.id, tickets.userId))
      .leftJoin(profiles, eq(profiles.id, tickets.userId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findTicketsOfOrder(db: DbExecutor, params: { orderId: string }) {
  return selectTickets(db, eq(tickets.orderId, params.orderId));
}

/** The event's sales counters, check-ins and seats held by pending orders. */
export async function findEventSales(db: DbExecutor, params: { eventId: string }): Promise<Sales> {
  const { rows } = await db.execute<Sales>(sql`
    select e.total_tickets_sold as "totalTicketsSold", e.free_tickets_sold as "freeTicketsSold",
      e.paid_tickets_sold as "paidTicketsSold", e.signup_count as "signupCount",
      round(e.earnings * 100)::int as "earningsCents",
      (select count(*)::int from tickets t where t.event_id = e.id and t.status = 'checked_in') as "checkedIn",
      (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
        where i.event_id = e.id and o.status = 'pending') as "held"
    from events e where e.id = ${params.eventId}`);
  return must(rows[0], 'event sales');
}

/**
 * One page of the event's orders past pending (paid, refunded, …), newest first, and how many
 * match: `q` finds a buyer by name or email.
 */
export async function findSettledOrderPageOfEvent(
  db: DbExecutor,
  params: { eventId: string; q: string; limit: number; offset: number },
) {
  const pattern = params.q ? containsPattern(params.q) : null;
  const where = and(
    sql`exists (select 1 from order_items oi where oi.order_id = ${orders.id} and oi.event_id = ${params.eventId})`,
    ne(orders.status, 'pending'),
    pattern
      ? sql`(${users.email} ilike ${pattern} or ${profiles.fullName} ilike ${pattern})`
      : undefined,
  );
  const matching = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .where(where);
  const [page, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        taxCents: orders.taxCents,
        pricesIncludeTax: orders.pricesIncludeTax,
        reverseCharge: orders.reverseCharge,
        boxOfficeMethod: sql<BoxOfficeMethod | null>`(select b.method from box_office_sales b where b.order_id = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(matching().as('matching')),
  ]);
  const ids = page.map((row) => row.id);
  const loaded = ids.length ? await loadOrders(db, inArray(orders.id, ids), ids.length) : [];
  // In the page's order (orders made in the same instant keep their place from page to page).
  const byId = new Map(loaded.map((order) => [order.id, order]));
  return {
    // The tax as the paid order's row holds it: settled orders only, so never a pending one's
    // not yet written.
    orders: page.flatMap(({ id, ...tax }): EventOrder[] => {
      const order = byId.get(id);
      return order ? [{ ...order, ...tax, netCents: order.totalCents - tax.taxCents }] : [];
    }),
    total: count?.n ?? 0,
  };
}

/** Each person holding a ticket of the event that is not void, once. */
export async function findAttendingPeople(db: DbExecutor, params: { eventId: string }) {
  return db
    .selectDistinctOn([tickets.userId], {
      id: tickets.userId,
      name: sql<string>`coalesce(${profiles.fullName}, 'Guest')`,
      avatarUrl: profiles.avatarUrl,
    })
    .from(tickets)
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(and(eq(tickets.eventId, params.eventId), sql`${tickets.status} <> 'void'`))
    .orderBy(tickets.userId);
}

/**
 * The languages chosen by the accounts of these addresses (lower-cased address → language):
 * what mail to them is written in. An address without an account or a choice is missing.
 */
export async function findLanguagesOfEmails(
  db: DbExecutor,
  emails: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, language: users.language })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  return new Map(rows.flatMap((row) => (row.language ? [[row.email, row.language]] : [])));
}

/** Each of these tickets' current code version, for tickets of the event. */
export async function findCodeVersions(
  db: DbExecutor,
  params: { eventId: string; ticketIds: readonly string[] },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: tickets.id, codeVersion: tickets.codeVersion })
    .from(tickets)
    .where(and(eq(tickets.eventId, params.eventId), inArray(tickets.id, [...params.ticketIds])));
  return new Map(rows.map((row) => [row.id, row.codeVersion]));
}
