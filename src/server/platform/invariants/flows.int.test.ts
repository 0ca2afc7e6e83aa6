import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { discountCodes } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expireHolds } from '../../modules/orders/holds.queries';
import { runInvariants } from './check';

// What people do to tickets (register free, buy, hold, pay with a code, refund in part and in
// full, let a hold lapse) keeps every stored counter in agreement with its rows.

const CARD = { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

let t: TestApp;
let organizerCookie: string;
let types: { free: string; adult: string };
beforeAll(async () => {
  t = await createTestApp();
  const organizer = await createUser(t.db, { userType: 'organizer' });
  organizerCookie = await t.signIn(organizer);
  const event = await createEvent(t.db, {
    userId: organizer.id,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const free = await createTicketType(t.db, { eventId: event.id, name: 'Child', priceCents: 0 });
  const adult = await createTicketType(t.db, { eventId: event.id, priceCents: 2500 });
  types = { free: free.id, adult: adult.id };
  await t.db
    .insert(discountCodes)
    .values({ eventId: event.id, code: 'TEN', kind: 'percent', amount: 10 });
});
afterAll(() => t.close());

async function order(items: { ticketTypeId: string; quantity: number }[], discountCode?: string) {
  const cookie = await t.signIn(await createUser(t.db));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items, ...(discountCode ? { discountCode } : {}) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Order>();
}

async function pay(placed: Order) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${placed.paymentSessionId ?? ''}/pay`,
    payload: CARD,
  });
  expect(response.json().status).toBe('succeeded');
}

async function refund(orderId: string, amountCents?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refund`,
    headers: { cookie: organizerCookie },
    payload: amountCents ? { amountCents } : {},
  });
  expect(response.statusCode).toBe(200);
}

async function failures() {
  const report = await runInvariants(t.db);
  return report.failed.map((r) => ({ name: r.name, examples: r.examples }));
}

describe('invariants through what people do', () => {
  it('hold after free registrations, paid and mixed orders, holds, a code and refunds', async () => {
    await order([{ ticketTypeId: types.free, quantity: 1 }]);
    const mixed = await order([
      { ticketTypeId: types.adult, quantity: 2 },
      { ticketTypeId: types.free, quantity: 1 },
    ]);
    await pay(mixed);
    await order([{ ticketTypeId: types.adult, quantity: 1 }]);
    const coded = await order([{ ticketTypeId: types.adult, quantity: 3 }], 'TEN');
    await pay(coded);
    expect(await failures()).toEqual([]);

    await refund(coded.id, 1000);
    expect(await failures()).toEqual([]);
    await refund(coded.id);
    await refund(mixed.id);
    expect(await failures()).toEqual([]);

    t.clock.advance(60 * 60 * 1000);
    expect(await expireHolds(t.db, t.clock.now())).toHaveLength(1);
    expect(await failures()).toEqual([]);
  });
});
