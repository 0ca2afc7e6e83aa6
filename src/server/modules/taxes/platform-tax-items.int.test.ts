import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoices } from '../../../contracts/invoices';
import type { AdCampaign } from '../../../contracts/promotions';
import type {
  AdminPlatformTaxRates,
  PlatformTaxItemChoices,
  PublicPlatformTaxRates,
} from '../../../contracts/taxes';
import {
  subscriptionInvoices,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema/subscriptions';
import { events } from '../../db/schema/events';
import { orders } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createEvent, createUser } from '../../test/factories';
import { PLATFORM_INVOICE_PROFILE } from '../../test/invoice-profiles';
import { pdfText } from '../../test/pdf-text';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renewDue } from '../subscriptions/subscriptions.service';

// A platform tax rate for one plan, one event's vendor fee or one campaign, in place of its
// kind's rate (decision 093), and the public read of the rates shown beside prices.

let t: TestApp;
const cookies = {} as Record<'admin' | 'organizer' | 'vendor', string>;
const call = requestAs(
  () => t,
  () => cookies,
);
const plans = {} as Record<'reduced' | 'standard', string>;
let feeEventId: string;
let freeEventId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
  const organizer = await createUser(t.db, { userType: 'organizer' });
  cookies.organizer = await t.signIn(organizer);
  cookies.vendor = await t.signIn(await createUser(t.db, { userType: 'vendor' }));
  const inserted = await t.db
    .insert(subscriptionPlans)
    .values([
      { name: 'Reduced Books', priceMonthly: 2999, maxAttendees: -1 },
      { name: 'Standard Pro', priceMonthly: 2999, maxAttendees: -1 },
    ])
    .returning();
  plans.reduced = must(inserted[0], 'plan').id;
  plans.standard = must(inserted[1], 'plan').id;
  feeEventId = (
    await createEvent(t.db, {
      userId: organizer.id,
      title: 'Harbour Night Market',
      vendorFeeAmount: 30,
    })
  ).id;
  freeEventId = (await createEvent(t.db, { userId: organizer.id, title: 'No Fee Fair' })).id;
  const vat = { name: 'VAT', percent: '20' };
  for (const kind of ['plan', 'vendor_fee', 'ad_budget'])
    expect(
      (await call('admin', 'PUT', `/api/admin/platform-tax-rates/${kind}`, vat)).statusCode,
    ).toBe(200);
});
afterAll(() => t?.close());

const itemUrl = (kind: string, id: string) => `/api/admin/platform-tax-rates/${kind}/items/${id}`;
const reduced = { name: 'Reduced VAT', percent: '10' };

/** Pays a checkout's session on the local payment page. */
async function pay(sessionId: string) {
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionId}/pay`,
    payload: { name: 'Ada Buyer', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  await t.settle();
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return must(order, 'order');
}

async function subscribe(planId: string) {
  const cookie = await t.signIn(await createUser(t.db, { userType: 'organizer' }));
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout',
    headers: { cookie },
    payload: { planId, quantity: 1, isVendorFee: false },
  });
  expect(started.statusCode, started.body).toBe(200);
  return pay(started.json<{ sessionId: string }>().sessionId);
}

describe('a platform tax rate per plan, vendor fee or campaign', () => {
  it('lets admins alone list the items, set and remove their rates; anyone reads the rates', async () => {
    const url = itemUrl('plan', plans.standard);
    for (const who of ['organizer', 'vendor', 'signedOut'] as const) {
      const expected = who === 'signedOut' ? 401 : 403;
      expect((await call(who, 'PUT', url, reduced)).statusCode).toBe(expected);
      expect((await call(who, 'DELETE', url)).statusCode).toBe(expected);
      const choices = await call(who, 'GET', '/api/admin/platform-tax-items?kind=plan');
      expect(choices.statusCode).toBe(expected);
    }
    const set = await call('admin', 'PUT', url, { name: 'Books VAT', percent: '6' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<AdminPlatformTaxRates>().items).toEqual([
      {
        kind: 'plan',
        itemId: plans.standard,
        itemLabel: 'Standard Pro',
        name: 'Books VAT',
        rateThousandths: 6000,
        percent: '6',
      },
    ]);
    // Signed out, as the pricing page reads it: rates and ids only, kept for a while.
    for (const who of ['signedOut', 'vendor', 'admin'] as const) {
      const read = await call(who, 'GET', '/api/platform-tax-rates');
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('public, max-age=300');
      const body = read.json<PublicPlatformTaxRates>();
      expect(body.rates.map((r) => r.kind)).toEqual(['ad_budget', 'plan', 'vendor_fee']);
      expect(body.items).toEqual([
        {
          kind: 'plan',
          itemId: plans.standard,
          name: 'Books VAT',
          rateThousandths: 6000,
          percent: '6',
        },
      ]);
      expect(read.body).not.toContain('Standard Pro');
    }
    const removed = await call('admin', 'DELETE', url);
    expect(removed.json<AdminPlatformTaxRates>().items).toEqual([]);
    // Removing it again changes nothing.
    expect((await call('admin', 'DELETE', url)).statusCode).toBe(200);
  });

  it('offers the plans, the events with a vendor fee and the campaigns, found by their words', async () => {
    const list = async (query: string) => {
      const response = await call('admin', 'GET', `/api/admin/platform-tax-items?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PlatformTaxItemChoices>().items.map((i) => i.label);
    };
    expect(await list('kind=plan&q=books')).toEqual(['Reduced Books']);
    const fees = await list('kind=vendor_fee');
    expect(fees).toContain('Harbour Night Market');
    expect(fees).not.toContain('No Fee Fair');
    // Words are matched as written: a % matches only a %.
    expect(await list('kind=plan&q=%25')).toEqual([]);
    const kind = await call('admin', 'GET', '/api/admin/platform-tax-items?kind=tickets');
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('querystring.kind');
  });

  it('names the refused field: an unknown or malformed item, an event without a fee, a bad rate', async () => {
    const unknown = await call('admin', 'PUT', itemUrl('plan', feeEventId), reduced);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('params.itemId');
    const noFee = await call('admin', 'PUT', itemUrl('vendor_fee', freeEventId), reduced);
    expect(noFee.statusCode).toBe(404);
    expect(noFee.body).toContain('params.itemId');
    const malformed = await call('admin', 'PUT', itemUrl('plan', 'growth'), reduced);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('params.itemId');
    const kind = await call('admin', 'PUT', itemUrl('tickets', plans.reduced), reduced);
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('params.kind');
    const percent = await call('admin', 'PUT', itemUrl('plan', plans.reduced), {
      name: 'VAT',
      percent: '-1',
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.body).toContain('body.percent');
    const name = await call('admin', 'PUT', itemUrl('plan', plans.reduced), { percent: '5' });
    expect(name.statusCode).toBe(400);
    expect(name.body).toContain('body.name');
  });

  it("charges an event's vendor fee and a campaign's budget at their own rates; 0 % means no tax", async () => {
    expect(
      (await call('admin', 'PUT', itemUrl('vendor_fee', feeEventId), reduced)).statusCode,
    ).toBe(200);
    const fee = await call('vendor', 'POST', '/api/payments/create-checkout', {
      eventId: feeEventId,
      isVendorFee: true,
      vendorFeeAmount: 3000,
    });
    expect(fee.statusCode, fee.body).toBe(200);
    // 30.00 with 10 % inside: 2.727… → 2.73.
    const feeOrder = await pay(fee.json<{ sessionId: string }>().sessionId);
    expect(feeOrder).toMatchObject({ kind: 'vendor_fee', totalCents: 3000, taxCents: 273 });

    const created = await call('vendor', 'POST', '/api/promotions/campaigns', {
      headline: 'Fresh bread at the market',
      imageAlt: 'Loaves on a stall',
      targetPath: `/event/${feeEventId}`,
      placement: 'home_billboard',
      startsAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString(),
      dailyBudgetCents: 1000,
      totalBudgetCents: 5000,
      pricing: 'cpm',
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<AdCampaign>();
    const exempt = { name: 'Exempt', percent: '0' };
    expect((await call('admin', 'PUT', itemUrl('ad_budget', campaign.id), exempt)).statusCode).toBe(
      200,
    );
    const checkout = await call(
      'vendor',
      'POST',
      `/api/promotions/campaigns/${campaign.id}/checkout`,
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    const budget = await pay(checkout.json<{ sessionId: string }>().sessionId);
    expect(budget).toMatchObject({ kind: 'ad_budget', totalCents: 5000, taxCents: 0 });
  });
  it("charges a vendor fee in its event's currency and invoices it in that currency", async () => {
    const profile = await call(
      'admin',
      'PUT',
      '/api/invoices/platform-profile',
      PLATFORM_INVOICE_PROFILE,
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const inCurrency = async (title: string, fee: number, currency: string) => {
      const event = await createEvent(t.db, { userId: organizer.id, title, vendorFeeAmount: fee });
      await t.db.update(events).set({ currency }).where(eq(events.id, event.id));
      return event.id;
    };
    const lisbon = await inCurrency('Feira da Ribeira', 45.5, 'EUR');
    const osaka = await inCurrency('Osaka Night Stalls', 4500, 'JPY');

    // The opportunity says which currency its fee is in.
    const listed = await call('vendor', 'GET', `/api/events/${lisbon}/vendor-info`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ vendorFee: 45.5, vendorFeeCents: 4550, currency: 'EUR' });

    const fee = await call('vendor', 'POST', '/api/payments/create-checkout', {
      eventId: lisbon,
      isVendorFee: true,
      vendorFeeAmount: 4550,
    });
    expect(fee.statusCode, fee.body).toBe(200);
    // 45.50 with 20 % inside: 7.583… → 7.58 tax, 37.92 net, all in euros.
    const order = await pay(fee.json<{ sessionId: string }>().sessionId);
    expect(order).toMatchObject({ currency: 'EUR', totalCents: 4550, taxCents: 758 });
    const cookie = cookies.vendor;
    const invoices = await t.app.inject({
      url: `/api/orders/${order.id}/invoices`,
      headers: { cookie },
    });
    const invoice = must(invoices.json<OrderInvoices>().invoices[0], 'invoice');
    expect(invoice).toMatchObject({ currency: 'EUR', grossCents: 4550, taxCents: 758 });
    const pdf = await t.app.inject({ url: invoice.pdfUrl, headers: { cookie } });
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    for (const part of ['€37.92', '€7.58', '€45.50']) expect(text).toContain(part);

    // Yen have no minor unit: the fee is sent in whole yen, and 100 times it is refused.
    const asCents = await call('vendor', 'POST', '/api/payments/create-checkout', {
      eventId: osaka,
      isVendorFee: true,
      vendorFeeAmount: 450000,
    });
    expect(asCents.statusCode).toBe(400);
    expect(asCents.body).toContain('body.vendorFeeAmount');
    const yen = await call('vendor', 'POST', '/api/payments/create-checkout', {
      eventId: osaka,
      isVendorFee: true,
      vendorFeeAmount: 4500,
    });
    expect(yen.statusCode, yen.body).toBe(200);
    // 4,500 yen with 20 % inside: 750 yen tax.
    const yenOrder = await pay(yen.json<{ sessionId: string }>().sessionId);
    expect(yenOrder).toMatchObject({ currency: 'JPY', totalCents: 4500, taxCents: 750 });
  });

  it("charges a plan at its own rate, another plan at the kind's, and renews at its own rate", async () => {
    expect((await call('admin', 'PUT', itemUrl('plan', plans.reduced), reduced)).statusCode).toBe(
      200,
    );
    // 29.99 with 10 % inside: 29.99 × 10 / 110 = 2.726… → 2.73; with 20 %: 5.00.
    const own = await subscribe(plans.reduced);
    expect(own).toMatchObject({ totalCents: 2999, taxCents: 273 });
    const standard = await subscribe(plans.standard);
    expect(standard).toMatchObject({ totalCents: 2999, taxCents: 500 });

    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, own.userId));
    t.clock.set(new Date(must(row, 'subscription').currentPeriodEnd.getTime() + 60_000));
    await renewDue(t, { limit: 1000 });
    const [renewal] = await t.db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(eq(subscriptionInvoices.userId, own.userId), eq(subscriptionInvoices.kind, 'renewal')),
      );
    const [month] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, must(renewal?.orderId, 'renewal order')));
    expect(month).toMatchObject({ kind: 'plan', totalCents: 2999, taxCents: 273 });
    // The admin's list names each item (a month on, the earlier session has ended).
    cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
    const listed = await call('admin', 'GET', '/api/admin/platform-tax-rates');
    expect(listed.json<AdminPlatformTaxRates>().items.map((i) => i.itemLabel)).toEqual([
      'Fresh bread at the market',
      'Reduced Books',
      'Harbour Night Market',
    ]);
  });
});
