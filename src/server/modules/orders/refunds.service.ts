import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import { orders, refunds } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { refundableCents, refundsEveryOrder } from './orders.policy';
import { getOrder, type OrderDeps } from './orders.service';

/** Event owners refund orders for their events; admins refund anything (orders.policy). */
const refundableBy = (actor: AuthUser) =>
  refundsEveryOrder(actor)
    ? sql`true`
    : sql`${orders.kind} = 'tickets' and exists (
        select 1 from order_items ri join events re on re.id = ri.event_id
        where ri.order_id = ${orders.id} and re.user_id = ${actor.id})`;

/**
 * Full or partial refund through the provider. A full refund voids the tickets, puts their stock
 * back on sale and takes them off the event's counters; a partial one only lowers earnings.
 * The provider call happens with the order locked and uses the refund row's id as its
 * idempotency key, so a retried request never refunds twice.
 */
export async function refundOrder(
  deps: OrderDeps,
  params: { id: string; actor: AuthUser; amountCents?: number; reason?: string },
) {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, params.id), refundableBy(params.actor)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const left = refundableCents(order);
    if (left === null) throw new AppError('CONFLICT', TICKET_MESSAGES.refundNothing);
    const amount = params.amountCents ?? left;
    if (amount > left)
      throw new AppError('VALIDATION_FAILED', TICKET_MESSAGES.refundTooMuch, {
        fields: [{ field: 'body.amountCents', message: TICKET_MESSAGES.refundTooMuch }],
      });
    const now = deps.clock.now();
    const isFull = amount === left;
    const refundId = randomUUID();
    const { id: providerRefundId } = await deps.payments.refund({
      paymentRef: order.paymentRef ?? '',
      amountCents: amount,
      idempotencyKey: `refund:${refundId}`,
    });
    await tx.insert(refunds).values({
      id: refundId,
      orderId: order.id,
      amountCents: amount,
      reason: params.reason ?? null,
      providerRefundId,
      createdBy: params.actor.id,
      createdAt: now,
    });
    await tx
      .update(orders)
      .set({
        refundedCents: order.refundedCents + amount,
        status: isFull ? 'refunded' : 'partially_refunded',
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    if (order.kind !== 'tickets') return;
    // Earnings drop by the refunded share of each event's lines.
    await tx.execute(sql`
      with lines as (
        select i.event_id, sum(i.unit_price_cents * i.quantity - i.discount_cents)::numeric as cents
        from order_items i where i.order_id = ${order.id} group by i.event_id
      )
      update events e set earnings = greatest(0, e.earnings - (${amount}::numeric * l.cents / ${order.totalCents}) / 100.0)
      from lines l where e.id = l.event_id`);
    if (!isFull) return;
    // Only tickets not yet void count: stock and counters go back once.
    await tx.execute(sql`
      with voided as (
        update tickets set status = 'void' where order_id = ${order.id} and status <> 'void'
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
  });
  return getOrder(deps, params);
}
