import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orders } from '../../db/schema/tickets';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { formatMoney } from '../../../contracts/money';
import { must } from '../../platform/must';

type EventTotals = {
  eventId: string;
  ownerId: string;
  title: string;
  freeQuantity: number;
  paidQuantity: number;
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

/**
 * Turns an order whose stock is held into a paid one inside the caller's transaction: one ticket
 * per unit, the events' sales counters (spec §3), and the in-app notifications of spec §4
 * (attendee: event_registration or ticket_purchase; organizer: ticket_sale). Callers hold the
 * order (a fresh insert or SELECT … FOR UPDATE) so this runs once per order.
 */
export async function fulfilOrder(
  tx: DbExecutor,
  params: { orderId: string; buyerId: string; paymentRef: string | null; now: Date },
): Promise<void> {
  const { orderId, now } = params;
  await markPaid(tx, orderId, params.paymentRef, now);
  await tx.execute(sql`
    insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id, created_at)
    select i.order_id, i.id, i.event_id, i.ticket_type_id, ${params.buyerId}, ${now}
    from order_items i cross join generate_series(1, i.quantity)
    where i.order_id = ${orderId}`);
  const { rows } = await tx.execute<EventTotals>(sql`
    with totals as (
      select i.event_id,
        coalesce(sum(i.quantity) filter (where i.unit_price_cents = 0), 0)::int as free_quantity,
        coalesce(sum(i.quantity) filter (where i.unit_price_cents > 0), 0)::int as paid_quantity,
        sum(i.unit_price_cents * i.quantity - i.discount_cents)::int as paid_cents
      from order_items i where i.order_id = ${orderId} group by i.event_id
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
      t.paid_cents as "paidCents"`);
  const [order] = (
    await tx.execute<{ currency: string; buyerName: string }>(sql`
      select o.currency, coalesce(p.full_name, u.email) as "buyerName"
      from orders o join users u on u.id = o.user_id left join profiles p on p.id = o.user_id
      where o.id = ${orderId}`)
  ).rows;
  await createNotifications(
    tx,
    rows.flatMap((event) => notificationsFor(event, params, must(order, 'order'))),
  );
}

function notificationsFor(
  event: EventTotals,
  params: { orderId: string; buyerId: string; now: Date },
  order: { currency: string; buyerName: string },
): NewNotification[] {
  const count = event.freeQuantity + event.paidQuantity;
  const tickets = count === 1 ? '1 ticket' : `${count} tickets`;
  const metadata = { event_title: event.title, order_id: params.orderId, quantity: count };
  const isRegistration = event.paidQuantity === 0;
  return [
    {
      userId: params.buyerId,
      type: isRegistration ? 'event_registration' : 'ticket_purchase',
      title: isRegistration ? 'Registration confirmed' : 'Tickets purchased',
      message: isRegistration
        ? `You're registered for ${event.title}.`
        : `You bought ${tickets} for ${event.title}.`,
      relatedId: event.eventId,
      relatedType: 'events',
      metadata,
      createdAt: params.now,
    },
    {
      userId: event.ownerId,
      type: 'ticket_sale',
      title: isRegistration ? 'New registration' : 'New ticket sale',
      message: isRegistration
        ? `${order.buyerName} registered for ${event.title}.`
        : `${order.buyerName} bought ${tickets} for ${event.title} (${formatMoney(event.paidCents, order.currency)}).`,
      relatedId: event.eventId,
      relatedType: 'events',
      metadata: { ...metadata, buyer_name: order.buyerName, amount_cents: event.paidCents },
      createdAt: params.now,
    },
  ];
}
