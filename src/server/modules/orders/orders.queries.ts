import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contracts/tickets';
import type { AnswerValue } from '../../../contracts/questions';
import { prepared, type Database, type DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import {
  discountCodes,
  orderItems,
  orders,
  refunds,
  tickets,
  ticketTypes,
} from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth/sessions';
import { givePoolStockBack } from './holds.queries';
import { refundsEveryOrder, seesEveryOrder } from './orders.policy';
import { presentOrder, type PresentableItem } from './orders.presenter';

export type OrderRow = typeof orders.$inferSelect;

/** Who may see an order: its buyer, an admin, or the owner of an event it has tickets for. */
export function orderVisibleTo(actor: AuthUser): SQL {
  if (seesEveryOrder(actor)) return sql`true`;
  return sql`(${orders.userId} = ${actor.id} or exists (
    select 1 from order_items vi join events ve on ve.id = vi.event_id
    where vi.order_id = ${orders.id} and ve.user_id = ${actor.id}))`;
}

/** Orders matching `where`, newest first, with lines, tickets and buyer: the API's Order. */
export async function loadOrders(db: DbExecutor, where: SQL, limit = 100): Promise<Order[]> {
  const rows = await db
    .select({
      order: orders,
      buyerEmail: users.email,
      buyerName: profiles.fullName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.order.id);
  const [items, issued] = await Promise.all([
    db
      .select({
        item: orderItems,
        eventTitle: events.title,
        ticketTypeName: ticketTypes.name,
        kind: ticketTypes.kind,
      })
      .from(orderItems)
      .innerJoin(events, eq(events.id, orderItems.eventId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
      .where(inArray(orderItems.orderId, ids))
      // The order the lines were written in (sorted by ticket type, the lock order): ids are
      // random, so sorting by id alone showed an order's lines in a different order each time.
      .orderBy(asc(orderItems.ticketTypeId), asc(orderItems.id)),
    db
      .select({
        id: tickets.id,
        orderId: tickets.orderId,
        eventId: tickets.eventId,
        status: tickets.status,
        ticketTypeName: ticketTypes.name,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .where(inArray(tickets.orderId, ids))
      .orderBy(asc(tickets.createdAt), asc(tickets.id)),
  ]);
  return rows.map(({ order, buyerEmail, buyerName }) =>
    presentOrder(order, {
      buyer: { id: order.userId, name: buyerName ?? buyerEmail, email: buyerEmail },
      items: items
        .filter((i) => i.item.orderId === order.id)
        .map(({ item, ...named }) => ({ ...item, ...named })),
      tickets: issued.filter((t) => t.orderId === order.id),
    }),
  );
}

export type HoldResult =
  /** The general path must decide (and word) this order: see migration 0011_order_hold_batch. */
  | { status: 'slow' }
  /** The idempotency key already has an order. */
  | { status: 'replay' }
  /**
   * Not enough stock for these lines, or (`pool`, with no lines) for a capacity pool they share;
   * `expirable`: due holds of these types could give some back.
   */
  | {
      status: 'short';
      lines: { ticketTypeId: string; remaining: number }[];
      pool?: { poolId: string; remaining: number };
      expirable: boolean;
    }
  | {
      status: 'created';
      orderId: string;
      currency: string;
      subtotalCents: number;
      /** In the order of the lines given; no discounts on this path. */
      items: Omit<PresentableItem, 'discountCents' | 'kind'>[];
    }
  /** A probe's order would have been held (nothing was taken). */
  | { status: 'fits' };

export interface HoldRequest {
  userId: string;
  /** Merged and sorted by ticket type id. */
  lines: { ticketTypeId: string; quantity: number }[];
  /** The seats of these lines were taken by the seat checkout (types sold by seat pass). */
  seated?: boolean;
  /** The seats the seat checkout claimed for this order: a created order is written into them. */
  seats?: { eventId: string; seatIds: string[] };
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
  reservedUntil: Date;
  /**
   * The local provider's checkout page, written with the order (its id; what it shows is drawn
   * from the order when opened); null for a remote provider.
   */
  session: { id: string; url: string } | null;
  /**
   * The buyer's checked answers, written with the order when it is created: `[questionId,
   * ticketTypeId (null for the order's own), ordinal, value]`, arrays rather than objects to keep
   * a batch of 50-answer orders small.
   */
  answers?: [string, string | null, number, AnswerValue][];
  /** Only ask whether the order would be held: decided like the others, nothing taken. */
  probe?: boolean;
}

/**
 * Decides a batch of holds in one statement and one round trip: the database function
 * `order_hold_batch` (migration 0011) checks each order, takes its stock with guarded UPDATEs and
 * writes the order, its items and the local checkout session; one result per request, in order.
 * Outside a transaction only: it commits asynchronously.
 */
export async function holdOrders(
  db: Database,
  provider: string,
  requests: HoldRequest[],
): Promise<HoldResult[]> {
  const [row] = await prepared<{ results: HoldResult[] }>(
    db,
    sql`select order_hold_batch(${provider}, ${JSON.stringify(requests)}::jsonb) as results`,
  );
  return row?.results ?? [];
}

// --- Refunds (refunds.service) ---

/** Event owners refund orders for their events; admins refund anything (orders.policy). */
const refundableBy = (actor: AuthUser): SQL =>
  refundsEveryOrder(actor)
    ? sql`true`
    : sql`${orders.kind} = 'tickets' and exists (
        select 1 from order_items ri join events re on re.id = ri.event_id
        where ri.order_id = ${orders.id} and re.user_id = ${actor.id})`;

/** The order the actor may refund, locked for the refund's transaction. */
export async function lockOrderForRefund(
  db: DbExecutor,
  params: { id: string; actor: AuthUser },
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, params.id), refundableBy(params.actor)))
    .for('update');
  return order;
}

export async function insertRefund(db: DbExecutor, row: typeof refunds.$inferInsert) {
  await db.insert(refunds).values(row);
}

export async function markOrderRefunded(
  db: DbExecutor,
  params: {
    orderId: string;
    refundedCents: number;
    status: 'refunded' | 'partially_refunded';
    now: Date;
  },
) {
  await db
    .update(orders)
    .set({ refundedCents: params.refundedCents, status: params.status, updatedAt: params.now })
    .where(eq(orders.id, params.orderId));
}

/** Earnings drop by the refunded share of each event's lines. */
export async function lowerEarningsForRefund(
  db: DbExecutor,
  params: { orderId: string; amountCents: number; orderTotalCents: number },
) {
  await db.execute(sql`
      with lines as (
        select i.event_id, sum(i.unit_price_cents * i.quantity - i.discount_cents)::numeric as cents
        from order_items i where i.order_id = ${params.orderId} group by i.event_id
      )
      update events e set earnings = greatest(0, e.earnings - (${params.amountCents}::numeric * l.cents / ${params.orderTotalCents}) / 100.0)
      from lines l where e.id = l.event_id`);
}

/**
 * Voids the order's tickets and gives their stock and counters back. Only tickets not yet void
 * count, so stock and counters go back once. A free ticket in a paid order (a child's place
 * beside adults) comes off the free count, as fulfilment put it there.
 */
export async function voidOrderTickets(db: DbExecutor, params: { orderId: string }) {
  const { rows } = await db.execute<{ types: { ticketTypeId: string; quantity: number }[] }>(sql`
      with voided as (
        update tickets set status = 'void' where order_id = ${params.orderId} and status <> 'void'
        returning ticket_type_id, event_id, order_item_id
      ), per_type as (
        update ticket_types t set remaining = least(t.quantity, t.remaining + v.n)
        from (select ticket_type_id, count(*)::int n from voided group by ticket_type_id) v
        where t.id = v.ticket_type_id returning t.id, v.n
      ), counters as (
        update events e set
          total_tickets_sold = greatest(0, e.total_tickets_sold - v.n),
          free_tickets_sold = greatest(0, e.free_tickets_sold - v.free),
          paid_tickets_sold = greatest(0, e.paid_tickets_sold - (v.n - v.free))
        from (
          select d.event_id, count(*)::int n, count(*) filter (where i.unit_price_cents = 0)::int free
          from voided d join order_items i on i.id = d.order_item_id group by d.event_id
        ) v
        where e.id = v.event_id returning e.id
      )
      select coalesce(json_agg(json_build_object('ticketTypeId', p.id, 'quantity', p.n)), '[]') as types
      from per_type p`);
  // The capacity pools of these types, after the types (decision 052).
  const back = rows[0]?.types ?? [];
  if (back.length) await givePoolStockBack(db, back);
}

// --- Checkout of ticket orders (orders.service) ---

export type TypeRow = typeof ticketTypes.$inferSelect & {
  eventTitle: string;
  eventStatus: string;
  eventEndsAt: Date | null;
  eventStartsAt: Date;
};

/** Ticket types by id with what the order rules need of their events. */
export async function loadTypes(db: DbExecutor, ids: string[]): Promise<Map<string, TypeRow>> {
  const rows = await db
    .select({
      type: ticketTypes,
      eventTitle: events.title,
      eventStatus: events.eventStatus,
      eventEndsAt: events.endsAt,
      eventStartsAt: events.startsAt,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(inArray(ticketTypes.id, ids));
  return new Map(rows.map(({ type, ...event }) => [type.id, { ...type, ...event }]));
}

/** A discount code of one of these events, matched without regard to case. */
export async function findDiscountCode(
  db: DbExecutor,
  params: { eventIds: string[]; code: string },
) {
  return (
    await db
      .select()
      .from(discountCodes)
      .where(
        and(
          inArray(discountCodes.eventId, params.eventIds),
          sql`upper(${discountCodes.code}) = upper(${params.code})`,
        ),
      )
      .limit(1)
  )[0];
}

/** The buyer's order made with this Idempotency-Key. */
export async function findOrderByIdempotencyKey(
  db: DbExecutor,
  params: { userId: string; key: string },
) {
  const [existing] = await db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, params.userId), eq(orders.idempotencyKey, params.key)));
  return existing;
}

/** Takes `quantity` from one ticket type if that much is left (a guarded UPDATE); true if taken. */
export async function takeTicketStock(
  db: DbExecutor,
  params: { ticketTypeId: string; quantity: number },
): Promise<boolean> {
  const taken = await db
    .update(ticketTypes)
    .set({ remaining: sql`${ticketTypes.remaining} - ${params.quantity}` })
    .where(
      and(
        eq(ticketTypes.id, params.ticketTypeId),
        sql`${ticketTypes.remaining} >= ${params.quantity}`,
        // Stock that returns while people wait for it is the waiting list's (decision 054).
        sql`not exists (select 1 from waitlist_entries w where w.ticket_type_id = ${params.ticketTypeId} and w.status = 'waiting')`,
      ),
    )
    .returning({ id: ticketTypes.id });
  return taken.length > 0;
}

export async function findRemaining(
  db: DbExecutor,
  params: { ticketTypeId: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({
      // While people wait, what is on the shelf is theirs: a buyer outside the list reads 0.
      remaining: sql<number>`case when exists (select 1 from waitlist_entries w where w.ticket_type_id = ${params.ticketTypeId} and w.status = 'waiting') then 0 else ${ticketTypes.remaining} end`,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, params.ticketTypeId));
  return row?.remaining;
}

/** Serializes one person's orders for one ticket type until the transaction ends. */
export async function lockPersonTicketType(
  db: DbExecutor,
  params: { userId: string; ticketTypeId: string },
) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${params.userId}:${params.ticketTypeId}`}, 0))`,
  );
}

/** Tickets of one type a person holds or has pending, as counted by the per-person limit. */
export async function countHeldByPerson(
  db: DbExecutor,
  params: { userId: string; ticketTypeId: string },
): Promise<{ held: number } | undefined> {
  const { rows } = await db.execute<{ held: number }>(sql`
      select coalesce(sum(i.quantity), 0)::int as held
      from order_items i join orders o on o.id = i.order_id
      where o.user_id = ${params.userId} and i.ticket_type_id = ${params.ticketTypeId}
        and o.status in ('pending', 'paid', 'partially_refunded')`);
  return rows[0];
}

/**
 * A hold is soft state until paid: committing it without waiting for the WAL flush releases the
 * contended stock row sooner (see createOrder).
 */
export async function commitWithoutWaitingForFlush(db: DbExecutor) {
  await db.execute(sql`set local synchronous_commit = off`);
}

/** Undefined when another order has this Idempotency-Key already. */
export async function insertTicketOrder(
  db: DbExecutor,
  values: Omit<typeof orders.$inferInsert, 'kind'>,
): Promise<OrderRow | undefined> {
  const [created] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  return created;
}

export async function insertOrderItems(db: DbExecutor, values: (typeof orderItems.$inferInsert)[]) {
  return db.insert(orderItems).values(values).returning();
}

/** Counts one use of a code if its limit allows; false when it is used up. */
export async function useDiscountCode(db: DbExecutor, params: { id: string }): Promise<boolean> {
  const used = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, params.id),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return used.length > 0;
}

// --- Reading and cancelling orders (orders.service) ---

/** One order, if the actor may see it. */
export async function findVisibleOrder(
  db: DbExecutor,
  params: { id: string; actor: AuthUser },
): Promise<Order | undefined> {
  const [order] = await loadOrders(
    db,
    sql`${eq(orders.id, params.id)} and ${orderVisibleTo(params.actor)}`,
  );
  return order;
}

export async function listOrders(
  db: DbExecutor,
  params: { status?: Order['status']; limit: number },
) {
  return loadOrders(db, params.status ? eq(orders.status, params.status) : sql`true`, params.limit);
}

export async function listOrdersOfBuyer(db: DbExecutor, params: { userId: string }) {
  return loadOrders(db, eq(orders.userId, params.userId));
}

/** The buyer's own order (another's reads as missing). */
export async function findOwnOrderStatus(db: DbExecutor, params: { id: string; userId: string }) {
  const [own] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, params.id), eq(orders.userId, params.userId)));
  return own;
}

export async function findOrderPayments(db: DbExecutor, params: { ids: string[] }) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(inArray(orders.id, params.ids));
}

/** The lines of these orders with what each brought in after discount. */
export async function findOrderLineRevenue(db: DbExecutor, params: { ids: string[] }) {
  return db
    .select({
      orderId: orderItems.orderId,
      eventId: orderItems.eventId,
      quantity: orderItems.quantity,
      revenueCents: sql<number>`(${orderItems.unitPriceCents} * ${orderItems.quantity} - ${orderItems.discountCents})::int`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, params.ids));
}

/** The events a ticket order has lines for, with their owners (one, for a ticket order). */
export async function findOrderEventOwners(db: DbExecutor, params: { orderId: string }) {
  return db
    .selectDistinct({ eventId: events.id, ownerId: events.userId })
    .from(orderItems)
    .innerJoin(events, eq(events.id, orderItems.eventId))
    .where(eq(orderItems.orderId, params.orderId));
}
