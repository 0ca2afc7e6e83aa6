import { msg } from '@lingui/core/macro';
import { randomUUID } from 'node:crypto';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { refundableCents } from './orders.policy';
import {
  insertRefund,
  lockOrderForRefund,
  lowerEarningsForRefund,
  markOrderRefunded,
  voidOrderTickets,
} from './orders.queries';
import { getOrder, type OrderDeps } from './order-deps';
import { returnProductStock } from './add-ons.queries';
import { announceOrderSettled } from './order-settled';
import { teamOwnerOf } from './team-orders';

/**
 * Full or partial refund through the provider. A full refund voids the tickets, puts their stock
 * (and its products') back on sale and takes them off the event's counters; a partial one only lowers earnings.
 * The provider call happens with the order locked and uses the refund row's id as its
 * idempotency key, so a retried request never refunds twice.
 */
export async function refundOrder(
  deps: OrderDeps,
  params: { id: string; actor: AuthUser; amountCents?: number; reason?: string },
) {
  await deps.db.transaction(async (tx) => {
    const team = async () => {
      const owner = await teamOwnerOf(tx, {
        orderId: params.id,
        actor: params.actor,
        permission: 'refunds',
        action: 'order.refund',
      });
      return owner ? lockOrderForRefund(tx, { id: params.id, actor: owner }) : undefined;
    };
    const order = (await lockOrderForRefund(tx, params)) ?? (await team());
    if (!order) throw new AppError('NOT_FOUND', msg`Order not found`);
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
    await insertRefund(tx, {
      id: refundId,
      orderId: order.id,
      amountCents: amount,
      reason: params.reason ?? null,
      providerRefundId,
      createdBy: params.actor.id,
      createdAt: now,
    });
    await markOrderRefunded(tx, {
      orderId: order.id,
      refundedCents: order.refundedCents + amount,
      status: isFull ? 'refunded' : 'partially_refunded',
      now,
    });
    if (order.kind !== 'tickets') return;
    await lowerEarningsForRefund(tx, {
      orderId: order.id,
      amountCents: amount,
      orderTotalCents: order.totalCents,
    });
    if (!isFull) return;
    await voidOrderTickets(tx, { orderId: order.id });
    await returnProductStock(tx, { orderId: order.id });
  });
  // The refund's credit note (a sweep catches a lost job).
  await announceOrderSettled(deps.jobs, params.id);
  return getOrder(deps, params);
}
