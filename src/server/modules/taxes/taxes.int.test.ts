import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTaxSettings, TaxRate, TaxSummary } from '../../../contracts/taxes';
import type { Order, Quote } from '../../../contracts/tickets';
import { orderItems } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Amara Nwosu' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

async function newRate(body: object, who: Who = 'owner') {
  const response = await call(who, 'POST', '/api/tax-rates', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TaxRate>();
}

async function newEvent() {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Harbour Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const day = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Day pass',
    quantity: 50,
    priceCents: 999,
  });
  const vip = await createTicketType(t.db, {
    eventId: event.id,
    name: 'VIP',
    quantity: 50,
    priceCents: 12000,
  });
  return { event, day, vip };
}

const buy = (items: { ticketTypeId: string; quantity: number }[]) =>
  call('buyer', 'POST', '/api/orders', { items }, { 'idempotency-key': randomUUID() });

const pay = (o: Order) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${o.checkoutUrl?.split('/pay/')[1] ?? 'none'}/pay`,
    payload: { name: 'Ada Obi', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  });

describe('tax rates', () => {
  it('an organizer adds, lists, changes and deletes rates with up to three decimals', async () => {
    const rate = await newRate({ name: 'NYC sales tax', percent: '8.875', country: 'us' });
    expect(rate).toMatchObject({ rateThousandths: 8875, percent: '8.875', country: 'US' });
    const listed = await call('owner', 'GET', '/api/tax-rates');
    expect(listed.json<{ rates: TaxRate[] }>().rates.map((r) => r.id)).toContain(rate.id);
    const changed = await call('owner', 'PUT', `/api/tax-rates/${rate.id}`, {
      name: 'Sales tax',
      percent: 9,
    });
    expect(changed.json()).toMatchObject({
      name: 'Sales tax',
      rateThousandths: 9000,
      country: null,
    });
    expect((await call('owner', 'DELETE', `/api/tax-rates/${rate.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/tax-rates/${rate.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field, message] of [
      [{ name: ' ', percent: '20' }, 'body.name', 'Please enter a name for the tax rate'],
      [
        { name: 'VAT', percent: '20.1234' },
        'body.percent',
        'Please enter a percentage between 0 and 100 with at most 3 decimals',
      ],
      [
        { name: 'VAT', percent: 101 },
        'body.percent',
        'Please enter a percentage between 0 and 100 with at most 3 decimals',
      ],
      [
        { name: 'VAT', percent: '20', country: 'XX' },
        'body.country',
        'Please choose a country from the list',
      ],
    ] as const) {
      const response = await call('owner', 'POST', '/api/tax-rates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.details.fields).toContainEqual({ field, message });
    }
  });

  it('only the owner or an admin change a rate; signed out is refused; attendees keep none', async () => {
    const rate = await newRate({ name: 'VAT', percent: '20' });
    const body = { name: 'VAT', percent: '19' };
    expect((await call('signedOut', 'GET', '/api/tax-rates')).statusCode).toBe(401);
    expect((await call('signedOut', 'PUT', `/api/tax-rates/${rate.id}`, body)).statusCode).toBe(
      401,
    );
    expect((await call('buyer', 'POST', '/api/tax-rates', body)).statusCode).toBe(403);
    expect((await call('other', 'PUT', `/api/tax-rates/${rate.id}`, body)).statusCode).toBe(403);
    expect((await call('other', 'DELETE', `/api/tax-rates/${rate.id}`)).statusCode).toBe(403);
    const byAdmin = await call('admin', 'PUT', `/api/tax-rates/${rate.id}`, body);
    expect(byAdmin.json()).toMatchObject({ rateThousandths: 19000 });
    const others = await call('other', 'GET', '/api/tax-rates');
    expect(others.json<{ rates: TaxRate[] }>().rates).toEqual([]);
  });

  it('answers in the request language, the code unchanged', async () => {
    const refused = await call(
      'buyer',
      'POST',
      '/api/tax-rates',
      { name: 'IVA', percent: '21' },
      { 'accept-language': 'es' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Solo los organizadores pueden tener tasas de impuesto',
    });
  });

  it("assigns only the owner's rates to the event's ticket types (owner or admin)", async () => {
    const { event, day } = await newEvent();
    const mine = await newRate({ name: 'VAT', percent: '20' });
    const theirs = await newRate({ name: 'Other VAT', percent: '10' }, 'other');
    const url = `/api/events/${event.id}/tax-settings`;
    const assign = { assignments: [{ ticketTypeId: day.id, taxRateId: mine.id }] };
    expect((await call('signedOut', 'PUT', url, assign)).statusCode).toBe(401);
    expect((await call('other', 'PUT', url, assign)).statusCode).toBe(403);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
    const wrong = await call('owner', 'PUT', url, {
      assignments: [{ ticketTypeId: day.id, taxRateId: theirs.id }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields).toContainEqual({
      field: 'body.assignments.0.taxRateId',
      message: 'Please choose one of your own tax rates',
    });
    const saved = await call('admin', 'PUT', url, { ...assign, pricesIncludeTax: false });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json<EventTaxSettings>();
    expect(settings.pricesIncludeTax).toBe(false);
    expect(settings.ticketTypes.find((x) => x.id === day.id)?.taxRateId).toBe(mine.id);
  });
});

describe('checkout with taxes', () => {
  it('tax-inclusive prices hold the tax; the quote, order lines and summary agree', async () => {
    const { event, day, vip } = await newEvent();
    const vat = await newRate({ name: 'VAT', percent: '20' });
    const reduced = await newRate({ name: 'Reduced', percent: '5.5' });
    await call('owner', 'PUT', `/api/events/${event.id}/tax-settings`, {
      assignments: [
        { ticketTypeId: day.id, taxRateId: reduced.id },
        { ticketTypeId: vip.id, taxRateId: vat.id },
      ],
    });
    const items = [
      { ticketTypeId: day.id, quantity: 3 },
      { ticketTypeId: vip.id, quantity: 1 },
    ];
    const quote = (await call('buyer', 'POST', '/api/orders/quote', { items })).json<Quote>();
    // 29.97 at 5.5 % inside: 1.5624… → 1.56; 120.00 at 20 % inside: 20.00.
    expect(quote.tax).toMatchObject({ pricesIncludeTax: true, tax: 156 + 2000, gross: 14997 });
    expect(quote.totalCents).toBe(14997);
    const created = await buy(items);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<Order>();
    expect(order.totalCents).toBe(14997);
    const summary = (await call('buyer', 'GET', `/api/orders/${order.id}/tax`)).json<TaxSummary>();
    expect(summary).toMatchObject({ net: 14997 - 2156, tax: 2156, gross: 14997 });
    expect(summary.byRate.map((r) => [r.taxName, r.rateBp, r.tax]).sort()).toEqual([
      ['Reduced', 550, 156],
      ['VAT', 2000, 2000],
    ]);
    // A later change of the rate leaves the sale as it was.
    await call('owner', 'PUT', `/api/tax-rates/${vat.id}`, { name: 'VAT', percent: '25' });
    const again = (await call('owner', 'GET', `/api/orders/${order.id}/tax`)).json<TaxSummary>();
    expect(again.tax).toBe(2156);
    expect((await call('other', 'GET', `/api/orders/${order.id}/tax`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/orders/${order.id}/tax`)).statusCode).toBe(200);
  });

  it('tax-exclusive prices add the tax on top, the buyer pays the gross, a refund reverses the tax exactly', async () => {
    const { event, day } = await newEvent();
    const rate = await newRate({ name: 'Sales tax', percent: '8.875' });
    await call('owner', 'PUT', `/api/events/${event.id}/tax-settings`, {
      pricesIncludeTax: false,
      assignments: [{ ticketTypeId: day.id, taxRateId: rate.id }],
    });
    const items = [{ ticketTypeId: day.id, quantity: 3 }];
    const quote = (await call('buyer', 'POST', '/api/orders/quote', { items })).json<Quote>();
    // 3 × 9.99 = 29.97 net; 8.875 % of it is 2.6598… → 2.66 on top.
    expect(quote.tax).toMatchObject({ pricesIncludeTax: false, net: 2997, tax: 266, gross: 3263 });
    expect(quote.totalCents).toBe(3263);
    const order = (await buy(items)).json<Order>();
    expect(order.totalCents).toBe(3263);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({
      netCents: 2997,
      taxCents: 266,
      taxAdded: true,
      taxName: 'Sales tax',
    });
    expect((await pay(order)).statusCode).toBeLessThan(400);
    const url = `/api/orders/${order.id}`;
    expect((await call('owner', 'POST', `${url}/refund`, { amountCents: 1000 })).statusCode).toBe(
      200,
    );
    const part = (await call('buyer', 'GET', `${url}/tax`)).json<TaxSummary>();
    // 266 × 1000 / 3263 = 81.5… → 82 of the tax back so far.
    expect(part.refundedTax).toBe(82);
    expect((await call('owner', 'POST', `${url}/refund`, {})).statusCode).toBe(200);
    const full = (await call('buyer', 'GET', `${url}/tax`)).json<TaxSummary>();
    expect(full.refundedTax).toBe(266);
  });

  it("the organizer's orders export gives each order its net, tax and gross", async () => {
    const { event, day } = await newEvent();
    const rate = await newRate({ name: 'Sales tax', percent: '8.875' });
    await call('owner', 'PUT', `/api/events/${event.id}/tax-settings`, {
      pricesIncludeTax: false,
      assignments: [{ ticketTypeId: day.id, taxRateId: rate.id }],
    });
    const order = (await buy([{ ticketTypeId: day.id, quantity: 3 }])).json<Order>();
    expect((await pay(order)).statusCode).toBeLessThan(400);
    const csv = await call('owner', 'GET', `/api/events/${event.id}/export?kind=orders&format=csv`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    // 3 × 9.99 net, 8.875 % on top (2.66), 32.63 charged: as the order's lines hold them.
    expect([cell('Net'), cell('Tax'), cell('Total')]).toEqual(['29.97', '2.66', '32.63']);
  });
});
