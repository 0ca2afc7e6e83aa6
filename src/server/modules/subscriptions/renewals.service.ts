import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { must } from '../../platform/must';
import { recordProviderCharges } from '../payments/payments.service';
import type { Clock } from '../../platform/clock';
import { day, notifyMany } from './notices.service';
import { addMonth, RENEWAL_RETRY_DELAYS_MS } from './subscriptions.policy';
import * as q from './subscriptions.queries';
import * as N from './subscription-notices';

export type RenewalOutcome = 'renewed' | 'failed' | 'canceled' | 'skipped';

/**
 * Renews (or fails, or ends) up to `limit` due subscriptions in one transaction. Rows are locked
 * with SKIP LOCKED, and each attempt's invoice has a unique key, so any number of workers
 * running this at once charge each renewal exactly once. The batch is set-based: one statement
 * per kind of outcome (invoices, renewed rows, failed rows, ended rows, notices) rather than
 * three per row, so 500 rows cost about seven round trips (decision 021).
 */
export async function renewDue(
  deps: { db: Database; clock: Clock },
  params: { limit: number },
): Promise<Record<RenewalOutcome, number>> {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, failed: 0, canceled: 0, skipped: 0 };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const due = await q.lockDue(tx, { now, limit: params.limit });
    if (!due.length) return;
    const pendingIds = [...new Set(due.flatMap((r) => r.subscription.pendingPlanId ?? []))];
    const pendingPlans = new Map(
      (await q.findPlans(tx, { ids: pendingIds })).map((plan) => [plan.id, plan]),
    );
    const cleared: string[] = [];
    const ended: { subscription: q.SubscriptionRow; plan: q.PlanRow }[] = [];
    const charged: { subscription: q.SubscriptionRow; plan: q.PlanRow; periodEnd: Date }[] = [];
    for (const { subscription, plan: current } of due) {
      const plan =
        (subscription.pendingPlanId && pendingPlans.get(subscription.pendingPlanId)) || current;
      if (subscription.status === 'canceled') cleared.push(subscription.id);
      // Only the local provider's saved card is charged here; a Stripe-billed row renews there.
      else if (subscription.cancelAtPeriodEnd || subscription.provider !== 'local')
        ended.push({ subscription, plan });
      else charged.push({ subscription, plan, periodEnd: addMonth(subscription.currentPeriodEnd) });
    }
    await q.clearDue(tx, { ids: cleared });
    await q.endAtPeriodEnd(tx, { ids: ended.map((r) => r.subscription.id), now });
    const recorded = await q.insertInvoices(tx, {
      values: charged.map(({ subscription, plan, periodEnd }) => ({
        subscriptionId: subscription.id,
        userId: subscription.userId,
        planId: plan.id,
        kind: 'renewal' as const,
        status: subscription.cardDeclines ? ('failed' as const) : ('paid' as const),
        amountCents: plan.priceMonthly,
        currency: plan.currency,
        periodStart: subscription.currentPeriodEnd,
        periodEnd,
        idempotencyKey: `renewal:${subscription.currentPeriodEnd.toISOString()}:${subscription.failedAttempts}`,
        createdAt: now,
      })),
    });
    // An attempt already recorded was made by another run: nothing more happens to it here.
    const fresh = charged.filter((r) => recorded.has(r.subscription.id));
    const paid = fresh.filter((r) => !r.subscription.cardDeclines);
    const failed = fresh
      .filter((r) => r.subscription.cardDeclines)
      .map((r) => {
        const attempts = r.subscription.failedAttempts + 1;
        const retryIn = RENEWAL_RETRY_DELAYS_MS[attempts - 1];
        return {
          ...r,
          attempts,
          retryAt: retryIn === undefined ? null : new Date(now.getTime() + retryIn),
        };
      });
    await q.applyRenewals(tx, {
      rows: paid.map(({ subscription, plan, periodEnd }) => ({
        id: subscription.id,
        planId: plan.id,
        start: subscription.currentPeriodEnd,
        end: periodEnd,
      })),
      now,
    });
    // Each month charged carries the platform's tax like the first and is invoiced: a paid plan
    // order per renewal, linked from its row (decision 088), in a few statements for the batch.
    const orders = paid
      .filter(({ plan }) => plan.priceMonthly > 0)
      .map(({ subscription, plan }) => ({
        invoiceId: must(recorded.get(subscription.id), 'renewal row'),
        charge: {
          id: randomUUID(),
          userId: subscription.userId,
          kind: 'plan' as const,
          amountCents: plan.priceMonthly,
          currency: plan.currency,
          provider: subscription.provider,
          paymentRef: null,
          metadata: { planId: plan.id, subscriptionId: subscription.id, renewal: true },
        },
      }));
    await recordProviderCharges(tx, { charges: orders.map((o) => o.charge), now });
    await q.linkInvoiceOrders(tx, {
      links: orders.map((o) => ({ id: o.invoiceId, orderId: o.charge.id })),
    });
    await q.applyFailures(tx, {
      rows: failed.map(({ subscription, attempts, retryAt }) => ({
        id: subscription.id,
        attempts,
        retryAt,
      })),
      now,
    });
    await notifyMany(tx, now, [
      ...ended.map(({ subscription, plan }) => ({
        userId: subscription.userId,
        key: `subscription-ended:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
        type: 'plan_ending' as const,
        title: N.TITLES.ended,
        message: N.ended(plan.name),
      })),
      ...paid.map(({ subscription, plan, periodEnd }) => ({
        userId: subscription.userId,
        key: `subscription-renewed:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
        type: 'payment_success' as const,
        title: subscription.status === 'trialing' ? N.TITLES.trialEnded : N.TITLES.renewed,
        message: N.charged(
          { cents: plan.priceMonthly, currency: plan.currency },
          plan.name,
          day(periodEnd),
        ),
      })),
      ...failed.map(({ subscription, plan, attempts, retryAt }) => ({
        userId: subscription.userId,
        key: `subscription-failed:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${attempts}`,
        type: 'payment_failed' as const,
        title: retryAt ? N.TITLES.paymentFailed : N.TITLES.canceled,
        message: retryAt ? N.chargeFailedRetry(plan.name) : N.chargeFailedEnded(plan.name),
      })),
    ]);
    counts.skipped = cleared.length + charged.length - fresh.length;
    counts.canceled = ended.length;
    counts.renewed = paid.length;
    counts.failed = failed.length;
  });
  return counts;
}
