import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, MySubscription } from '../../../contracts/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import { orders } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import type { CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { getEntitlements } from '../entitlements/entitlements.service';
import { sendEndingNotices } from './notices.service';
import { renewDue } from './renewals.service';
import { DAY, useSubscriptionsApp } from './subscriptions.test-kit';

// Free trials, with Stripe Billing's semantics on the local provider and the injected clock.

const { app, signedInUser, checkout, pay, me, check, rowOf, invoicesOf, noticesOf } =
  useSubscriptionsApp();
let t: TestApp;
let admin: CreatedUser;
beforeAll(() => ({ t, admin } = app));

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
