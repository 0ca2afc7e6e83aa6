import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orders } from '../../db/schema/tickets';

// The statements that turn a held order into a paid one (fulfilment.ts runs them in order).

/** What one paid order added to one event's sales counters. */
export type EventTotals = {
  eventId: string;
  ownerId: string;
  title: string;
  freeQuantity: number;
  paidQuantity: number;
  /** Units of products (decision 051): no tickets, but part of the sale. */
  productQuantity: number;
  paidCents: number;
};

/** The order's own state; ticket orders also need fulfilOrder's tickets and counters. */
export async function markPaid(
  tx: DbExecutor,
  orderId: string,
  paymentRef: string | null,
  now: Date,
) {
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, paymentRef, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** One ticket per unit of every admission line of the order (products admit no one). */
export async function insertOrderTickets(
  tx: DbExecutor,
  params: { orderId: string; buyerId: string; now: Date },
) {
  await tx.execute(sql`
    insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id, created_at)
    select i.order_id, i.id, i.event_id, i.ticket_type_id, ${params.buyerId}, ${params.now}
    from order_items i join ticket_types tt on tt.id = i.ticket_type_id and tt.kind = 'admission'
    cross join generate_series(1, i.quantity)
    where i.order_id = ${params.orderId}`);
}

/** Prints the order's seats on its tickets (db/functions/seat_tickets.sql); none: nothing. */
export async function seatTickets(tx: DbExecutor, params: { orderId: string }) {
  await tx.execute(sql`select seat_tickets(${params.orderId}::uuid)`);
}

/**
 * Adds the order's lines to their events' sales counters (spec §3); one row per event. Products
 * count in earnings, not as tickets sold.
 */
export async function addSalesToEvents(tx: DbExecutor, params: { orderId: string }) {
  const { rows } = await tx.execute<EventTotals>(sql`
    with totals as (
      select i.event_id,
        coalesce(sum(i.quantity) filter (where i.unit_price_cents = 0 and tt.kind = 'admission'), 0)::int as free_quantity,
        coalesce(sum(i.quantity) filter (where i.unit_price_cents > 0 and tt.kind = 'admission'), 0)::int as paid_quantity,
        coalesce(sum(i.quantity) filter (where tt.kind = 'product'), 0)::int as product_quantity,
        sum(i.unit_price_cents * i.quantity - i.discount_cents)::int as paid_cents
      from order_items i join ticket_types tt on tt.id = i.ticket_type_id
      where i.order_id = ${params.orderId} group by i.event_id
    )
    update events e set
      total_tickets_sold = e.total_tickets_sold + t.free_quantity + t.paid_quantity,
      free_tickets_sold = e.free_tickets_sold + t.free_quantity,
      paid_tickets_sold = e.paid_tickets_sold + t.paid_quantity,
      signup_count = e.signup_count + (case when t.free_quantity > 0 then 1 else 0 end),
      earnings = e.earnings + t.paid_cents / 100.0
    from totals t where e.id = t.event_id
    returning e.id as "eventId", e.user_id as "ownerId", e.title,
      t.free_quantity as "freeQuantity", t.paid_quantity as "paidQuantity",
      t.product_quantity as "productQuantity", t.paid_cents as "paidCents"`);
  return rows;
}

/** The order's currency and the buyer's name as the organizer's notification shows it. */
export async function orderCurrencyAndBuyer(tx: DbExecutor, params: { orderId: string }) {
  const { rows } = await tx.execute<{ currency: string; buyerName: string }>(sql`
    select o.currency, coalesce(p.full_name, u.email) as "buyerName"
    from orders o join users u on u.id = o.user_id left join profiles p on p.id = o.user_id
    where o.id = ${params.orderId}`);
  return rows[0];
}
