import { msg } from '@lingui/core/macro';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import { isUuid } from '../../../contracts/ids';
import { formatMoney } from '../../../contracts/money';
import type { DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { openProductCheckout } from '../payments/payments.service';
import type { OrderDeps } from '../orders/orders.service';
import { day, notify } from './notices.service';
import { planNotFound } from './plans.service';
import { addDays, addMonth, isLive } from './subscriptions.policy';
import * as q from './subscriptions.queries';
import * as N from './subscription-notices';

/**
 * spec §7 create-checkout with `{ planId }`: a checkout for the plan's first month (the local
 * provider's page or Stripe Checkout); the paid order activates the subscription (`fulfilPlan`).
 */
export async function startPlanCheckout(
  deps: OrderDeps,
  params: { actor: { id: string; email: string }; planId: string },
): Promise<{ url: string; sessionId: string }> {
  if (!isUuid(params.planId)) throw planNotFound();
  const plan = await q.findPlan(deps.db, { id: params.planId, activeOnly: true });
  if (!plan) throw planNotFound();
  if (plan.priceMonthly === 0)
    throw new AppError('VALIDATION_FAILED', msg`The free plan needs no checkout`, {
      fields: [{ field: 'body.planId', message: 'The free plan needs no checkout' }],
    });
  const current = await q.findUserSubscription(deps.db, { userId: params.actor.id });
  if (current && isLive(current.subscription.status))
    throw new AppError(
      'CONFLICT',
      current.subscription.planId === plan.id
        ? SUBSCRIPTION_MESSAGES.alreadySubscribed
        : msg`You already have a subscription. Change your plan on the subscription page.`,
    );
  // A plan with a trial offers it once per person, ever (Stripe Billing's trial: the card is
  // saved, nothing is charged today, the first month is charged at the trial's end).
  const trialDays =
    plan.trialDays > 0 &&
    !(await q.trialTaken(deps.db, { userId: params.actor.id, planId: plan.id }))
      ? plan.trialDays
      : 0;
  const price = formatMoney(plan.priceMonthly, plan.currency);
  const { url, sessionId } = await openProductCheckout(deps, {
    actor: params.actor,
    kind: 'plan',
    amountCents: trialDays ? 0 : plan.priceMonthly,
    currency: plan.currency,
    description: trialDays
      ? `${plan.name} plan · ${trialDays}-day free trial, then ${price} a month`
      : `${plan.name} plan · first month`,
    metadata: { planId: plan.id, ...(trialDays ? { trialDays } : {}) },
    successPath: '/subscription/success',
    cancelPath: '/subscription/cancelled',
    payableHours: 1,
    // With Stripe: Checkout in subscription mode, Stripe Billing charges the months after.
    recurring: {
      metadata: { userId: params.actor.id, planId: plan.id },
      ...(trialDays ? { trialDays, unitAmountCents: plan.priceMonthly } : {}),
    },
  });
  return { url, sessionId };
}

/**
 * The manifest's fulfil hook: a paid `plan` order starts (or restarts) the buyer's subscription
 * for one month from the payment. Runs in the webhook's transaction; the order's invoice makes a
 * repeat a no-op.
 */
export async function fulfilPlan(tx: DbExecutor, order: typeof orders.$inferSelect) {
  if (order.kind !== 'plan') return;
  if (await q.invoiceForOrder(tx, { orderId: order.id })) return;
  const planId = String(order.metadata.planId ?? '');
  const plan = isUuid(planId) ? await q.findPlan(tx, { id: planId }) : null;
  if (!plan) return;
  // The payment time was written with the app's clock just before this hook ran.
  const paid = await q.findOrderPayment(tx, { orderId: order.id });
  const start = paid?.paidAt ?? new Date();
  const trialDays = Number(order.metadata.trialDays ?? 0);
  // One trial per plan, ever: a second trial checkout paid late (or raced) starts nothing.
  if (trialDays > 0 && (await q.trialTaken(tx, { userId: order.userId, planId: plan.id }))) return;
  const end = trialDays > 0 ? addDays(start, trialDays) : addMonth(start);
  // Stripe Billing: the provider's subscription (its events find this row; it renews there).
  const providerRef =
    typeof order.metadata.providerSubscriptionId === 'string'
      ? order.metadata.providerSubscriptionId
      : null;
  const subscription = must(
    await q.upsertSubscription(tx, {
      values: {
        userId: order.userId,
        planId: plan.id,
        status: trialDays > 0 ? 'trialing' : 'active',
        provider: paid?.provider ?? 'local',
        currentPeriodStart: start,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        pendingPlanId: null,
        cardLast4: null,
        cardDeclines: false,
        failedAttempts: 0,
        renewsAt: providerRef ? null : end,
        providerSubscriptionId: providerRef,
        providerEventAt: null,
        endingNoticeFor: null,
        createdAt: start,
        updatedAt: start,
      },
    }),
    'subscription',
  );
  await q.insertInvoice(tx, {
    values: {
      subscriptionId: subscription.id,
      userId: order.userId,
      planId: plan.id,
      kind: trialDays > 0 ? 'trial' : 'initial',
      status: 'paid',
      amountCents: order.totalCents,
      currency: order.currency,
      periodStart: start,
      periodEnd: end,
      orderId: order.id,
      idempotencyKey: `order:${order.id}`,
      createdAt: start,
    },
  });
  const price = { cents: plan.priceMonthly, currency: plan.currency };
  await notify(tx, start, {
    userId: order.userId,
    key: `subscription-started:${order.id}`,
    type: 'payment_success',
    ...(trialDays > 0
      ? {
          title: SUBSCRIPTION_MESSAGES.trialStartedTitle,
          message: N.trialStarted(trialDays, plan.name, day(end), price),
        }
      : {
          title: SUBSCRIPTION_MESSAGES.activatedTitle,
          message: N.activated(plan.name, day(end), price),
        }),
  });
}
