import { msg } from '@lingui/core/macro';
import type { Database, DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { Clock } from '../../platform/clock';
import type {
  PaymentEvent,
  PaymentProvider,
  ProviderSubscriptionEvent,
} from '../../platform/payments/provider';
import { fulfilOrder } from '../orders/fulfilment';
import { markPaid } from '../orders/fulfilment.queries';
import { expirePendingOrder, takePoolsFor } from '../orders/holds.queries';
import { createNotifications } from '../notifications/notifications.service';
import { must } from '../../platform/must';
import {
  boughtSeats,
  findOwedRefunds,
  insertOwedRefund,
  lockOrder,
  markOrderRefundedStockGone,
  orderLinesByType,
  recordPaymentEvent,
  retakeDiscountUse,
  seatsGone,
  setOrderMetadata,
  setOwedRefundProviderId,
  takeStock,
} from './payments.queries';

export interface WebhookDeps {
  db: Database;
  clock: Clock;
  payments: PaymentProvider;
  /** After a ticket order is paid (mail with the tickets). */
  onFulfilled?: (orderId: string) => Promise<void>;
  /** Fulfilment of other order kinds (plans, vendor fees) registered by their modules. */
  fulfilOther?: (tx: DbExecutor, order: typeof orders.$inferSelect) => Promise<void>;
  /**
   * Stripe Billing's subscription events, applied by the module that registered the hook (the
   * subscriptions module's manifest) in the webhook's transaction; none: ignored.
   */
  subscriptionEvent?: SubscriptionEventHook;
}

export type LateRefund = {
  orderId: string;
  userId: string;
  paymentRef: string;
  amountCents: number;
};

export type SubscriptionEventHook = (
  tx: DbExecutor,
  params: {
    event: ProviderSubscriptionEvent;
    created: number;
    now: Date;
    /** A charge recorded as a paid order: confirmed (and invoiced) after the commit. */
    charged?: (orderId: string) => void;
  },
) => Promise<'subscription_applied' | 'subscription_stale' | 'ignored'>;

export type WebhookOutcome =
  | 'duplicate'
  | 'ignored'
  | 'paid'
  | 'already_settled'
  | 'refunded_stock_gone'
  | 'failed_noted'
  | 'expired'
  | 'subscription_applied'
  | 'subscription_stale';

/**
 * Verifies and applies one provider event exactly once. The event id is inserted into
 * payment_events in the same transaction as its effect, so duplicates (even ten at once) meet
 * the unique index and change nothing; an event that arrives late never moves an order back.
 */
export async function handleWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  return applyPaymentEvent(deps, deps.payments.parseWebhook(rawBody, headers));
}

/**
 * Applies one verified event exactly once. `alongside` runs first in the same transaction (the
 * local checkout marks its session paid there, so a charge and its tickets or refund commit
 * together); when it returns false nothing is applied. A late payment's refund is
 * recorded as owed in the transaction and asked of the provider after the commit; if that call
 * does not happen, the reconciliation job makes it (payment-jobs.ts).
 */
export async function applyPaymentEvent(
  deps: WebhookDeps,
  event: PaymentEvent,
  alongside?: (tx: DbExecutor) => Promise<boolean>,
): Promise<WebhookOutcome> {
  let lateRefund: LateRefund | null = null;
  let charged: string | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (alongside && !(await alongside(tx))) return 'duplicate';
    const fresh = await recordPaymentEvent(tx, {
      provider: deps.payments.name,
      eventId: event.id,
      kind: event.kind,
      orderId: event.orderId,
    });
    if (!fresh) return 'duplicate';
    // Stripe Billing: invoices and state changes of a subscription, applied to its row by the
    // subscriptions module in this same transaction (decision 021).
    if (event.kind === 'subscription' && event.subscription)
      return (deps.subscriptionEvent ?? ignoreSubscriptionEvent)(tx, {
        event: event.subscription,
        created: event.created,
        now: deps.clock.now(),
        charged: (orderId) => {
          charged = orderId;
        },
      });
    if (event.kind === 'ignored' || !event.orderId) return 'ignored';
    const order = await lockOrder(tx, { orderId: event.orderId });
    if (!order) return 'ignored';
    // A checkout in subscription mode started a provider subscription: its id goes on the
    // order for the fulfil hook (the plan's row keeps it to match the later events).
    if (event.subscriptionRef && order.kind !== 'tickets') {
      order.metadata = { ...order.metadata, providerSubscriptionId: event.subscriptionRef };
      await setOrderMetadata(tx, { orderId: order.id, metadata: order.metadata });
    }
    const result = await apply(deps, tx, order, event);
    if (result === 'refunded_stock_gone') {
      lateRefund = {
        orderId: order.id,
        userId: order.userId,
        paymentRef: must(event.paymentRef, 'payment reference'),
        amountCents: order.totalCents,
      };
      await owePendingRefund(tx, lateRefund, deps.clock.now());
    }
    return result;
  });
  if (outcome === 'paid' && event.orderId) await deps.onFulfilled?.(event.orderId);
  if (charged) await deps.onFulfilled?.(charged);
  // Owed and recorded: a failure here (provider or database away) is retried by the job.
  if (lateRefund) await settleLateRefund(deps, lateRefund).catch(() => {});
  return outcome;
}

async function apply(
  deps: WebhookDeps,
  tx: DbExecutor,
  order: typeof orders.$inferSelect,
  event: PaymentEvent,
): Promise<WebhookOutcome> {
  const now = deps.clock.now();
  if (event.kind === 'checkout.failed') {
    if (order.status !== 'pending') return 'already_settled';
    await createNotifications(tx, [
      {
        userId: order.userId,
        type: 'payment_failed',
        title: msg`Payment failed`,
        message: msg`Your payment did not go through. Your tickets stay reserved until the hold ends.`,
        relatedId: order.id,
        relatedType: 'payments',
        metadata: { order_id: order.id, session_id: event.sessionId },
        createdAt: now,
      },
    ]);
    return 'failed_noted';
  }
  if (event.kind === 'checkout.expired') {
    return (await expirePendingOrder(tx, order.id, now)) ? 'expired' : 'already_settled';
  }
  // checkout.completed
  if (order.status === 'pending') {
    if (order.kind === 'tickets') {
      await fulfilOrder(tx, {
        orderId: order.id,
        buyerId: order.userId,
        paymentRef: event.paymentRef,
        now,
      });
    } else {
      await markPaid(tx, order.id, event.paymentRef, now);
      await deps.fulfilOther?.(tx, order);
    }
    return 'paid';
  }
  if (order.status === 'expired' || order.status === 'cancelled') {
    // Paid after the hold ended: the stock went back on sale. Take it again if it is still there,
    // else refund the buyer in full.
    if (order.kind === 'tickets' && (await retake(tx, order.id))) {
      await fulfilOrder(tx, {
        orderId: order.id,
        buyerId: order.userId,
        paymentRef: event.paymentRef,
        now,
      });
      return 'paid';
    }
    if (order.kind !== 'tickets') {
      await markPaid(tx, order.id, event.paymentRef, now);
      await deps.fulfilOther?.(tx, order);
      return 'paid';
    }
    await markOrderRefundedStockGone(tx, {
      orderId: order.id,
      paymentRef: event.paymentRef,
      totalCents: order.totalCents,
      now,
    });
    return 'refunded_stock_gone';
  }
  return 'already_settled';
}

/** All lines' stock again, all or nothing (a savepoint undoes a partial take). */
async function retake(tx: DbExecutor, orderId: string): Promise<boolean> {
  const items = await orderLinesByType(tx, { orderId });
  try {
    await tx.transaction(async (savepoint) => {
      // A seat bought by someone else meanwhile is gone like sold-out stock (decision 072).
      if (await seatsGone(savepoint, { orderId })) throw new Error('seat gone');
      for (const item of items) {
        if (!(await takeStock(savepoint, item))) throw new Error('stock gone');
      }
      // The capacity pools they share, after the types (decision 052).
      if (await takePoolsFor(savepoint, items)) throw new Error('stock gone');
    });
    // Its discount-code use was given back on expiry; take it again where the limit allows.
    await retakeDiscountUse(tx, { orderId });
    return true;
  } catch {
    return false;
  }
}

export const LATE_REFUND_REASON = 'Sold out before the payment arrived';

/** The refund a late payment is owed, with no provider refund yet (provider_refund_id null). */
async function owePendingRefund(tx: DbExecutor, params: LateRefund, now: Date) {
  await insertOwedRefund(tx, {
    orderId: params.orderId,
    amountCents: params.amountCents,
    reason: LATE_REFUND_REASON,
    now,
  });
}

/**
 * Asks the provider for an owed late-payment refund (one idempotency key per order, so a repeat
 * refunds once) and records its id and the buyer's notice.
 */
export async function settleLateRefund(deps: Omit<WebhookDeps, 'onFulfilled'>, params: LateRefund) {
  const { id } = await deps.payments.refund({
    paymentRef: params.paymentRef,
    amountCents: params.amountCents,
    idempotencyKey: `late-payment:${params.orderId}`,
  });
  await setOwedRefundProviderId(deps.db, { orderId: params.orderId, providerRefundId: id });
  await createNotifications(deps.db, [
    {
      userId: params.userId,
      type: 'payment_failed',
      title: msg`Payment refunded`,
      message: (await boughtSeats(deps.db, { orderId: params.orderId }))
        ? msg`Your reservation ran out and someone else bought your seats before your payment arrived, so we refunded it in full.`
        : msg`Your reservation ran out and the tickets sold out before your payment arrived, so we refunded it in full.`,
      relatedId: params.orderId,
      relatedType: 'payments',
      metadata: { order_id: params.orderId, refunded_cents: params.amountCents },
      dedupeKey: `late-refund:${params.orderId}`,
      createdAt: deps.clock.now(),
    },
  ]);
}

/** Late-payment refunds owed for longer than `olderThan` (their provider call did not happen). */
export async function owedLateRefunds(db: DbExecutor, olderThan: Date): Promise<LateRefund[]> {
  return findOwedRefunds(db, { reason: LATE_REFUND_REASON, olderThan });
}

const ignoreSubscriptionEvent: SubscriptionEventHook = async () => 'ignored';
