import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CheckSubscription, MySubscription, Plan } from '../../../contracts/subscriptions';
import { notifications } from '../../db/schema/notifications';
import { subscriptionInvoices, subscriptions } from '../../db/schema/subscriptions';
import { must } from '../../platform/must';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { subscriptionsModule } from './subscriptions.module';

// What the subscription API tests share: one app per test file with the demo plan ladder, an
// admin, and the steps of subscribing through the real checkout and the local payment page.

export const DAY = 24 * 3600_000;

/**
 * Starts the app before the file's tests and closes it after them, seeding the demo ladder
 * through the module's seed hook twice (it is idempotent: twice changes nothing). `app.t`,
 * `app.admin`, `app.adminCookie` and `app.plans` (the public list) are set when the tests start.
 */
export function useSubscriptionsApp() {
  const app = {} as { t: TestApp; admin: CreatedUser; adminCookie: string; plans: Plan[] };

  beforeAll(async () => {
    const t = await createTestApp();
    app.t = t;
    app.admin = await createUser(t.db, { roles: ['admin'] });
    app.adminCookie = await t.sessionCookie(app.admin);
    await t.db.transaction((tx) =>
      must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
    );
    await t.db.transaction((tx) =>
      must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
    );
    app.plans = (await t.app.inject({ url: '/api/subscription-plans' })).json<{
      plans: Plan[];
    }>().plans;
  });
  afterAll(() => app.t.close());

  const byName = (name: string) => {
    const plan = app.plans.find((p) => p.name === name);
    if (!plan) throw new Error(`no plan ${name}`);
    return plan;
  };

  async function signedInUser() {
    const user = await createUser(app.t.db);
    return { user, cookie: await app.t.sessionCookie(user) };
  }

  async function checkout(cookie: string | null, planId: string) {
    return app.t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers: cookie ? { cookie } : {},
      payload: { planId, quantity: 1, isVendorFee: false },
    });
  }

  async function pay(sessionId: string, cardNumber = '4242 4242 4242 4242') {
    return app.t.app.inject({
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
      await app.t.app.inject({ url: '/api/subscriptions/me', headers: { cookie } })
    ).json<MySubscription>();
  const check = async (cookie?: string) =>
    (
      await app.t.app.inject({
        url: '/api/subscriptions/check',
        headers: cookie ? { cookie } : {},
      })
    ).json<CheckSubscription>();
  const rowOf = async (userId: string) => {
    const [row] = await app.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return must(row, 'subscription');
  };
  const invoicesOf = (userId: string) =>
    app.t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.userId, userId));
  /** The person's notices: what each says and how it is typed. */
  const noticesOf = (userId: string) =>
    app.t.db
      .select({ title: notifications.title, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  return {
    app,
    byName,
    signedInUser,
    checkout,
    pay,
    subscriber,
    me,
    check,
    rowOf,
    invoicesOf,
    noticesOf,
  };
}
