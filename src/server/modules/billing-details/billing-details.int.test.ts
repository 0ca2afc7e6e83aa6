import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Quote } from '../../../contracts/tickets';
import { orders } from '../../db/schema/tickets';
import { createStripeProvider } from '../../platform/payments/stripe';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { userType: 'attendee' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });

async function paidEvent(currency = 'EUR', priceCents = 5000) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Summit ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, priceCents, currency });
  return { event, type };
}

const settings = (who: Who, eventId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/billing-settings`,
    headers: as(who),
    payload,
  });

const order = (items: { ticketTypeId: string; quantity: number }[], extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: as('buyer'),
    payload: { items, ...extra },
  });

const COMPANY = {
  companyName: 'Acme SARL',
  address: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  vatId: 'FR 40 303 265 045',
};

describe('event billing settings', () => {
  it('lets the owner and admins change them, no one else', async () => {
    const { event } = await paidEvent();
    const body = { billingDetailsRequired: true, reverseChargeEnabled: true, sellerCountry: 'DE' };
    expect((await settings('signedOut', event.id, body)).statusCode).toBe(401);
    expect((await settings('other', event.id, body)).statusCode).toBe(403);
    expect((await settings('buyer', event.id, body)).statusCode).toBe(403);
    expect((await settings('admin', event.id, body)).statusCode).toBe(200);
    const saved = await settings('owner', event.id, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    // Checkout reads them signed out too.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/billing-settings`,
    });
    expect(read.json()).toEqual(body);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/events/${randomUUID()}/billing-settings`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs the seller country for reverse charge', async () => {
    const { event } = await paidEvent();
    const res = await settings('owner', event.id, { reverseChargeEnabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      expect.objectContaining({
        field: 'body.sellerCountry',
        message: 'Please choose the country you are registered for VAT in',
      }),
    ]);
  });
});

describe('billing details at checkout', () => {
  it('requires them where the event asks, naming each missing field', async () => {
    const { event, type } = await paidEvent();
    await settings('owner', event.id, { billingDetailsRequired: true });
    const none = await order([{ ticketTypeId: type.id, quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details.fields[0]).toMatchObject({
      field: 'body.billingDetails',
      message: 'This event asks for company billing details',
    });
    // The quick hold leaves such an event to the general path: nothing was held.
    const stock = await t.db.execute<{ remaining: number }>(
      sql`select remaining from ticket_types where id = ${type.id}`,
    );
    expect(stock.rows[0]?.remaining).toBe(type.quantity);
    // An event that does not ask for them sells without them, as before.
    const plain = await paidEvent();
    const held = await order([{ ticketTypeId: plain.type.id, quantity: 1 }]);
    expect(held.statusCode, held.body).toBe(201);
    const blank = await order([{ ticketTypeId: type.id, quantity: 1 }], {
      billingDetails: { ...COMPANY, companyName: ' ', city: '' },
    });
    expect(blank.statusCode).toBe(400);
    const fields = blank.json().error.details.fields as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'body.billingDetails.companyName',
          message: 'Please enter the company name',
        }),
        expect.objectContaining({
          field: 'body.billingDetails.city',
          message: 'Please enter the city',
        }),
      ]),
    );
  });

  it.each([
    ['DE136695976', 'This VAT ID does not belong to the chosen country'],
    ['FR403032650', 'This VAT ID does not have the format of the chosen country'],
    ['FR41303265045', 'This VAT ID is not valid: its check digit does not match'],
  ])('refuses the VAT ID %s', async (vatId, message) => {
    const { type } = await paidEvent();
    const res = await order([{ ticketTypeId: type.id, quantity: 1 }], {
      billingDetails: { ...COMPANY, vatId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({
      field: 'body.billingDetails.vatId',
      message,
    });
  });

  it('stores them with the order and applies reverse charge across EU borders', async () => {
    const { event, type } = await paidEvent();
    await settings('owner', event.id, { reverseChargeEnabled: true, sellerCountry: 'DE' });
    const res = await order([{ ticketTypeId: type.id, quantity: 2 }], {
      billingDetails: COMPANY,
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ reverseCharge: true, taxCents: 0, totalCents: 10000 });

    const url = `/api/orders/${placed.id}/billing-details`;
    const expected = {
      billingDetails: {
        orderId: placed.id,
        ...COMPANY,
        vatId: 'FR40303265045',
        vatIdFormatValid: true,
        reverseCharge: true,
      },
    };
    for (const who of ['buyer', 'owner', 'admin'] as const) {
      const read = await t.app.inject({ method: 'GET', url, headers: as(who) });
      expect(read.json(), who).toEqual(expected);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: as('other') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('quotes a reverse-charged cart without VAT, and ignores details checkout would refuse', async () => {
    const { event, type } = await paidEvent('EUR', 10000);
    await settings('owner', event.id, { reverseChargeEnabled: true, sellerCountry: 'DE' });
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers: as('owner'),
      payload: { name: 'VAT', percent: '20', country: 'DE' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/tax-settings`,
      headers: as('owner'),
      payload: {
        pricesIncludeTax: false,
        assignments: [{ ticketTypeId: type.id, taxRateId: rate.json<{ id: string }>().id }],
      },
    });
    const quote = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/orders/quote', payload });
    const items = [{ ticketTypeId: type.id, quantity: 1 }];
    const plain = (await quote({ items })).json<Quote>();
    expect(plain.totalCents).toBe(12000);
    expect(plain.tax).toMatchObject({ tax: 2000, reverseCharge: false });
    const company = (await quote({ items, billingDetails: COMPANY })).json<Quote>();
    expect(company.totalCents).toBe(10000);
    expect(company.tax).toMatchObject({ net: 10000, tax: 0, reverseCharge: true });
    const badId = await quote({ items, billingDetails: { ...COMPANY, vatId: 'FR00' } });
    expect(badId.statusCode).toBe(200);
    expect(badId.json<Quote>().tax).toMatchObject({ tax: 2000, reverseCharge: false });
  });

  it('keeps VAT for a buyer in the organizer’s own country', async () => {
    const { event, type } = await paidEvent();
    await settings('owner', event.id, { reverseChargeEnabled: true, sellerCountry: 'FR' });
    const res = await order([{ ticketTypeId: type.id, quantity: 1 }], {
      billingDetails: COMPANY,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json<Order>().id));
    expect(row?.reverseCharge).toBe(false);
  });

  it('answers in the buyer’s language with the same error code', async () => {
    const { type } = await paidEvent();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...as('buyer'), 'accept-language': 'es' },
      payload: {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        billingDetails: { ...COMPANY, vatId: 'FR41303265045' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.fields[0].message).not.toBe(
      'This VAT ID is not valid: its check digit does not match',
    );
  });
});

describe('currencies', () => {
  it.each([
    ['JPY', 1500, '¥1,500'],
    ['KWD', 1250, 'KWD 1.250'],
  ])(
    'sells tickets in %s in its minor units through the local provider',
    async (currency, price) => {
      const { type } = await paidEvent(currency, price);
      const res = await order([{ ticketTypeId: type.id, quantity: 2 }]);
      expect(res.statusCode).toBe(201);
      const placed = res.json<Order>();
      expect(placed).toMatchObject({ currency, totalCents: 2 * price });
      const session = placed.checkoutUrl?.split('/pay/')[1] ?? 'none';
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/sessions/${session}/pay`,
        payload: {
          name: 'Ada Obi',
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/30',
          cvc: '123',
        },
      });
      expect(paid.statusCode).toBe(200);
      await expect
        .poll(async () => {
          const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
          return row?.status;
        })
        .toBe('paid');
    },
  );

  it('takes ticket prices in dinars in steps of 10 fils, naming the field', async () => {
    const { event } = await paidEvent('KWD', 1250);
    await t.db.execute(sql`update events set currency = 'KWD' where id = ${event.id}`);
    const create = (priceCents: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/ticket-types`,
        headers: as('owner'),
        payload: { name: 'Majlis', priceCents, quantity: 10 },
      });
    const refused = await create(12_755);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields).toEqual([
      { field: 'body.priceCents', message: 'Prices in KWD go in steps of 0.010' },
    ]);
    const created = await create(12_750);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ priceCents: 12_750, currency: 'KWD' });
  });

  it('holds fixed discounts, products and percentage discounts in dinars to steps of 10 fils', async () => {
    const { event, type } = await paidEvent('KWD', 1230);
    await t.db.execute(sql`update events set currency = 'KWD' where id = ${event.id}`);
    const code = (amount: number, kind = 'fixed', name = `FILS${amount}`) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/discount-codes`,
        headers: as('owner'),
        payload: { code: name, kind, amount },
      });
    const refusedCode = await code(255);
    expect(refusedCode.statusCode).toBe(400);
    expect(refusedCode.json().error.details.fields).toEqual([
      { field: 'body.amount', message: 'Prices in KWD go in steps of 0.010' },
    ]);
    expect((await code(250)).statusCode).toBe(201);

    const product = (priceCents: number, variationPrice: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/products`,
        headers: as('owner'),
        payload: {
          name: 'Dates box',
          priceCents,
          currency: 'KWD',
          variations: [
            { label: 'Small', quantity: 5 },
            { label: 'Large', priceCents: variationPrice, quantity: 5 },
          ],
        },
      });
    const refusedPrice = await product(1005, 2000);
    expect(refusedPrice.json().error.details.fields).toEqual([
      { field: 'body.priceCents', message: 'Prices in KWD go in steps of 0.010' },
    ]);
    const refusedVariation = await product(1000, 2001);
    expect(refusedVariation.json().error.details.fields).toEqual([
      { field: 'body.variations.1.priceCents', message: 'Prices in KWD go in steps of 0.010' },
    ]);
    expect((await product(1000, 2000)).statusCode).toBe(201);

    // 15 % off 1.230 is 0.1845: 0.180 off, so 1.050 is charged (a multiple of 10 fils).
    expect((await code(15, 'percent', 'FILS15P')).statusCode).toBe(201);
    const placed = await order([{ ticketTypeId: type.id, quantity: 1 }], {
      discountCode: 'FILS15P',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ discountCents: 180, totalCents: 1050 });
  });

  it('refuses a cart that mixes currencies', async () => {
    const yen = await paidEvent('JPY', 1500);
    const euro = await paidEvent('EUR', 2000);
    const res = await order([
      { ticketTypeId: yen.type.id, quantity: 1 },
      { ticketTypeId: euro.type.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({
      field: 'body.items',
      message: 'Tickets in one order must share a currency',
    });
  });

  it('charges Stripe yen and dinars in their minor units', async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeProvider({
        secretKey: 'sk_test_mea_events_fake',
        webhookSecret: 'whsec_mea_events_test',
        apiUrl: fake.url,
      });
      for (const [currency, unit] of [
        ['JPY', 1500],
        ['KWD', 1250],
      ] as const) {
        const session = await stripe.createCheckout({
          orderId: randomUUID(),
          currency,
          amountCents: 2 * unit,
          description: 'Summit',
          lines: [{ label: 'General admission', unitAmountCents: unit, quantity: 2 }],
          customerEmail: 'ada@example.test',
          successUrl: 'http://localhost:3000/done',
          cancelUrl: 'http://localhost:3000/cancel',
          holdUntil: new Date(Date.now() + 10 * 60_000),
        });
        const stored = fake.sessions.get(session.id);
        expect(stored?.amount_total, currency).toBe(2 * unit);
        expect(stored?.currency).toBe(currency.toLowerCase());
      }
    } finally {
      await fake.close();
    }
  });
});
