import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contracts/tickets';
import { prepared, type Database, type DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { orderItems, orders, refunds, tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth/sessions';
import { refundsEveryOrder, seesEveryOrder } from './orders.policy';

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
      })
      .from(orderItems)
      .innerJoin(events, eq(events.id, orderItems.eventId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
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
        .map(({ item, eventTitle, ticketTypeName }) => ({ ...item, eventTitle, ticketTypeName })),
      tickets: issued.filter((t) => t.orderId === order.id),
    }),
  );
}

export interface PresentableItem {
  id: string;
  eventId: string;
  eventTitle: string;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
}

export function presentOrder(
  order: OrderRow,
  parts: {
    buyer: Order['buyer'];
    items: PresentableItem[];
    tickets: Order['tickets'];
  },
): Order {
  const pending = order.status === 'pending';
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    currency: order.currency as Order['currency'],
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    discountCode: order.discountCode,
    reservedUntil: pending ? (order.reservedUntil?.toISOString() ?? null) : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    buyer: parts.buyer,
    items: parts.items.map((item) => ({
      id: item.id,
      eventId: item.eventId,
      eventTitle: item.eventTitle,
      ticketTypeId: item.ticketTypeId,
      ticketTypeName: item.ticketTypeName,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      totalCents: item.unitPriceCents * item.quantity - item.discountCents,
    })),
    tickets: parts.tickets.map((t) => ({
      id: t.id,
      eventId: t.eventId,
      ticketTypeName: t.ticketTypeName,
      status: t.status,
    })),
    checkoutUrl: pending && order.totalCents > 0 ? order.checkoutUrl : null,
    paymentSessionId: order.paymentSessionId,
  };
}

export type HoldResult =
  /** The general path must decide (and word) this order: see migration 0011_order_hold_batch. */
  | { status: 'slow' }
  /** The idempotency key already has an order. */
  | { status: 'replay' }
  /** Not enough stock for these lines; `expirable`: due holds of these types could give some back. */
  | {
      status: 'short';
      lines: { ticketTypeId: string; remaining: number }[];
      expirable: boolean;
    }
  | {
      status: 'created';
      orderId: string;
      currency: string;
      subtotalCents: number;
      /** In the order of the lines given; no discounts on this path. */
      items: Omit<PresentableItem, 'discountCents'>[];
    };

export interface HoldRequest {
  userId: string;
  /** Merged and sorted by ticket type id. */
  lines: { ticketTypeId: string; quantity: number }[];
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
  reservedUntil: Date;
  /** The local provider's checkout session, written with the order; null for a remote provider. */
  session: {
    id: string;
    url: string;
    successUrl: string;
    cancelUrl: string;
    /** With `{EVENT_ID}` where the order's one event goes. */
    cancelUrlOneEvent: string;
  } | null;
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
 * count, so stock and counters go back once.
 */
export async function voidOrderTickets(db: DbExecutor, params: { orderId: string }) {
  await db.execute(sql`
      with voided as (
        update tickets set status = 'void' where order_id = ${params.orderId} and status <> 'void'
        returning ticket_type_id, event_id
      ), per_type as (
        update ticket_types t set remaining = least(t.quantity, t.remaining + v.n)
        from (select ticket_type_id, count(*)::int n from voided group by ticket_type_id) v
        where t.id = v.ticket_type_id returning t.id
      )
      update events e set
        total_tickets_sold = greatest(0, e.total_tickets_sold - v.n),
        paid_tickets_sold = greatest(0, e.paid_tickets_sold - v.n)
      from (select event_id, count(*)::int n from voided group by event_id) v
      where e.id = v.event_id`);
}
