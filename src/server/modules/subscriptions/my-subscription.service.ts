import { msg } from '@lingui/core/macro';
import { SUBSCRIPTION_MESSAGES, type MySubscription } from '../../../contracts/subscriptions';
import type { Database, DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { PaymentProvider } from '../../platform/payments/provider';
import type { SubscriptionChecks } from './check.service';
import { day, notify } from './notices.service';
import { planNotFound } from './plans.service';
import {
  DECLINING_TEST_CARD,
  isLive,
  isLuhnValid,
  planChange,
  prorationCents,
} from './subscriptions.policy';
import { presentInvoice, presentPlan, presentSubscription } from './subscriptions.presenter';
import * as q from './subscriptions.queries';
import * as N from './subscription-notices';

/** What the person's own subscription page works with. */
export interface SubscriptionDeps {
  db: Database;
  clock: Clock;
  /** Only its name is read here (renewals charge the saved card; see decision 021). */
  payments: Pick<PaymentProvider, 'name'>;
  /** The check-subscription answers a change here must drop. */
  checks: Pick<SubscriptionChecks, 'forget'>;
}

/** The refusal of a change to a subscription that Stripe Billing bills. */
const portalOnly = () =>
  new AppError('CONFLICT', msg`Manage this subscription in the billing portal.`);

export async function getMySubscription(
  deps: Pick<SubscriptionDeps, 'db' | 'payments'>,
  params: { userId: string },
): Promise<MySubscription> {
  const [row, invoices, trialsUsed] = await Promise.all([
    q.findUserSubscription(deps.db, params),
    q.listInvoices(deps.db, { userId: params.userId, limit: 50 }),
    q.listTrialsUsed(deps.db, params),
  ]);
  const provider = deps.payments.name;
  const list = invoices.map((r) => presentInvoice(r.invoice, r.planName));
  if (!row)
    return {
      subscription: null,
      plan: null,
      nextInvoice: null,
      card: null,
      invoices: list,
      provider,
      trialsUsed,
    };
  const { subscription, plan } = row;
  const pending = subscription.pendingPlanId
    ? await q.findPlan(deps.db, { id: subscription.pendingPlanId })
    : null;
  const renews = isLive(subscription.status) && !subscription.cancelAtPeriodEnd;
  const nextPlan = pending ?? plan;
  return {
    subscription: presentSubscription(subscription, plan.name, pending?.name ?? null),
    plan: presentPlan(plan),
    nextInvoice: renews
      ? {
          amountCents: nextPlan.priceMonthly,
          currency: nextPlan.currency as 'USD',
          dueAt: (subscription.renewsAt ?? subscription.currentPeriodEnd).toISOString(),
        }
      : null,
    card: subscription.cardLast4 ? { last4: subscription.cardLast4 } : null,
    invoices: list,
    provider,
    trialsUsed,
  };
}

export async function getInvoice(db: DbExecutor, params: { userId: string; id: string }) {
  const row = await q.findOwnInvoice(db, params);
  if (!row) throw new AppError('NOT_FOUND', msg`Invoice not found`);
  return presentInvoice(row.invoice, row.planName);
}

/** Runs `change` on the person's live subscription row, locked. */
async function withLiveSubscription<T>(
  deps: SubscriptionDeps,
  userId: string,
  change: (
    tx: DbExecutor,
    row: NonNullable<Awaited<ReturnType<typeof q.findUserSubscription>>>,
  ) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    const row = await q.findUserSubscription(tx, { userId, forUpdate: true });
    if (!row || !isLive(row.subscription.status))
      throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.noSubscription);
    // Stripe Billing owns a provider-billed subscription: changes go through Stripe's portal
    // and come back by webhook.
    if (row.subscription.providerSubscriptionId) throw portalOnly();
    return change(tx, row);
  });
  // This process's own change counts on the person's very next check, before its notice
  // arrives from the database.
  deps.checks.forget(userId);
  return result;
}

/** Cancel at period end (the default: access stays until then) or at once. */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  params: { userId: string; atPeriodEnd: boolean },
) {
  const now = deps.clock.now();
  await withLiveSubscription(deps, params.userId, async (tx, { subscription, plan }) => {
    await q.updateSubscription(tx, {
      id: subscription.id,
      values: params.atPeriodEnd
        ? { cancelAtPeriodEnd: true, pendingPlanId: null, updatedAt: now }
        : { status: 'canceled', canceledAt: now, renewsAt: null, updatedAt: now },
    });
    await notify(tx, now, {
      userId: params.userId,
      key: `subscription-canceled:${subscription.id}:${now.toISOString()}`,
      type: 'plan_ending',
      title: N.TITLES.canceled,
      message:
        subscription.status === 'trialing'
          ? params.atPeriodEnd
            ? N.trialCanceledUntil(plan.name, day(subscription.currentPeriodEnd))
            : N.trialCanceledNow(plan.name)
          : params.atPeriodEnd
            ? N.willEnd(plan.name, day(subscription.currentPeriodEnd))
            : N.endedNow(plan.name),
    });
  });
  return getMySubscription(deps, params);
}

/** Undoes a cancel at period end. */
export async function resumeSubscription(deps: SubscriptionDeps, params: { userId: string }) {
  const now = deps.clock.now();
  await withLiveSubscription(deps, params.userId, async (tx, { subscription }) => {
    if (!subscription.cancelAtPeriodEnd)
      throw new AppError('CONFLICT', msg`Your subscription is not set to end.`);
    await q.updateSubscription(tx, {
      id: subscription.id,
      values: { cancelAtPeriodEnd: false, updatedAt: now },
    });
  });
  return getMySubscription(deps, params);
}

/**
 * Upgrade: the prorated difference is charged to the saved card at once and the plan changes
 * now. Downgrade: waits for the period end (nothing is charged or refunded; existing data is
 * kept, new use beyond the lower plan's limits is blocked from then on).
 */
export async function changePlan(
  deps: SubscriptionDeps,
  params: { userId: string; planId: string },
) {
  const now = deps.clock.now();
  await withLiveSubscription(deps, params.userId, async (tx, { subscription, plan }) => {
    const target = await q.findPlan(tx, { id: params.planId, activeOnly: true });
    if (!target) throw planNotFound();
    const change = planChange(plan.priceMonthly, target.priceMonthly, target.id === plan.id);
    // During a free trial nothing was charged, so nothing is prorated: the plan changes now and
    // the trial keeps its end (Stripe does the same); the first charge is the new plan's price.
    if (subscription.status === 'trialing' && change !== 'same') {
      if (target.priceMonthly === 0)
        throw new AppError('CONFLICT', msg`To move to the free plan, cancel your subscription.`);
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: {
          planId: target.id,
          pendingPlanId: null,
          cancelAtPeriodEnd: false,
          updatedAt: now,
        },
      });
      return;
    }
    if (change === 'same') {
      if (!subscription.pendingPlanId && !subscription.cancelAtPeriodEnd)
        throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
      // Choosing the current plan again undoes a scheduled downgrade or cancellation.
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: { pendingPlanId: null, cancelAtPeriodEnd: false, updatedAt: now },
      });
      return;
    }
    if (change === 'downgrade') {
      if (target.priceMonthly === 0)
        throw new AppError('CONFLICT', msg`To move to the free plan, cancel your subscription.`);
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: { pendingPlanId: target.id, cancelAtPeriodEnd: false, updatedAt: now },
      });
      return;
    }
    if (deps.payments.name !== 'local' || subscription.provider !== 'local')
      throw new AppError('CONFLICT', msg`Change this plan in the billing portal.`);
    if (subscription.cardDeclines)
      throw new AppError(
        'UNPROCESSABLE',
        msg`Your card was declined. Update your card and try again.`,
      );
    const amount = prorationCents({
      fromPriceCents: plan.priceMonthly,
      toPriceCents: target.priceMonthly,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      now,
    });
    await q.insertInvoice(tx, {
      values: {
        subscriptionId: subscription.id,
        userId: params.userId,
        planId: target.id,
        kind: 'proration',
        status: 'paid',
        amountCents: amount,
        currency: target.currency,
        periodStart: now,
        periodEnd: subscription.currentPeriodEnd,
        idempotencyKey: `proration:${now.toISOString()}:${target.id}`,
        createdAt: now,
      },
    });
    await q.updateSubscription(tx, {
      id: subscription.id,
      values: { planId: target.id, pendingPlanId: null, cancelAtPeriodEnd: false, updatedAt: now },
    });
  });
  return getMySubscription(deps, params);
}

/**
 * The local portal's "change card". A past-due subscription is retried at the job's next run.
 * (With the local provider the card's number decides renewals: the declining test card fails.)
 */
export async function updateCard(
  deps: SubscriptionDeps,
  params: { userId: string; cardNumber: string },
) {
  if (deps.payments.name !== 'local')
    throw new AppError('CONFLICT', msg`Change your card in the billing portal.`);
  if (!isLuhnValid(params.cardNumber))
    throw new AppError('VALIDATION_FAILED', msg`Your card number is invalid.`, {
      fields: [{ field: 'body.cardNumber', message: 'Your card number is invalid.' }],
    });
  const now = deps.clock.now();
  await withLiveSubscription(deps, params.userId, async (tx, { subscription }) => {
    await q.updateSubscription(tx, {
      id: subscription.id,
      values: {
        cardLast4: params.cardNumber.slice(-4),
        cardDeclines: params.cardNumber === DECLINING_TEST_CARD,
        ...(subscription.status === 'past_due' ? { renewsAt: now } : {}),
        updatedAt: now,
      },
    });
  });
  return getMySubscription(deps, params);
}

/** spec §7 customer-portal: Stripe's portal, or with the local provider our own page. */
export async function customerPortalUrl(
  deps: { payments: PaymentProvider; publicUrl: string },
  params: { email: string },
) {
  if (deps.payments.name === 'local') return { url: `${deps.publicUrl}/subscription?portal=1` };
  try {
    return await deps.payments.customerPortal({
      email: params.email.toLowerCase(),
      returnUrl: `${deps.publicUrl}/subscription`,
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', SUBSCRIPTION_MESSAGES.portalFailed, {
      title: SUBSCRIPTION_MESSAGES.portalFailedTitle,
    });
  }
}
