import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoices } from '../../../contracts/invoices';
import type { CheckSubscription, Plan } from '../../../contracts/subscriptions';
import { subscriptionInvoices, subscriptions } from '../../db/schema/subscriptions';
import { orders } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { startFakeStripe, type FakeStripe, type StripeEventPayload } from '../../test/fake-stripe';
import { createUser } from '../../test/factories';
import { PLATFORM_INVOICE_PROFILE } from '../../test/invoice-profiles';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { subscriptionsModule } from './subscriptions.module';
import { renewDue } from './renewals.service';

// Stripe Billing (decision 021): with STRIPE_SECRET_KEY the plan checkout is
// Stripe Checkout in subscription mode, and Stripe's invoice.paid / invoice.payment_failed /
// customer.subscription.updated / deleted drive our row through the same states as the local
// renewal job, each event once, and never backwards when they arrive out of order. The real SDK
// talks to the local fake of Stripe's API (test/fake-stripe.ts).

const WEBHOOK_SECRET = 'whsec_subscriptions_test';
let t: TestApp;
let stripe: FakeStripe;
let plans: Plan[];

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  await t.db.transaction((tx) =>
    must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
  );
  plans = (await t.app.inject({ url: '/api/subscription-plans' })).json<{ plans: Plan[] }>().plans;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const planNamed = (name: string) =>
  must(
    plans.find((p) => p.name === name),
    name,
  );

const deliver = (event: StripeEventPayload) => {
  const { body, headers } = stripe.signedWebhook(event, { secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers,
    payload: body,
  });
};
const outcome = async (event: StripeEventPayload) => (await deliver(event)).json().outcome;

/** Someone subscribed to `planName` through Stripe Checkout in subscription mode. */
async function subscribed(planName: string) {
  const user = await createUser(t.db);
  const cookie = await t.sessionCookie(user);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout',
    headers: { cookie },
    payload: { planId: planNamed(planName).id, quantity: 1, isVendorFee: false },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json<{ sessionId: string }>();
  const completed = stripe.completeSession(sessionId);
  expect(await outcome(completed)).toBe('paid');
  const session = must(stripe.sessions.get(sessionId), 'session');
  return { user, cookie, sessionId, subscriptionRef: must(session.subscription, 'subscription') };
}

const rowOf = async (userId: string) =>
  must(
    (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0],
    'subscription',
  );
const invoicesOf = (userId: string) =>
  t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.userId, userId));
const check = async (cookie: string) =>
  (
    await t.app.inject({ url: '/api/subscriptions/check', headers: { cookie } })
  ).json<CheckSubscription>();

/** An event as Stripe would stamp it `secondsLater` after now (Stripe orders by `created`). */
const stamped = (event: StripeEventPayload, secondsLater: number) => ({
  ...event,
  created: event.created + secondsLater,
});

describe('Stripe Billing (subscription mode)', () => {
  it('checks out in subscription mode with our ids on the subscription; the row follows Stripe', async () => {
    const { user, cookie, sessionId, subscriptionRef } = await subscribed('Starter');
    const session = must(stripe.sessions.get(sessionId), 'session');
    expect(session.mode).toBe('subscription');
    const created = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST',
    );
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { unit_amount: '999', recurring: { interval: 'month' } } }],
    });
    expect(must(stripe.subscriptions.get(subscriptionRef), 'sub').metadata).toMatchObject({
      userId: user.id,
      planId: planNamed('Starter').id,
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerSubscriptionId: subscriptionRef,
      // Stripe charges the months after: our renewal job leaves this row alone.
      renewsAt: null,
    });
    expect(await check(cookie)).toMatchObject({ subscribed: true, plan: 'Starter' });
    t.clock.set(new Date(row.currentPeriodEnd.getTime() + 60_000));
    await renewDue(t, { limit: 1000 });
    expect((await rowOf(user.id)).status).toBe('active');
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('renewal paid, failed then paid, cancel at period end, resume, deleted: each once', async () => {
    const { user, cookie, subscriptionRef } = await subscribed('Starter');
    const first = await rowOf(user.id);

    // The first invoice (subscription_create) is the checkout's order: recorded once already.
    const createInvoice = stripe.chargeSubscription(subscriptionRef, {
      paid: true,
      billingReason: 'subscription_create',
    });
    expect(await outcome(createInvoice)).toBe('ignored');

    const renewal = stamped(stripe.chargeSubscription(subscriptionRef, { paid: true }), 10);
    expect(await outcome(renewal)).toBe('subscription_applied');
    expect(await outcome(renewal)).toBe('duplicate');
    const renewed = await rowOf(user.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(first.currentPeriodEnd.getTime());
    expect((await invoicesOf(user.id)).map((i) => [i.kind, i.status]).sort()).toEqual([
      ['initial', 'paid'],
      ['renewal', 'paid'],
    ]);

    const failed = stamped(stripe.chargeSubscription(subscriptionRef, { paid: false }), 20);
    expect(await outcome(failed)).toBe('subscription_applied');
    expect(await rowOf(user.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    // Access is kept while Stripe retries (spec §6 gating reads the live statuses).
    expect(await check(cookie)).toMatchObject({ subscribed: true, status: 'past_due' });
    const retried = stamped(stripe.chargeSubscription(subscriptionRef, { paid: true }), 30);
    expect(await outcome(retried)).toBe('subscription_applied');
    expect(await rowOf(user.id)).toMatchObject({ status: 'active', failedAttempts: 0 });

    const canceling = stamped(
      stripe.updateSubscription(subscriptionRef, { cancel_at_period_end: true }),
      40,
    );
    expect(await outcome(canceling)).toBe('subscription_applied');
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(true);
    const resumed = stamped(
      stripe.updateSubscription(subscriptionRef, { cancel_at_period_end: false }),
      50,
    );
    expect(await outcome(resumed)).toBe('subscription_applied');
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(false);

    const deleted = stamped(stripe.deleteSubscription(subscriptionRef), 60);
    expect(await outcome(deleted)).toBe('subscription_applied');
    expect(await rowOf(user.id)).toMatchObject({ status: 'canceled' });
    expect(await check(cookie)).toMatchObject({ subscribed: false, status: 'canceled' });
    const notes = await t.db.execute<{ title: string }>(
      sql`select title from notifications where user_id = ${user.id} order by seq`,
    );
    expect(notes.rows.map((n) => n.title)).toEqual([
      'Subscription Activated!',
      'Subscription renewed',
      'Payment failed',
      'Subscription renewed',
      'Subscription canceled',
      'Subscription resumed',
      'Subscription ended',
    ]);
  });

  it('events out of order never move the row back', async () => {
    const { user, subscriptionRef } = await subscribed('Pro');
    const failed = stamped(stripe.chargeSubscription(subscriptionRef, { paid: false }), 10);
    const pastDue = stamped(stripe.updateSubscription(subscriptionRef, { status: 'past_due' }), 11);
    const paid = stamped(stripe.chargeSubscription(subscriptionRef, { paid: true }), 20);
    const active = stamped(stripe.updateSubscription(subscriptionRef, { status: 'active' }), 21);
    // Delivered newest first.
    expect(await outcome(active)).toBe('subscription_applied');
    expect(await outcome(paid)).toBe('subscription_applied');
    expect(await outcome(pastDue)).toBe('subscription_stale');
    expect(await outcome(failed)).toBe('subscription_applied');
    const row = await rowOf(user.id);
    expect(row.status).toBe('active');
    // Both attempts are in the history all the same.
    expect((await invoicesOf(user.id)).map((i) => i.status).sort()).toEqual([
      'failed',
      'paid',
      'paid',
    ]);
    // A deleted subscription stays ended whatever arrives after it.
    const deleted = stamped(stripe.deleteSubscription(subscriptionRef), 30);
    const lateUpdate = stamped(
      stripe.updateSubscription(subscriptionRef, { status: 'active' }),
      25,
    );
    expect(await outcome(deleted)).toBe('subscription_applied');
    expect(await outcome(lateUpdate)).toBe('subscription_stale');
    expect((await rowOf(user.id)).status).toBe('canceled');
  });

  it('our portal actions send a Stripe-billed subscription to Stripe’s portal', async () => {
    const { cookie } = await subscribed('Starter');
    for (const [url, payload] of [
      ['/api/subscriptions/me/cancel', { atPeriodEnd: true }],
      ['/api/subscriptions/me/resume', {}],
      ['/api/subscriptions/me/change-plan', { planId: planNamed('Pro').id }],
      ['/api/subscriptions/me/card', { cardNumber: '4242 4242 4242 4242' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 409 });
      expect(response.json().error.message).toMatch(/in the billing portal\.$/);
    }
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/payments/customer-portal',
      headers: { cookie },
      payload: {},
    });
    expect(portal.json().url).toContain(`${stripe.url}/p/session/`);
  });

  it('a free trial: nothing charged at checkout, trialing until the first invoice is paid; canceled in the trial, never charged; one trial per plan', async () => {
    // The demo Enterprise plan has a 14-day trial.
    const { user, cookie, sessionId, subscriptionRef } = await subscribed('Enterprise');
    const created = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST',
    );
    expect(created.at(-1)?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { unit_amount: '9900', recurring: { interval: 'month' } } }],
      subscription_data: { trial_period_days: '14' },
    });
    expect(must(stripe.sessions.get(sessionId), 'session').amount_total).toBe(0);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ status: 'trialing', providerSubscriptionId: subscriptionRef });
    expect(row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime()).toBe(14 * 86_400_000);
    expect(await check(cookie)).toMatchObject({ subscribed: true, status: 'trialing' });

    // The trial ends: Stripe's first cycle invoice is paid (delivered twice: one effect).
    const paid = stripe.chargeSubscription(subscriptionRef, { paid: true });
    expect(await outcome(paid)).toBe('subscription_applied');
    expect(await outcome(paid)).toBe('duplicate');
    expect((await rowOf(user.id)).status).toBe('active');
    expect((await invoicesOf(user.id)).map((i) => [i.kind, i.amountCents]).sort()).toEqual([
      ['renewal', 9900],
      ['trial', 0],
    ]);

    // Someone else cancels in Stripe's portal during the trial: it ends with no charge.
    const other = await subscribed('Enterprise');
    await outcome(
      stamped(stripe.updateSubscription(other.subscriptionRef, { cancel_at_period_end: true }), 1),
    );
    expect(await rowOf(other.user.id)).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: true,
    });
    expect(await outcome(stamped(stripe.deleteSubscription(other.subscriptionRef), 2))).toBe(
      'subscription_applied',
    );
    expect((await rowOf(other.user.id)).status).toBe('canceled');
    expect((await invoicesOf(other.user.id)).map((i) => [i.kind, i.amountCents])).toEqual([
      ['trial', 0],
    ]);
    // Their next checkout of the plan is charged at once: no second trial.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers: { cookie: other.cookie },
      payload: { planId: planNamed('Enterprise').id, quantity: 1, isVendorFee: false },
    });
    expect(again.statusCode).toBe(200);
    const last = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST',
    );
    expect(last.at(-1)?.params).not.toHaveProperty('subscription_data.trial_period_days');
    const session = must(stripe.sessions.get(again.json<{ sessionId: string }>().sessionId), 's');
    expect(session.amount_total).toBe(9900);
  });

  it('a month Stripe renews carries the platform tax like the first and gets its invoice, once', async () => {
    const admin = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload });
    const profile = await put('/api/invoices/platform-profile', PLATFORM_INVOICE_PROFILE);
    expect(profile.statusCode, profile.body).toBe(200);
    const rate = await put('/api/admin/platform-tax-rates/plan', { name: 'VAT', percent: '20' });
    expect(rate.statusCode, rate.body).toBe(200);
    try {
      const { user, cookie, sessionId, subscriptionRef } = await subscribed('Starter');
      const [first] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.paymentSessionId, sessionId));
      // 9.99 with 20 % inside: 9.99 × 20 / 120 = 1.665 → 1.67 tax.
      expect(first).toMatchObject({ totalCents: 999, taxCents: 167 });

      const renewal = stamped(stripe.chargeSubscription(subscriptionRef, { paid: true }), 10);
      expect(await outcome(renewal)).toBe('subscription_applied');
      expect(await outcome(renewal)).toBe('duplicate');
      await t.settle();
      const renewed = (await invoicesOf(user.id)).filter((i) => i.kind === 'renewal');
      expect(renewed).toHaveLength(1);
      const orderId = must(renewed[0]?.orderId, 'renewal order');
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        kind: 'plan',
        status: 'paid',
        userId: user.id,
        totalCents: 999,
        taxCents: 167,
        provider: 'stripe',
      });
      const listed = await t.app.inject({
        url: `/api/orders/${orderId}/invoices`,
        headers: { cookie },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const invoices = listed.json<OrderInvoices>().invoices;
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ grossCents: 999, taxCents: 167, netCents: 832 });
      const pdf = await t.app.inject({
        url: must(invoices[0], 'invoice').pdfUrl,
        headers: { cookie },
      });
      const text = (await pdfText(pdf.rawPayload)).join(' ');
      for (const part of ['MEA Events Ltd', 'Subscription plan', 'VAT', '20%', '$8.32', '$1.67'])
        expect(text).toContain(part);

      // A failed attempt charges nothing: no order, no invoice.
      const failed = stamped(stripe.chargeSubscription(subscriptionRef, { paid: false }), 20);
      expect(await outcome(failed)).toBe('subscription_applied');
      await t.settle();
      const charged = await t.db.select().from(orders).where(eq(orders.userId, user.id));
      expect(charged.filter((o) => o.status === 'paid')).toHaveLength(2);
    } finally {
      await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/platform-tax-rates/plan',
        headers: { cookie: admin },
      });
    }
  });
});
