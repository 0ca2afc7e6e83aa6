import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Plan } from '../../../contracts/subscriptions';
import { orders } from '../../db/schema/tickets';
import type { CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { getEntitlements, requireFeature } from '../entitlements/entitlements.service';
import { must } from '../../platform/must';
import { localWebhookDelivery } from '../../test/local-payments';
import { DAY, useSubscriptionsApp } from './subscriptions.test-kit';

// The plan ladder and its admin, checkout and activation, plan gating and the reader's
// language. What happens after (renewals, cancels, changes, the cache) is in
// subscription-lifecycle.int.test.ts; free trials in subscription-trials.int.test.ts.

const { app, byName, signedInUser, checkout, pay, subscriber, me, check, rowOf, invoicesOf } =
  useSubscriptionsApp();
let t: TestApp;
let admin: CreatedUser;
let adminCookie: string;
let plans: Plan[];
beforeAll(() => ({ t, admin, adminCookie, plans } = app));

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
