import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOrder, Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// The organizer's order list says what each order's total holds: net, tax and gross as the paid
// order's row keeps them, and reverse charge when the buyer's business accounts for the VAT.

let t: TestApp;
let owner: CreatedUser;
let eventId: string;
let typeId: string;
let cookies: Record<'owner' | 'other' | 'admin' | 'buyer' | 'company', string>;

type Who = Sender<keyof typeof cookies>;
const call = requestAs(
  () => t,
  () => cookies,
);

async function buyAndPay(who: Who, extra: object = {}) {
  const placed = await call(who, 'POST', '/api/orders', {
    items: [{ ticketTypeId: typeId, quantity: 1 }],
    ...extra,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const session = placed.json<Order>().checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed.json<Order>().id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer' });
  cookies = {
    owner: await t.signIn(owner),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Bea Buyer' })),
    company: await t.signIn(await createUser(t.db, { fullName: 'Acme Buyer' })),
  };
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Taxed Summit ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  eventId = event.id;
  typeId = (
    await createTicketType(t.db, { eventId, quantity: 10, priceCents: 10000, currency: 'EUR' })
  ).id;
  const rate = await call('owner', 'POST', '/api/tax-rates', {
    name: 'MwSt',
    percent: '19',
    country: 'DE',
  });
  expect(rate.statusCode, rate.body).toBeLessThan(300);
  const taxed = await call('owner', 'PUT', `/api/events/${eventId}/tax-settings`, {
    pricesIncludeTax: false,
    assignments: [{ ticketTypeId: typeId, taxRateId: rate.json<{ id: string }>().id }],
  });
  expect(taxed.statusCode, taxed.body).toBe(200);
  const billing = await call('owner', 'PUT', `/api/events/${eventId}/billing-settings`, {
    reverseChargeEnabled: true,
    sellerCountry: 'DE',
  });
  expect(billing.statusCode, billing.body).toBe(200);
});
afterAll(async () => t?.close());

describe("the event's order list", () => {
  it('gives each order its net, tax and gross, and reverse charge when it applied', async () => {
    const taxedId = await buyAndPay('buyer');
    const companyId = await buyAndPay('company', {
      billingDetails: {
        companyName: 'Acme SARL',
        address: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        country: 'FR',
        vatId: 'FR 40 303 265 045',
      },
    });
    const listed = await call('owner', 'GET', `/api/events/${eventId}/orders`);
    expect(listed.statusCode, listed.body).toBe(200);
    const byId = new Map(listed.json<{ orders: EventOrder[] }>().orders.map((o) => [o.id, o]));
    expect(byId.get(taxedId)).toMatchObject({
      totalCents: 11900,
      taxCents: 1900,
      netCents: 10000,
      pricesIncludeTax: false,
      reverseCharge: false,
    });
    expect(byId.get(companyId)).toMatchObject({
      totalCents: 10000,
      taxCents: 0,
      netCents: 10000,
      pricesIncludeTax: false,
      reverseCharge: true,
    });
  });

  it('is for the owner and admins only', async () => {
    const status = async (who: Who) =>
      (await call(who, 'GET', `/api/events/${eventId}/orders`)).statusCode;
    expect([
      await status('owner'),
      await status('admin'),
      await status('other'),
      await status('buyer'),
      await status('signedOut'),
    ]).toEqual([200, 200, 403, 403, 401]);
  });
});
