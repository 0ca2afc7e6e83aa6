import type { z } from 'zod';
import {
  SUBSCRIPTION_MESSAGES,
  UNSUBSCRIBED,
  type CheckSubscription,
  type MySubscription,
  type PlanInputSchema,
  type PlanUpdateSchema,
  type SubscriptionStatus,
} from '../../../contracts/subscriptions';
import { formatMoney } from '../../../contracts/money';
import type { Database, DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import type { PaymentProvider, ProviderSubscriptionEvent } from '../../platform/payments/provider';
import { createNotifications } from '../notifications/notifications.service';
import { openProductCheckout } from '../payments/payments.service';
import type { OrderDeps } from '../orders/orders.service';
import {
  addDays,
  addMonth,
  DECLINING_TEST_CARD,
  ENDING_SOON_MS,
  isLive,
  isLuhnValid,
  planChange,
  prorationCents,
  RENEWAL_RETRY_DELAYS_MS,
  TRIAL_REMINDER_MS,
} from './subscriptions.policy';
import {
  presentAdminPlan,
  presentInvoice,
  presentPlan,
  presentSubscription,
} from './subscriptions.presenter';
import * as q from './subscriptions.queries';
import { isUuid } from '../../../contracts/ids';

export interface SubscriptionDeps {
  db: Database;
  clock: Clock;
  /** Only its name is read here (renewals charge the saved card; see decision 021). */
  payments: Pick<PaymentProvider, 'name'>;
}

const planNotFound = () =>
  new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound, {
    fields: [{ field: 'body.planId', message: SUBSCRIPTION_MESSAGES.planNotFound }],
  });

// ---------------------------------------------------------------- plans

export async function listPlans(db: DbExecutor) {
  return { plans: (await q.listActivePlans(db)).map(presentPlan) };
}

export async function listPlansForAdmin(db: DbExecutor) {
  const rows = await q.listAllPlansWithCounts(db);
  return { plans: rows.map((row) => presentAdminPlan(row.plan, row.subscriberCount)) };
}

const nameTaken = () =>
  new AppError('CONFLICT', 'A plan with this name already exists', {
    fields: [{ field: 'body.name', message: 'A plan with this name already exists' }],
  });

export async function createPlan(
  deps: Pick<SubscriptionDeps, 'db' | 'clock'>,
  input: z.output<typeof PlanInputSchema>,
) {
  if (await q.findPlanByName(deps.db, { name: input.name })) throw nameTaken();
  const now = deps.clock.now();
  const plan = await q.insertPlan(deps.db, {
    values: { ...input, createdAt: now, updatedAt: now },
  });
  return presentAdminPlan(must(plan, 'plan'), 0);
}

export async function updatePlan(
  deps: Pick<SubscriptionDeps, 'db' | 'clock'>,
  params: { id: string; input: z.output<typeof PlanUpdateSchema> },
) {
  if (params.input.name) {
    const same = await q.findPlanByName(deps.db, { name: params.input.name });
    if (same && same.id !== params.id) throw nameTaken();
  }
  const plan = await q.updatePlan(deps.db, {
    id: params.id,
    values: { ...params.input, updatedAt: deps.clock.now() },
  });
  if (!plan) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound);
  return presentAdminPlan(plan, await q.countPlanUsers(deps.db, { id: plan.id }));
}

/** A plan anyone ever subscribed to is kept (their invoices name it): deactivate it instead. */
export async function deletePlan(db: Database, params: { id: string }) {
  if (await q.deleteUnusedPlan(db, params)) return { ok: true as const };
  if (!(await q.findPlan(db, { id: params.id })))
    throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound);
  throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.planInUse);
}

// ---------------------------------------------------------------- status and gating

/** spec §7 check-subscription. */
export async function checkSubscription(
  db: DbExecutor,
  params: { userId: string | null },
): Promise<CheckSubscription> {
  if (!params.userId) return UNSUBSCRIBED;
  const row = await q.findUserSubscription(db, { userId: params.userId });
  if (!row) return UNSUBSCRIBED;
  const live = isLive(row.subscription.status);
  return {
    subscribed: live,
    plan: live ? row.plan.name : null,
    status: row.subscription.status,
    subscription: presentSubscription(row.subscription, row.plan.name, null),
  };
}

// ---------------------------------------------------------------- checkout and activation

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
    throw new AppError('VALIDATION_FAILED', 'The free plan needs no checkout', {
      fields: [{ field: 'body.planId', message: 'The free plan needs no checkout' }],
    });
  const current = await q.findUserSubscription(deps.db, { userId: params.actor.id });
  if (current && isLive(current.subscription.status))
    throw new AppError(
      'CONFLICT',
      current.subscription.planId === plan.id
        ? SUBSCRIPTION_MESSAGES.alreadySubscribed
        : 'You already have a subscription. Change your plan on the subscription page.',
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
  const price = formatMoney(plan.priceMonthly, plan.currency);
  await notify(tx, order.userId, start, {
    key: `subscription-started:${order.id}`,
    type: 'payment_success',
    ...(trialDays > 0
      ? {
          title: SUBSCRIPTION_MESSAGES.trialStartedTitle,
          message: `Your ${trialDays}-day free trial of the ${plan.name} plan has started. It ends on ${day(end)}; then ${price} a month is charged to your card unless you cancel before.`,
        }
      : {
          title: SUBSCRIPTION_MESSAGES.activatedTitle,
          message: `Your ${plan.name} plan is active until ${day(end)}. It renews monthly at ${price}.`,
        }),
  });
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A receipt or a plan start is `payment_success`, a charge that failed `payment_failed`, and
 * a plan that ends (ending soon, a trial's last days, canceled, ended) `plan_ending`: no money
 * moved, so it must not read as a payment to the person or to a filter on types.
 */
type SubscriptionNoticeType = 'payment_success' | 'payment_failed' | 'plan_ending';

async function notify(
  db: DbExecutor,
  userId: string,
  now: Date,
  note: { key: string; type: SubscriptionNoticeType; title: string; message: string },
) {
  await createNotifications(db, [
    {
      userId,
      type: note.type,
      title: note.title,
      message: note.message,
      relatedType: 'payments',
      // `mail`: mailed by the notification dispatch by the person's settings, though
      // payment_success rows of ticket orders have their own mail (decision 021).
      metadata: { link: '/subscription', mail: true },
      dedupeKey: note.key,
      createdAt: now,
    },
  ]);
}

/** Many people's notices in one statement (a renewal batch). */
async function notifyMany(
  db: DbExecutor,
  now: Date,
  notes: {
    userId: string;
    key: string;
    type: SubscriptionNoticeType;
    title: string;
    message: string;
  }[],
) {
  await createNotifications(
    db,
    notes.map((note) => ({
      userId: note.userId,
      type: note.type,
      title: note.title,
      message: note.message,
      relatedType: 'payments',
      metadata: { link: '/subscription', mail: true },
      dedupeKey: note.key,
      createdAt: now,
    })),
  );
}

// ---------------------------------------------------------------- the person's subscription

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
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
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
  return deps.db.transaction(async (tx) => {
    const row = await q.findUserSubscription(tx, { userId, forUpdate: true });
    if (!row || !isLive(row.subscription.status))
      throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.noSubscription);
    // Stripe Billing owns a provider-billed subscription: changes go through Stripe's portal
    // and come back by webhook.
    if (row.subscription.providerSubscriptionId) throw portalOnly();
    return change(tx, row);
  });
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
    await notify(tx, params.userId, now, {
      key: `subscription-canceled:${subscription.id}:${now.toISOString()}`,
      type: 'plan_ending',
      title: 'Subscription canceled',
      message:
        subscription.status === 'trialing'
          ? params.atPeriodEnd
            ? `Your free trial of the ${plan.name} plan ends on ${day(subscription.currentPeriodEnd)} and you will not be charged. You can resume it until then.`
            : `Your free trial of the ${plan.name} plan has ended. You were not charged.`
          : params.atPeriodEnd
            ? `Your ${plan.name} plan will end on ${day(subscription.currentPeriodEnd)}. You can resume it until then.`
            : `Your ${plan.name} plan has ended.`,
    });
  });
  return getMySubscription(deps, params);
}

/** Undoes a cancel at period end. */
export async function resumeSubscription(deps: SubscriptionDeps, params: { userId: string }) {
  const now = deps.clock.now();
  await withLiveSubscription(deps, params.userId, async (tx, { subscription }) => {
    if (!subscription.cancelAtPeriodEnd)
      throw new AppError('CONFLICT', 'Your subscription is not set to end.');
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
        throw new AppError('CONFLICT', 'To move to the free plan, cancel your subscription.');
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
        throw new AppError('CONFLICT', 'To move to the free plan, cancel your subscription.');
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: { pendingPlanId: target.id, cancelAtPeriodEnd: false, updatedAt: now },
      });
      return;
    }
    if (deps.payments.name !== 'local' || subscription.provider !== 'local')
      throw new AppError('CONFLICT', 'Change this plan in the billing portal.');
    if (subscription.cardDeclines)
      throw new AppError(
        'UNPROCESSABLE',
        'Your card was declined. Update your card and try again.',
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
    throw new AppError('CONFLICT', 'Change your card in the billing portal.');
  if (!isLuhnValid(params.cardNumber))
    throw new AppError('VALIDATION_FAILED', 'Your card number is invalid.', {
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

// ---------------------------------------------------------------- renewals (the job)

export type RenewalOutcome = 'renewed' | 'failed' | 'canceled' | 'skipped';

/**
 * Renews (or fails, or ends) up to `limit` due subscriptions in one transaction. Rows are locked
 * with SKIP LOCKED, and each attempt's invoice has a unique key, so any number of workers
 * running this at once charge each renewal exactly once. The batch is set-based: one statement
 * per kind of outcome (invoices, renewed rows, failed rows, ended rows, notices) rather than
 * three per row, so 500 rows cost about seven round trips (decision 021).
 */
export async function renewDue(
  deps: Pick<SubscriptionDeps, 'db' | 'clock'>,
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
        title: 'Subscription ended',
        message: `Your ${plan.name} plan has ended. You can subscribe again any time.`,
      })),
      ...paid.map(({ subscription, plan, periodEnd }) => ({
        userId: subscription.userId,
        key: `subscription-renewed:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
        type: 'payment_success' as const,
        title: subscription.status === 'trialing' ? 'Free trial ended' : 'Subscription renewed',
        message: `We charged ${formatMoney(plan.priceMonthly, plan.currency)} for your ${plan.name} plan until ${day(periodEnd)}.`,
      })),
      ...failed.map(({ subscription, plan, attempts, retryAt }) => ({
        userId: subscription.userId,
        key: `subscription-failed:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${attempts}`,
        type: 'payment_failed' as const,
        title: retryAt ? 'Payment failed' : 'Subscription canceled',
        message: retryAt
          ? `We could not charge your card for the ${plan.name} plan. Update your card on /subscription; we will try again.`
          : `We could not charge your card for the ${plan.name} plan, so it has ended.`,
      })),
    ]);
    counts.skipped = cleared.length + charged.length - fresh.length;
    counts.canceled = ended.length;
    counts.renewed = paid.length;
    counts.failed = failed.length;
  });
  return counts;
}

/** "Ending soon" notices for subscriptions set to end within ENDING_SOON_MS. */
export async function noticeEndingSoon(deps: Pick<SubscriptionDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  const rows = await q.listEndingSoon(deps.db, {
    before: new Date(now.getTime() + ENDING_SOON_MS),
    limit: 500,
  });
  for (const { subscription, planName } of rows) {
    await deps.db.transaction(async (tx) => {
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: { endingNoticeFor: subscription.currentPeriodEnd },
      });
      await notify(tx, subscription.userId, now, {
        key: `subscription-ending:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
        type: 'plan_ending',
        title: 'Subscription ending soon',
        message: `Your ${planName} plan ends on ${day(subscription.currentPeriodEnd)}. Resume it on /subscription to keep it.`,
      });
    });
  }
  return rows.length;
}

/**
 * The reminder before a free trial ends and its first charge (mailed by the person's settings,
 * group "tickets and payments"), for either provider: it reads our row's trial end.
 */
export async function noticeTrialsEnding(deps: Pick<SubscriptionDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  const rows = await q.listTrialsEndingSoon(deps.db, {
    before: new Date(now.getTime() + TRIAL_REMINDER_MS),
    limit: 500,
  });
  for (const { subscription, plan } of rows) {
    await deps.db.transaction(async (tx) => {
      await q.updateSubscription(tx, {
        id: subscription.id,
        values: { endingNoticeFor: subscription.currentPeriodEnd },
      });
      await notify(tx, subscription.userId, now, {
        key: `trial-ending:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
        type: 'plan_ending',
        title: SUBSCRIPTION_MESSAGES.trialEndingTitle,
        message: `Your free trial of the ${plan.name} plan ends on ${day(subscription.currentPeriodEnd)}. Then ${formatMoney(plan.priceMonthly, plan.currency)} a month is charged to your card. To pay nothing, cancel before then on /subscription.`,
      });
    });
  }
  return rows.length;
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

// ---------------------------------------------------------------- provider billing (Stripe)

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

const portalOnly = () =>
  new AppError('CONFLICT', 'Manage this subscription in the billing portal.');

/**
 * A Stripe Billing event on our subscription row, inside the payment webhook's transaction (the
 * event id is already de-duplicated there). Rows are found by the provider's subscription id,
 * which the checkout's fulfilment stored. Invoices are recorded whenever they arrive (their own
 * unique keys); the row's state moves only for an event at least as new as the last one applied
 * (`provider_event_at`), so events out of order never move it back (decision 021).
 */
export async function applyProviderSubscriptionEvent(
  tx: DbExecutor,
  params: { event: ProviderSubscriptionEvent; created: number; now: Date },
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
      await notify(tx, subscription.userId, now, {
        key: `subscription-ended:${subscription.id}:${event.subscriptionRef}`,
        type: 'plan_ending',
        title: 'Subscription ended',
        message: `Your ${name} plan has ended. You can subscribe again any time.`,
      });
    else if (cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd)
      await notify(tx, subscription.userId, now, {
        key: `subscription-${cancelAtPeriodEnd ? 'canceled' : 'resumed'}:${subscription.id}:${at.toISOString()}`,
        type: cancelAtPeriodEnd ? 'plan_ending' : 'payment_success',
        title: cancelAtPeriodEnd ? 'Subscription canceled' : 'Subscription resumed',
        message: cancelAtPeriodEnd
          ? `Your ${name} plan will end on ${day(period?.end ?? subscription.currentPeriodEnd)}. You can resume it until then.`
          : `Your ${name} plan will renew as usual.`,
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
  const amount = formatMoney(
    event.amountCents ?? plan.priceMonthly,
    event.currency ?? plan.currency,
  );
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
    await notify(tx, subscription.userId, now, {
      key: `subscription-renewed:${subscription.id}:${event.invoiceRef}`,
      type: 'payment_success',
      title: 'Subscription renewed',
      message: `We charged ${amount} for your ${plan.name} plan until ${day(end)}.`,
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
  await notify(tx, subscription.userId, now, {
    key: `subscription-failed:${subscription.id}:${event.invoiceRef}:${event.attempt ?? 0}`,
    type: 'payment_failed',
    title: 'Payment failed',
    message: `We could not charge your card ${amount} for the ${plan.name} plan. Update your card in the billing portal on /subscription; Stripe will try again.`,
  });
  return 'subscription_applied';
}
