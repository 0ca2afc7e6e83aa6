import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contracts/admin';
import type { OrderInvoices } from '../../../contracts/invoices';
import type { PlatformTaxRates } from '../../../contracts/taxes';
import {
  subscriptionInvoices,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema/subscriptions';
import { orders } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createUser } from '../../test/factories';
import { PLATFORM_INVOICE_PROFILE } from '../../test/invoice-profiles';
import { pdfText } from '../../test/pdf-text';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepInvoices } from '../invoices/invoices.service';
import { renewDue } from '../subscriptions/subscriptions.service';

let t: TestApp;
const cookies = {} as Record<'admin' | 'organizer', string>;
let planId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
  cookies.organizer = await t.signIn(await createUser(t.db, { userType: 'organizer' }));
  const [plan] = await t.db
    .insert(subscriptionPlans)
    .values({ name: 'Growth', priceMonthly: 2999, maxAttendees: -1, isActive: true })
    .returning();
  planId = must(plan, 'plan').id;
});
afterAll(() => t?.close());

const call = requestAs(
  () => t,
  () => cookies,
);

/** A new organizer subscribes to the Growth plan and pays on the local payment page. */
async function subscribe() {
  const cookie = await t.signIn(
    await createUser(t.db, { userType: 'organizer', fullName: 'Ines Duarte' }),
  );
  const started = await call({ cookie }, 'POST', '/api/payments/create-checkout', {
    planId,
    quantity: 1,
    isVendorFee: false,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json<{ sessionId: string }>();
  const paid = await call('signedOut', 'POST', `/api/payments/local/sessions/${sessionId}/pay`, {
    name: 'Ines Duarte',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  await t.settle();
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { cookie, order: must(order, 'plan order') };
}

describe("tax on MEA Events' own charges", () => {
  it('lets admins alone read, set and remove the rate of each kind of charge', async () => {
    const url = '/api/admin/platform-tax-rates';
    const vat = { name: 'VAT', percent: '20' };
    for (const who of ['organizer', 'signedOut'] as const) {
      const expected = who === 'signedOut' ? 401 : 403;
      expect((await call(who, 'GET', url)).statusCode).toBe(expected);
      expect((await call(who, 'PUT', `${url}/plan`, vat)).statusCode).toBe(expected);
      expect((await call(who, 'DELETE', `${url}/plan`)).statusCode).toBe(expected);
    }
    const set = await call('admin', 'PUT', `${url}/ad_budget`, {
      name: 'Sales tax',
      percent: '8.875',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<PlatformTaxRates>().rates).toEqual([
      { kind: 'ad_budget', name: 'Sales tax', rateThousandths: 8875, percent: '8.875' },
    ]);
    expect((await call('admin', 'GET', url)).json<PlatformTaxRates>().rates).toHaveLength(1);
    const removed = await call('admin', 'DELETE', `${url}/ad_budget`);
    expect(removed.json<PlatformTaxRates>().rates).toEqual([]);
  });

  it('names the refused field: an unknown kind of charge, a percentage out of range', async () => {
    const url = '/api/admin/platform-tax-rates';
    const kind = await call('admin', 'PUT', `${url}/tickets`, { name: 'VAT', percent: '20' });
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('params.kind');
    const percent = await call('admin', 'PUT', `${url}/plan`, { name: 'VAT', percent: '120' });
    expect(percent.statusCode).toBe(400);
    expect(percent.body).toContain('body.percent');
    expect(percent.body).toContain('Please enter a percentage between 0 and 100');
  });

  it('charges a plan at its price with the tax inside, and invoices it with its tax line; a later rate leaves it as sold', async () => {
    const profile = await call(
      'admin',
      'PUT',
      '/api/invoices/platform-profile',
      PLATFORM_INVOICE_PROFILE,
    );
    expect(profile.statusCode).toBe(200);
    const rate = await call('admin', 'PUT', '/api/admin/platform-tax-rates/plan', {
      name: 'VAT',
      percent: '20',
    });
    expect(rate.statusCode).toBe(200);

    const { cookie, order } = await subscribe();
    // 29.99 with 20 % inside: 29.99 × 20 / 120 = 4.998… → 5.00 tax, 24.99 net.
    expect(order.totalCents).toBe(2999);
    expect(order.taxCents).toBe(500);

    const listed = await call({ cookie }, 'GET', `/api/orders/${order.id}/invoices`);
    const invoice = must(listed.json<OrderInvoices>().invoices[0], 'invoice');
    expect(invoice).toMatchObject({ grossCents: 2999, taxCents: 500, netCents: 2499 });
    const pdf = await call({ cookie }, 'GET', invoice.pdfUrl);
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    for (const part of ['MEA Events Ltd', 'Subscription plan', 'VAT', '20%', '$24.99', '$5.00'])
      expect(text).toContain(part);

    await call('admin', 'PUT', '/api/admin/platform-tax-rates/plan', {
      name: 'VAT',
      percent: '10',
    });
    const [again] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(again?.taxCents).toBe(500);
  });

  it('a month our renewal job charges carries the tax like the first and is invoiced with it', async () => {
    // The platform's billing profile of the test above still holds.
    await call('admin', 'PUT', '/api/admin/platform-tax-rates/plan', {
      name: 'VAT',
      percent: '20',
    });
    const { order: first } = await subscribe();
    expect(first.taxCents).toBe(500);
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, first.userId));
    t.clock.set(new Date(must(row, 'subscription').currentPeriodEnd.getTime() + 60_000));
    expect((await renewDue(t, { limit: 1000 })).renewed).toBeGreaterThanOrEqual(1);
    const [renewal] = await t.db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(
          eq(subscriptionInvoices.userId, first.userId),
          eq(subscriptionInvoices.kind, 'renewal'),
        ),
      );
    const orderId = must(renewal?.orderId, 'renewal order');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'plan', status: 'paid', totalCents: 2999, taxCents: 500 });
    // The invoice sweep (every minute) issues it; the job is run here at once.
    await sweepInvoices(t);
    await t.settle();
    // A month on, the sessions made before have ended: an admin reads it.
    const admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
    const listed = await call({ cookie: admin }, 'GET', `/api/orders/${orderId}/invoices`);
    expect(listed.json<OrderInvoices>().invoices).toEqual([
      expect.objectContaining({ grossCents: 2999, taxCents: 500, netCents: 2499 }),
    ]);
    // Run again: nothing is charged or recorded twice.
    await renewDue(t, { limit: 1000 });
    const again = await t.db.select().from(orders).where(eq(orders.userId, first.userId));
    expect(again).toHaveLength(2);
  });

  it('writes each change of a rate to the admin audit log, with the rate before and after', async () => {
    const admin = await createUser(t.db, { roles: ['admin'] });
    const as = { cookie: await t.signIn(admin) };
    const url = '/api/admin/platform-tax-rates';
    const item = `${url}/plan/items/${planId}`;
    const status = async (method: 'PUT' | 'DELETE', path: string, body?: object) =>
      (await call(as, method, path, body)).statusCode;
    // Removing a rate that is not there, saving the same rate again and a refused percentage
    // change nothing, so they write nothing.
    expect(await status('DELETE', `${url}/vendor_fee`)).toBe(200);
    expect(await status('PUT', `${url}/vendor_fee`, { name: 'VAT', percent: '20' })).toBe(200);
    expect(await status('PUT', `${url}/vendor_fee`, { name: 'VAT', percent: '20' })).toBe(200);
    expect(await status('PUT', `${url}/vendor_fee`, { name: 'VAT', percent: '120' })).toBe(400);
    expect(await status('PUT', `${url}/vendor_fee`, { name: 'VAT', percent: '21' })).toBe(200);
    expect(await status('PUT', item, { name: 'Reduced VAT', percent: '10' })).toBe(200);
    expect(await status('DELETE', item)).toBe(200);
    expect(await status('DELETE', item)).toBe(200);
    expect(await status('DELETE', `${url}/vendor_fee`)).toBe(200);

    // The admin reads the log (the file's first admin's session ended with the renewal's month).
    const audit = await call(as, 'GET', `/api/admin/audit?actorId=${admin.id}&pageSize=100`);
    expect(audit.statusCode).toBe(200);
    const rows = audit.json<AuditPage>().rows.reverse();
    const vat = (percent: string) => ({ name: 'VAT', percent });
    const reduced = { name: 'Reduced VAT', percent: '10' };
    const kind = { kind: 'vendor_fee', itemId: null };
    const plan = { kind: 'plan', itemId: planId };
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.details])).toEqual([
      [
        'platform_tax.set',
        'platform_tax_rate',
        'vendor_fee',
        { ...kind, before: null, after: vat('20') },
      ],
      [
        'platform_tax.set',
        'platform_tax_rate',
        'vendor_fee',
        { ...kind, before: vat('20'), after: vat('21') },
      ],
      [
        'platform_tax.set',
        'platform_tax_rate',
        `plan/${planId}`,
        { ...plan, before: null, after: reduced },
      ],
      [
        'platform_tax.remove',
        'platform_tax_rate',
        `plan/${planId}`,
        { ...plan, before: reduced, after: null },
      ],
      [
        'platform_tax.remove',
        'platform_tax_rate',
        'vendor_fee',
        { ...kind, before: vat('21'), after: null },
      ],
    ]);
    for (const row of rows) {
      expect(row.actor?.id).toBe(admin.id);
      expect(row.requestId).toBeTruthy();
    }
  });
});
