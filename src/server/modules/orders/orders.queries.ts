import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contracts/tickets';
import { prepared, type Database, type DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { orderItems, orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth/sessions';
import { seesEveryOrder } from './orders.policy';

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
