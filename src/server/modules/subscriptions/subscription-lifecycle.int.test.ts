import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckSubscription, MySubscription } from '../../../contracts/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import { subscriptions } from '../../db/schema/subscriptions';
import { must } from '../../platform/must';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getEntitlements } from '../entitlements/entitlements.service';
import { sendEndingNotices } from './notices.service';
import { renewDue } from './renewals.service';
import { FREE_TIER } from './subscriptions.policy';
import { DAY, useSubscriptionsApp } from './subscriptions.test-kit';

// A subscription's life through the local provider on the injected clock: renewals, declining
// cards, cancels, plan changes, concurrent renewal workers and batches, and the
// check-subscription cache across processes. The tests run in order on one database: the cache
// test counts on the subscriptions the earlier ones made.

const {
  app,
  byName,
  signedInUser,
  checkout,
  pay,
  subscriber,
  check,
  rowOf,
  invoicesOf,
  noticesOf,
} = useSubscriptionsApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

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
