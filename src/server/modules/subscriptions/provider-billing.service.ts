import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '../../../contracts/subscriptions';
import { isUuid } from '../../../contracts/ids';
import type { DbExecutor } from '../../db/client';
import type { ProviderSubscriptionEvent } from '../../platform/payments/provider';
import { recordProviderCharges } from '../payments/payments.service';
import { day, notify } from './notices.service';
import { addMonth } from './subscriptions.policy';
import * as q from './subscriptions.queries';
import * as N from './subscription-notices';

/** Stripe's subscription statuses on ours; `incomplete` and `paused` change nothing. */
const PROVIDER_STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

export type ProviderBillingOutcome = 'subscription_applied' | 'subscription_stale' | 'ignored';

/**
 * A Stripe Billing event on our subscription row, inside the payment webhook's transaction (the
 * event id is already de-duplicated there). Rows are found by the provider's subscription id,
 * which the checkout's fulfilment stored. Invoices are recorded whenever they arrive (their own
 * unique keys); the row's state moves only for an event at least as new as the last one applied
 * (`provider_event_at`), so events out of order never move it back (decision 021).
 */
export async function applyProviderSubscriptionEvent(
  tx: DbExecutor,
  params: {
    event: ProviderSubscriptionEvent;
    created: number;
    now: Date;
    charged?: (orderId: string) => void;
  },
): Promise<ProviderBillingOutcome> {
  const { event, now } = params;
  const row = await q.findByProviderRef(tx, { ref: event.subscriptionRef });
  if (!row) return 'ignored';
  const { subscription, plan } = row;
  const at = new Date(params.created * 1000);
  const fresh = !subscription.providerEventAt || at >= subscription.providerEventAt;
  // Once Stripe has deleted a subscription it never comes back.
  const ended = subscription.status === 'canceled';
  const period =
    event.periodStart !== null && event.periodEnd !== null
      ? { start: new Date(event.periodStart * 1000), end: new Date(event.periodEnd * 1000) }
      : null;

  if (event.type === 'subscription.updated' || event.type === 'subscription.deleted') {
    if (!fresh || ended) return 'subscription_stale';
    const status =
      event.type === 'subscription.deleted' ? 'canceled' : PROVIDER_STATUS[event.status ?? ''];
    const target =
      event.planId && isUuid(event.planId) && event.planId !== plan.id
        ? await q.findPlan(tx, { id: event.planId })
        : null;
    const cancelAtPeriodEnd = event.cancelAtPeriodEnd ?? subscription.cancelAtPeriodEnd;
    await q.updateSubscription(tx, {
      id: subscription.id,
      values: {
        providerEventAt: at,
        cancelAtPeriodEnd,
        ...(status ? { status } : {}),
        ...(status === 'canceled' ? { canceledAt: now, renewsAt: null } : {}),
        ...(period && period.end >= subscription.currentPeriodEnd
          ? { currentPeriodStart: period.start, currentPeriodEnd: period.end }
          : {}),
        ...(target ? { planId: target.id } : {}),
        updatedAt: now,
      },
    });
    const name = (target ?? plan).name;
    if (status === 'canceled')
      await notify(tx, now, {
        userId: subscription.userId,
        key: `subscription-ended:${subscription.id}:${event.subscriptionRef}`,
        type: 'plan_ending',
        title: N.TITLES.ended,
        message: N.ended(name),
      });
    else if (cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd)
      await notify(tx, now, {
        userId: subscription.userId,
        key: `subscription-${cancelAtPeriodEnd ? 'canceled' : 'resumed'}:${subscription.id}:${at.toISOString()}`,
        type: cancelAtPeriodEnd ? 'plan_ending' : 'payment_success',
        title: cancelAtPeriodEnd ? N.TITLES.canceled : N.TITLES.resumed,
        message: cancelAtPeriodEnd
          ? N.willEnd(name, day(period?.end ?? subscription.currentPeriodEnd))
          : N.willRenew(name),
      });
    return 'subscription_applied';
  }

  const paid = event.type === 'invoice.paid';
  // The first month's payment is the checkout's order, recorded when it was fulfilled.
  if (paid && event.billingReason === 'subscription_create') return 'ignored';
  const start = period?.start ?? subscription.currentPeriodEnd;
  const end = period?.end ?? addMonth(start);
  const recorded = await q.insertInvoice(tx, {
    values: {
      subscriptionId: subscription.id,
      userId: subscription.userId,
      planId: plan.id,
      kind: 'renewal',
      status: paid ? 'paid' : 'failed',
      amountCents: event.amountCents ?? plan.priceMonthly,
      currency: event.currency ?? plan.currency,
      periodStart: start,
      periodEnd: end,
      idempotencyKey: paid
        ? `stripe:${event.invoiceRef}:paid`
        : `stripe:${event.invoiceRef}:failed:${event.attempt ?? 0}`,
      createdAt: now,
    },
  });
  if (!recorded) return 'subscription_stale';
  const amount = {
    cents: event.amountCents ?? plan.priceMonthly,
    currency: event.currency ?? plan.currency,
  };
  if (paid && amount.cents > 0) {
    // A month Stripe charged carries the platform's tax like the first and is invoiced: it is
    // recorded as a paid plan order, linked from the renewal's row (decision 088).
    const orderId = randomUUID();
    await recordProviderCharges(tx, {
      charges: [
        {
          id: orderId,
          userId: subscription.userId,
          kind: 'plan',
          amountCents: amount.cents,
          currency: amount.currency,
          provider: 'stripe',
          paymentRef: event.invoiceRef,
          metadata: { planId: plan.id, subscriptionId: subscription.id, renewal: true },
        },
      ],
      now,
    });
    await q.linkInvoiceOrders(tx, { links: [{ id: recorded, orderId }] });
    params.charged?.(orderId);
  }
  if (paid) {
    if (fresh && !ended)
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: {
          providerEventAt: at,
          status: 'active',
          failedAttempts: 0,
          ...(end > subscription.currentPeriodEnd
            ? { currentPeriodStart: start, currentPeriodEnd: end }
            : {}),
          updatedAt: now,
        },
      });
    await notify(tx, now, {
      userId: subscription.userId,
      key: `subscription-renewed:${subscription.id}:${event.invoiceRef}`,
      type: 'payment_success',
      title: N.TITLES.renewed,
      message: N.charged(amount, plan.name, day(end)),
    });
    return 'subscription_applied';
  }
  // A failure older than what was applied (paid since) is history only: no state, no notice.
  if (!fresh || ended) return 'subscription_applied';
  await q.updateSubscription(tx, {
    id: subscription.id,
    values: {
      providerEventAt: at,
      status: 'past_due',
      failedAttempts: event.attempt ?? subscription.failedAttempts + 1,
      updatedAt: now,
    },
  });
  await notify(tx, now, {
    userId: subscription.userId,
    key: `subscription-failed:${subscription.id}:${event.invoiceRef}:${event.attempt ?? 0}`,
    type: 'payment_failed',
    title: N.TITLES.paymentFailed,
    message: N.chargeFailedPortal(amount, plan.name),
  });
  return 'subscription_applied';
}
