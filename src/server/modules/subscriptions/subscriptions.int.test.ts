import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPlan,
  CheckSubscription,
  MySubscription,
  Plan,
} from '../../../contracts/subscriptions';
import { notifications } from '../../db/schema/notifications';
import { subscriptionInvoices, subscriptions } from '../../db/schema/subscriptions';
import { orders } from '../../db/schema/tickets';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import { subscriptionsModule } from './subscriptions.module';
import { getEntitlements, requireFeature } from '../entitlements/entitlements.service';
import { sendEndingNotices } from './notices.service';
import { renewDue } from './renewals.service';
import { FREE_TIER } from './subscriptions.policy';
import { must } from '../../platform/must';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { localWebhookDelivery } from '../../test/local-payments';

let t: TestApp;
let admin: CreatedUser;
let adminCookie: string;
let plans: Plan[];
const DAY = 24 * 3600_000;

const byName = (name: string) => {
  const plan = plans.find((p) => p.name === name);
  if (!plan) throw new Error(`no plan ${name}`);
  return plan;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { roles: ['admin'] });
  adminCookie = await t.sessionCookie(admin);
  // The demo ladder, through the seed hook (idempotent: twice changes nothing).
  await t.db.transaction((tx) =>
    must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
  );
  await t.db.transaction((tx) =>
    must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
  );
  plans = (await t.app.inject({ url: '/api/subscription-plans' })).json<{ plans: Plan[] }>().plans;
});
afterAll(() => t.close());

async function signedInUser() {
  const user = await createUser(t.db);
  return { user, cookie: await t.sessionCookie(user) };
}

async function checkout(cookie: string | null, planId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout',
    headers: cookie ? { cookie } : {},
    payload: { planId, quantity: 1, isVendorFee: false },
  });
}

async function pay(sessionId: string, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionId}/pay`,
    payload: { name: 'Ada Obi', cardNumber, expiry: '12/30', cvc: '123' },
  });
}

/** A subscriber of `planName` through the real checkout and the local payment page. */
async function subscriber(planName: string) {
  const who = await signedInUser();
  const started = await checkout(who.cookie, byName(planName).id);
  expect(started.statusCode).toBe(200);
  const { sessionId } = started.json<{ sessionId: string }>();
  const paid = await pay(sessionId);
  expect(paid.json().status, paid.body).toBe('succeeded');
  return { ...who, sessionId };
}

const me = async (cookie: string) =>
  (
    await t.app.inject({ url: '/api/subscriptions/me', headers: { cookie } })
  ).json<MySubscription>();
const check = async (cookie?: string) =>
  (
    await t.app.inject({ url: '/api/subscriptions/check', headers: cookie ? { cookie } : {} })
  ).json<CheckSubscription>();
const rowOf = async (userId: string) => {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return must(row, 'subscription');
};
const invoicesOf = (userId: string) =>
  t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.userId, userId));
/** The person's notices: what each says and how it is typed. */
const noticesOf = (userId: string) =>
  t.db
    .select({ title: notifications.title, type: notifications.type })
    .from(notifications)
    .where(eq(notifications.userId, userId));

describe('plans', () => {
  it('lists the active ladder cheapest first, to anyone', () => {
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Starter', 'Pro', 'Enterprise']);
    expect(plans.map((p) => p.priceMonthly)).toEqual([0, 999, 2999, 9900]);
    expect(byName('Enterprise').maxAttendees).toBe(-1);
  });

  it('admin plan routes: signed out 401, a member 403, admin 200', async () => {
    const member = await signedInUser();
    const body = { name: `Matrix ${randomUUID().slice(0, 6)}`, priceMonthly: 500 };
    for (const [cookie, status] of [
      [null, 401],
      [member.cookie, 403],
    ] as const) {
      const headers = cookie ? { cookie } : {};
      expect(
        (await t.app.inject({ url: '/api/admin/subscription-plans', headers })).statusCode,
      ).toBe(status);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/subscription-plans',
            headers,
            payload: body,
          })
        ).statusCode,
      ).toBe(status);
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/subscription-plans/${byName('Pro').id}`,
            headers,
            payload: { priceMonthly: 1 },
          })
        ).statusCode,
      ).toBe(status);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/admin/subscription-plans/${byName('Pro').id}`,
            headers,
          })
        ).statusCode,
      ).toBe(status);
    }
    const list = await t.app.inject({
      url: '/api/admin/subscription-plans',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ plans: AdminPlan[] }>().plans.length).toBeGreaterThanOrEqual(4);
  });

  it('admin creates, edits, deactivates and deletes an unused plan; names the bad field', async () => {
    const headers = { cookie: adminCookie };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/subscription-plans',
      headers,
      payload: { name: 'Half cent', priceMonthly: 9.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.priceMonthly');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/subscription-plans',
      headers,
      payload: { name: 'Team', priceMonthly: 1999, features: ['Team seats'], hasChat: true },
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json<AdminPlan>();
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/subscription-plans',
      headers,
      payload: { name: 'team', priceMonthly: 1 },
    });
    expect(duplicate.statusCode).toBe(409);
    const hidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/subscription-plans/${plan.id}`,
      headers,
      payload: { isActive: false, priceMonthly: 2499 },
    });
    expect(hidden.json<AdminPlan>()).toMatchObject({ isActive: false, priceMonthly: 2499 });
    const publicList = (await t.app.inject({ url: '/api/subscription-plans' })).json<{
      plans: Plan[];
    }>();
    expect(publicList.plans.some((p) => p.id === plan.id)).toBe(false);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscription-plans/${plan.id}`,
      headers,
    });
    expect(removed.json()).toEqual({ ok: true });
  });

  it('never deletes a plan with subscribers (409), only deactivates it', async () => {
    await subscriber('Starter');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscription-plans/${byName('Starter').id}`,
      headers: { cookie: adminCookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Deactivate it instead/);
  });
});

describe('checkout and activation', () => {
  it('signed out: 401 "Please log in to subscribe to a plan."; portal has its own text', async () => {
    const response = await checkout(null, byName('Pro').id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Please log in to subscribe to a plan.');
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/payments/customer-portal',
      payload: {},
    });
    expect(portal.statusCode).toBe(401);
    expect(portal.json().error.message).toBe('Please log in to manage your subscription.');
  });

  it('refuses an unknown plan, a malformed id and the free plan, naming planId', async () => {
    const { cookie } = await signedInUser();
    expect((await checkout(cookie, randomUUID())).statusCode).toBe(404);
    expect((await checkout(cookie, 'not-a-plan')).statusCode).toBe(404);
    const free = await checkout(cookie, byName('Free').id);
    expect(free.statusCode).toBe(400);
    expect(free.json().error.details.fields[0].field).toBe('body.planId');
  });

  it('paying activates the plan for a month; check-subscription and the portal follow', async () => {
    expect(await check()).toEqual({
      subscribed: false,
      plan: null,
      status: 'inactive',
      subscription: null,
    });
    const { user, cookie, sessionId } = await subscriber('Pro');
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({ kind: 'plan', status: 'paid', totalCents: 2999 });
    const status = await check(cookie);
    expect(status).toMatchObject({ subscribed: true, plan: 'Pro', status: 'active' });
    const mine = await me(cookie);
    expect(mine.plan?.name).toBe('Pro');
    expect(mine.nextInvoice?.amountCents).toBe(2999);
    expect(mine.invoices).toHaveLength(1);
    expect(new Date(mine.subscription?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(
      t.clock.now().getTime() + 27 * DAY,
    );
    const again = await checkout(cookie, byName('Pro').id);
    expect(again.statusCode).toBe(409);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/payments/customer-portal',
      headers: { cookie },
      payload: {},
    });
    expect(portal.json().url).toMatch(/\/subscription\?portal=1$/);
    expect(await getEntitlements(t.db, user.id)).toMatchObject({
      planId: byName('Pro').id,
      maxAttendees: 5000,
      hasRecording: true,
    });
  });

  it('a webhook delivered twice (and the page paid twice) has one effect', async () => {
    const { user, cookie } = await signedInUser();
    const { sessionId } = (await checkout(cookie, byName('Starter').id)).json<{
      sessionId: string;
    }>();
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const delivery = localWebhookDelivery(t, {
      sessionId,
      orderId: must(order, 'order').id,
      amountCents: 999,
      paymentRef: 'pi_plan',
    });
    const outcomes = await Promise.all([t.app.inject(delivery), t.app.inject(delivery)]);
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    await pay(sessionId);
    await pay(sessionId);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect((await rowOf(user.id)).status).toBe('active');
  });
});

describe('lifecycle through the local provider (injected clock)', () => {
  it('mails the start, the renewal receipt and the failed payment, by the person’s settings', async () => {
    const mailed = await subscriber('Starter');
    // `quiet` turns email off for the tickets and payments group before subscribing.
    const quiet = await signedInUser();
    const settings = await t.app.inject({
      url: '/api/notifications/settings',
      headers: { cookie: quiet.cookie },
    });
    const groups = settings.json<{ groups: Record<string, { email: boolean }> }>().groups;
    const tickets = must(groups.tickets, 'tickets group');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie: quiet.cookie },
      payload: {
        ...settings.json<Record<string, unknown>>(),
        groups: { ...groups, tickets: { ...tickets, email: false } },
      },
    });
    expect(saved.statusCode).toBe(200);
    const checkedOut = await checkout(quiet.cookie, byName('Starter').id);
    expect((await pay(checkedOut.json<{ sessionId: string }>().sessionId)).json().status).toBe(
      'succeeded',
    );

    const started = await waitForCapturedMail(t.db, mailed.user.email);
    expect(started.map((m) => m.subject)).toContain(SUBSCRIPTION_MESSAGES.activatedTitle);
    t.clock.set(new Date((await rowOf(mailed.user.id)).currentPeriodEnd.getTime() + 1000));
    await renewDue(t, { limit: 1000 });
    const renewed = await waitForCapturedMail(t.db, mailed.user.email, { count: 2 });
    const receipt = renewed.find((m) => m.subject === 'Subscription renewed');
    expect(receipt?.text).toContain('We charged $9.99 for your Starter plan');
    expect(receipt?.text).toContain('/subscription');

    // The quiet subscriber's renewal fails (declining card): in-app only, no mail.
    await t.db
      .update(subscriptions)
      .set({ cardDeclines: true, renewsAt: t.clock.now() })
      .where(eq(subscriptions.userId, quiet.user.id));
    await renewDue(t, { limit: 1000 });
    expect((await rowOf(quiet.user.id)).status).toBe('past_due');
    // The mailed one's payment fails next month: that mail goes out.
    await t.db
      .update(subscriptions)
      .set({ cardDeclines: true, renewsAt: t.clock.now() })
      .where(eq(subscriptions.userId, mailed.user.id));
    await renewDue(t, { limit: 1000 });
    const failed = await waitForCapturedMail(t.db, mailed.user.email, { count: 3 });
    expect(failed.map((m) => m.subject)).toContain('Payment failed');
    expect(await capturedMailCount(t.db, quiet.user.email)).toBe(0);
  });

  it('renews at the period end, exactly once, and keeps the plan', async () => {
    const { user } = await subscriber('Starter');
    const before = await rowOf(user.id);
    expect(await renewDue(t, { limit: 100 })).toMatchObject({ renewed: 0 });
    t.clock.set(new Date(before.currentPeriodEnd.getTime() + 1000));
    await renewDue(t, { limit: 1000 });
    await renewDue(t, { limit: 1000 });
    const after = await rowOf(user.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    const invoices = await invoicesOf(user.id);
    expect(invoices.map((i) => i.kind).sort()).toEqual(['initial', 'renewal']);
  });

  it('a declining card: past_due, retries, then canceled; fixing the card recovers', async () => {
    const failing = await subscriber('Starter');
    const recovering = await subscriber('Starter');
    for (const who of [failing, recovering]) {
      const card = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/me/card',
        headers: { cookie: who.cookie },
        payload: { cardNumber: '4000 0000 0000 0002' },
      });
      expect(card.statusCode).toBe(200);
    }
    t.clock.set(new Date((await rowOf(failing.user.id)).currentPeriodEnd.getTime() + 1000));
    // A month on, the sessions made at sign-up have expired (30 days): both sign in again.
    failing.cookie = await t.sessionCookie(failing.user);
    recovering.cookie = await t.sessionCookie(recovering.user);
    await renewDue(t, { limit: 1000 });
    expect(await rowOf(failing.user.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect((await check(failing.cookie)).subscribed).toBe(true);
    // The second fixes the card: the next run charges it.
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/card',
      headers: { cookie: recovering.cookie },
      payload: { cardNumber: '4242424242424242' },
    });
    await renewDue(t, { limit: 1000 });
    expect(await rowOf(recovering.user.id)).toMatchObject({ status: 'active', failedAttempts: 0 });
    for (let retry = 0; retry < 3; retry += 1) {
      t.clock.advance(6 * DAY);
      await renewDue(t, { limit: 1000 });
    }
    expect(await rowOf(failing.user.id)).toMatchObject({ status: 'canceled', failedAttempts: 4 });
    expect((await check(failing.cookie)).subscribed).toBe(false);
    const failed = (await invoicesOf(failing.user.id)).filter((i) => i.status === 'failed');
    expect(failed).toHaveLength(4);
  });

  it('cancel at period end keeps access until then; resume undoes it; the job ends it', async () => {
    const { user, cookie } = await subscriber('Pro');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: {},
    });
    expect(cancel.json<MySubscription>().subscription?.cancelAtPeriodEnd).toBe(true);
    expect(cancel.json<MySubscription>().nextInvoice).toBeNull();
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/resume',
      headers: { cookie },
    });
    expect(resumed.json<MySubscription>().subscription?.cancelAtPeriodEnd).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: { atPeriodEnd: true },
    });
    t.clock.set(new Date((await rowOf(user.id)).currentPeriodEnd.getTime() - DAY));
    expect((await sendEndingNotices(t)).endingSoon).toBe(1);
    t.clock.set(new Date((await rowOf(user.id)).currentPeriodEnd.getTime() + 1000));
    await renewDue(t, { limit: 1000 });
    expect((await rowOf(user.id)).status).toBe('canceled');
    // A plan that ends is no payment: its notices have a type of their own.
    expect(await noticesOf(user.id)).toEqual(
      expect.arrayContaining([
        { title: SUBSCRIPTION_MESSAGES.activatedTitle, type: 'payment_success' },
        { title: 'Subscription canceled', type: 'plan_ending' },
        { title: 'Subscription ending soon', type: 'plan_ending' },
        { title: 'Subscription ended', type: 'plan_ending' },
      ]),
    );
    expect((await noticesOf(user.id)).filter((n) => n.type === 'payment_success')).toEqual([
      { title: SUBSCRIPTION_MESSAGES.activatedTitle, type: 'payment_success' },
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    // A month on, the session made at sign-up has expired (30 days): they sign in again.
    const lateCookie = await t.sessionCookie(user);
    const resumeLate = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/resume',
      headers: { cookie: lateCookie },
    });
    expect(resumeLate.statusCode).toBe(409);
    expect(await getEntitlements(t.db, user.id)).toEqual(FREE_TIER);
  });

  it('cancel at once ends access now', async () => {
    const { user, cookie } = await subscriber('Starter');
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: { atPeriodEnd: false },
    });
    expect((await rowOf(user.id)).status).toBe('canceled');
    expect((await check(cookie)).subscribed).toBe(false);
  });

  it('upgrade charges the prorated difference now; downgrade waits for the period end', async () => {
    const { user, cookie } = await subscriber('Starter');
    const start = await rowOf(user.id);
    // Half the period later.
    t.clock.set(
      new Date((start.currentPeriodStart.getTime() + start.currentPeriodEnd.getTime()) / 2),
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/change-plan',
      headers: { cookie },
      payload: { planId: byName('Pro').id },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json<MySubscription>().plan?.name).toBe('Pro');
    const proration = (await invoicesOf(user.id)).find((i) => i.kind === 'proration');
    expect(proration?.amountCents).toBe(Math.floor((2999 - 999) / 2));
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/change-plan',
      headers: { cookie },
      payload: { planId: byName('Starter').id },
    });
    expect(down.json<MySubscription>()).toMatchObject({
      plan: { name: 'Pro' },
      subscription: { pendingPlanName: 'Starter' },
      nextInvoice: { amountCents: 999 },
    });
    t.clock.set(new Date(start.currentPeriodEnd.getTime() + 1000));
    await renewDue(t, { limit: 1000 });
    const after = await rowOf(user.id);
    expect(after.planId).toBe(byName('Starter').id);
    expect(after.pendingPlanId).toBeNull();
    const renewal = (await invoicesOf(user.id)).find((i) => i.kind === 'renewal');
    expect(renewal?.amountCents).toBe(999);
  });

  it('two workers renewing the same due rows at once charge each exactly once', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => subscriber('Starter')));
    const latest = Math.max(
      ...(await Promise.all(
        people.map(async (p) => (await rowOf(p.user.id)).currentPeriodEnd.getTime()),
      )),
    );
    t.clock.set(new Date(latest + 1000));
    await Promise.all([
      renewDue(t, { limit: 7 }),
      renewDue(t, { limit: 7 }),
      renewDue(t, { limit: 1000 }),
      renewDue(t, { limit: 1000 }),
    ]);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from subscription_invoices
      where kind = 'renewal' and status = 'paid'
      group by subscription_id, period_start having count(*) > 1`);
    expect(rows).toEqual([]);
    for (const p of people)
      expect((await invoicesOf(p.user.id)).filter((i) => i.kind === 'renewal')).toHaveLength(1);
  });
});

describe('renewal batches (set-based, concurrent workers)', () => {
  it('three workers draining 1,200 due rows in batches of 500: none charged twice, none left untouched', async () => {
    const now = t.clock.now();
    const tag = randomUUID().slice(0, 8);
    await t.db.execute(sql`
      insert into users (email)
      select 'batch-' || ${tag} || '-' || n || '@example.test' from generate_series(1, 1200) n`);
    // Every tenth on the declining card, every twenty-fifth set to end at its period end.
    await t.db.execute(sql`
      insert into subscriptions (user_id, plan_id, status, provider, current_period_start,
        current_period_end, card_declines, cancel_at_period_end, renews_at)
      select u.id, ${byName('Starter').id}::uuid, 'active', 'local',
        ${now}::timestamptz - interval '1 month', ${now}::timestamptz - interval '1 minute',
        (n % 10 = 0), (n % 25 = 0), ${now}::timestamptz - interval '1 minute'
      from (select id, row_number() over (order by email) as n from users
            where email like ${`batch-${tag}-%`}) u`);
    const worker = async () => {
      const totals = { renewed: 0, failed: 0, canceled: 0, skipped: 0 };
      for (;;) {
        const done = await renewDue(t, { limit: 500 });
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += done[key];
        if (done.renewed + done.failed + done.canceled + done.skipped === 0) return totals;
      }
    };
    const results = await Promise.all([worker(), worker(), worker()]);
    const sum = (key: keyof (typeof results)[number]) =>
      results.reduce((total, r) => total + r[key], 0);
    // 48 end at the period end (n % 25); of the rest, 96 decline (n % 10, less n % 50).
    expect({ renewed: sum('renewed'), failed: sum('failed'), canceled: sum('canceled') }).toEqual({
      renewed: 1056,
      failed: 96,
      canceled: 48,
    });
    const { rows } = await t.db.execute<{ status: string; invoices: number; n: number }>(sql`
      select s.status, (select count(*)::int from subscription_invoices i
                          where i.subscription_id = s.id and i.kind = 'renewal') as invoices,
        count(*)::int as n
      from subscriptions s join users u on u.id = s.user_id
      where u.email like ${`batch-${tag}-%`}
      group by 1, 2 order by 1, 2`);
    expect(rows).toEqual([
      { status: 'active', invoices: 1, n: 1056 },
      { status: 'canceled', invoices: 0, n: 48 },
      { status: 'past_due', invoices: 1, n: 96 },
    ]);
    const { rows: stillDue } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from subscriptions s join users u on u.id = s.user_id
      where u.email like ${`batch-${tag}-%`} and s.renews_at <= ${now}`);
    expect(stillDue[0]?.n).toBe(0);
    // Each renewed row moved on one month from its old end, with its receipt.
    const { rows: notices } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from notifications n join users u on u.id = n.user_id
      where u.email like ${`batch-${tag}-%`}`);
    expect(notices[0]?.n).toBe(1200);
  });
});

describe('plan gating (spec §6)', () => {
  it('access matrix: free user, each plan, admin, over the four flags', async () => {
    const free = await signedInUser();
    const starter = await subscriber('Starter');
    const pro = await subscriber('Pro');
    const expectations: [string, Record<string, boolean>][] = [
      [
        free.user.id,
        { messaging: false, chat: false, recording: false, sharing: false, analytics: false },
      ],
      [
        starter.user.id,
        { messaging: true, chat: true, recording: false, sharing: false, analytics: true },
      ],
      [
        pro.user.id,
        { messaging: true, chat: true, recording: true, sharing: true, analytics: true },
      ],
      // An admin without a subscription is held to the free tier too: plans are about billing.
      [
        admin.id,
        { messaging: false, chat: false, recording: false, sharing: false, analytics: false },
      ],
    ];
    for (const [userId, features] of expectations)
      for (const [feature, allowed] of Object.entries(features)) {
        const outcome = await requireFeature(t.db, { userId, feature }).then(
          () => true,
          (error: { code: string; message: string }) => {
            expect(error.code).toBe('FORBIDDEN');
            expect(error.message).toMatch(/plan|subscription/);
            expect(error.message).toMatch(/\/pricing/);
            return false;
          },
        );
        expect({ userId, feature, outcome }).toEqual({ userId, feature, outcome: allowed });
      }
    await expect(
      requireFeature(t.db, { userId: free.user.id, feature: 'recording' }),
    ).rejects.toThrow(/Recording needs the Pro plan or higher/);
  });

  it('check-subscription signed out is unsubscribed/inactive; me needs sign-in', async () => {
    expect((await check()).status).toBe('inactive');
    expect((await t.app.inject({ url: '/api/subscriptions/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/subscriptions/me/cancel', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('someone else’s invoice is not found', async () => {
    const a = await subscriber('Starter');
    const b = await signedInUser();
    const [invoice] = await invoicesOf(a.user.id);
    const mine = await t.app.inject({
      url: `/api/subscriptions/me/invoices/${must(invoice, 'invoice').id}`,
      headers: { cookie: a.cookie },
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({
      url: `/api/subscriptions/me/invoices/${must(invoice, 'invoice').id}`,
      headers: { cookie: b.cookie },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('free trials (Stripe Billing semantics, local provider)', () => {
  let trialPlan: AdminPlan;
  beforeAll(async () => {
    // Earlier tests moved the clock past the first admin session's end.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/subscription-plans',
      headers: { cookie: await t.sessionCookie(admin) },
      payload: { name: 'Trial Plus', priceMonthly: 1500, trialDays: 14, maxAttendees: 800 },
    });
    expect(created.statusCode).toBe(200);
    trialPlan = created.json<AdminPlan>();
  });

  async function openCheckout(cookie: string) {
    const started = await checkout(cookie, trialPlan.id);
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json<{ sessionId: string }>();
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    return { sessionId, order: must(order, 'order') };
  }

  async function trialist() {
    const who = await signedInUser();
    const { sessionId, order } = await openCheckout(who.cookie);
    expect(order.totalCents).toBe(0);
    expect((await pay(sessionId)).json().status).toBe('succeeded');
    return { ...who, sessionId };
  }

  it('starts with nothing charged and shows its end; paid twice, one trial; a second trial is refused', async () => {
    const { user, cookie, sessionId } = await trialist();
    // The local page (like Stripe's) delivers the completed payment again on a second pay.
    expect((await pay(sessionId)).json().status).toBe('succeeded');
    const trialEnd = t.clock.now().getTime() + 14 * DAY;
    expect(await check(cookie)).toMatchObject({
      subscribed: true,
      plan: 'Trial Plus',
      status: 'trialing',
    });
    const mine = await me(cookie);
    expect(mine.subscription?.status).toBe('trialing');
    expect(Math.abs(new Date(mine.subscription?.currentPeriodEnd ?? 0).getTime() - trialEnd)).toBe(
      0,
    );
    // The first charge: the plan's price at the trial's end.
    expect(mine.nextInvoice).toMatchObject({ amountCents: 1500 });
    expect(new Date(mine.nextInvoice?.dueAt ?? 0).getTime()).toBe(trialEnd);
    expect(mine.invoices.map((i) => [i.kind, i.amountCents])).toEqual([['trial', 0]]);
    expect(mine.trialsUsed).toEqual([trialPlan.id]);
    expect(await getEntitlements(t.db, user.id)).toMatchObject({ maxAttendees: 800 });

    // Ended at once, the plan's trial is not offered again: the next checkout charges now.
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: { atPeriodEnd: false },
    });
    const again = await openCheckout(cookie);
    expect(again.order.totalCents).toBe(1500);
    expect((await pay(again.sessionId)).json().status).toBe('succeeded');
    expect(await rowOf(user.id)).toMatchObject({ status: 'active' });
    expect((await invoicesOf(user.id)).map((i) => i.kind).sort()).toEqual(['initial', 'trial']);
  });

  it('two trial checkouts opened at once start one trial (the second, paid later, starts nothing)', async () => {
    const { user, cookie } = await signedInUser();
    const first = await openCheckout(cookie);
    const second = await openCheckout(cookie);
    expect(second.order.totalCents).toBe(0);
    await pay(first.sessionId);
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: { atPeriodEnd: false },
    });
    expect((await pay(second.sessionId)).json().status).toBe('succeeded');
    expect((await rowOf(user.id)).status).toBe('canceled');
    expect((await invoicesOf(user.id)).filter((i) => i.kind === 'trial')).toHaveLength(1);
  });

  it('reminds once 3 days before the end (mail by settings), then the first renewal makes it active, charged once', async () => {
    const { user } = await trialist();
    const start = await rowOf(user.id);
    expect(start).toMatchObject({ status: 'trialing' });
    t.clock.set(new Date(start.currentPeriodEnd.getTime() - 4 * DAY));
    expect((await sendEndingNotices(t)).trialsEnding).toBe(0);
    t.clock.set(new Date(start.currentPeriodEnd.getTime() - 2 * DAY));
    expect((await sendEndingNotices(t)).trialsEnding).toBe(1);
    expect((await sendEndingNotices(t)).trialsEnding).toBe(0);
    const mails = await waitForCapturedMail(t.db, user.email, { count: 2 });
    const reminder = mails.find((m) => m.subject === SUBSCRIPTION_MESSAGES.trialEndingTitle);
    expect(reminder?.text).toContain('$15.00 a month is charged');
    expect(await noticesOf(user.id)).toContainEqual({
      title: SUBSCRIPTION_MESSAGES.trialEndingTitle,
      type: 'plan_ending',
    });

    t.clock.set(new Date(start.currentPeriodEnd.getTime() + 1000));
    await Promise.all([renewDue(t, { limit: 1000 }), renewDue(t, { limit: 1000 })]);
    await renewDue(t, { limit: 1000 });
    const after = await rowOf(user.id);
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect(after.currentPeriodStart).toEqual(start.currentPeriodEnd);
    const renewals = (await invoicesOf(user.id)).filter((i) => i.kind === 'renewal');
    expect(renewals.map((i) => [i.status, i.amountCents])).toEqual([['paid', 1500]]);
  });

  it('canceled during the trial: access until its end, then canceled with no charge', async () => {
    const { user, cookie } = await trialist();
    const canceled = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/me/cancel',
      headers: { cookie },
      payload: {},
    });
    expect(canceled.json<MySubscription>()).toMatchObject({
      subscription: { status: 'trialing', cancelAtPeriodEnd: true },
      nextInvoice: null,
    });
    expect((await check(cookie)).subscribed).toBe(true);
    const { currentPeriodEnd } = await rowOf(user.id);
    t.clock.set(new Date(currentPeriodEnd.getTime() - DAY));
    // No "will be charged" reminder for a trial that is set to end.
    expect((await sendEndingNotices(t)).trialsEnding).toBe(0);
    t.clock.set(new Date(currentPeriodEnd.getTime() + 1000));
    await renewDue(t, { limit: 1000 });
    expect((await rowOf(user.id)).status).toBe('canceled');
    expect((await check(cookie)).subscribed).toBe(false);
    expect((await invoicesOf(user.id)).map((i) => [i.kind, i.amountCents])).toEqual([['trial', 0]]);
  });
});

describe('check-subscription cache (decision 021)', () => {
  it('a cached answer is dropped in another process by any subscription change, and only then', async () => {
    // A second server process on the same database, its cache on for a minute: only the change
    // notices (trigger → session channel) can make it answer differently within this test.
    const other = await createTestApp({
      shareDatabaseOf: t,
      env: { SUBSCRIPTION_CACHE_MS: '60000' },
    });
    try {
      other.clock.set(t.clock.now());
      const { user, cookie } = await subscriber('Starter');
      const ask = async () =>
        (
          await other.app.inject({ url: '/api/subscriptions/check', headers: { cookie } })
        ).json<CheckSubscription>();
      expect(await ask()).toMatchObject({ subscribed: true, status: 'active' });
      // A change nobody is told of (triggers off for its transaction) is not seen: it is cached.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx
          .update(subscriptions)
          .set({ status: 'past_due' })
          .where(eq(subscriptions.userId, user.id));
      });
      expect((await ask()).status).toBe('active');
      // Canceled through the first process's API: the second process hears of it.
      await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/me/cancel',
        headers: { cookie },
        payload: { atPeriodEnd: false },
      });
      await expect.poll(async () => (await ask()).subscribed, { timeout: 5000 }).toBe(false);
      // One statement over many people's rows (a renewal batch) drops every cached answer.
      const { rowCount } = await t.db.execute(sql`
        update subscriptions set status = case when user_id = ${user.id} then 'active' else status end`);
      expect(rowCount).toBeGreaterThan(20);
      await expect.poll(async () => (await ask()).status, { timeout: 5000 }).toBe('active');
    } finally {
      await other.close();
    }
  });
});

describe('in the reader’s language', () => {
  it('refuses a checkout of the free plan in Spanish, its field too, the code unchanged', async () => {
    const { cookie } = await signedInUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers: { cookie, 'accept-language': 'es' },
      payload: { planId: byName('Free').id, quantity: 1, isVendorFee: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'El plan gratuito no requiere pago',
        details: {
          fields: [{ field: 'body.planId', message: 'El plan gratuito no requiere pago' }],
        },
      },
    });
  });
});
