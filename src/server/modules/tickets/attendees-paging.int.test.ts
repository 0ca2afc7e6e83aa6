import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';

// The organizer's attendee and order lists page and search on the server: an event can sell
// thousands.

let t: TestApp;
let owner: CreatedUser;
let eventId: string;
let cookies: Record<'owner' | 'other' | 'admin' | 'ada' | 'lee', string>;

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

async function buyAndPay(who: Who, ticketTypeId: string, quantity: number) {
  const order = (
    await call(who, 'POST', '/api/orders', { items: [{ ticketTypeId, quantity }] })
  ).json<Order>();
  const session = order.checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode).toBe(200);
}

interface AttendeePage {
  attendees: { holderName: string; email: string; ticketTypeName: string; ticketId: string }[];
  total: number;
  page: number;
  pageSize: number;
}
const list = async (who: Who, query = '') =>
  call(who, 'GET', `/api/events/${eventId}/attendees${query}`);
const page = async (query: string) => (await list('owner', query)).json<AttendeePage>();

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer' });
  cookies = {
    owner: await t.signIn(owner),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
    ada: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    lee: await t.signIn(await createUser(t.db, { fullName: 'Lee 100%_Fan' })),
  };
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Paged Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: 100,
    createdAt: t.clock.now(),
  });
  eventId = event.id;
  const general = await createTicketType(t.db, { eventId, name: 'General', maxPerOrder: 10 });
  const vip = await createTicketType(t.db, { eventId, name: 'VIP balcony', maxPerOrder: 10 });
  await buyAndPay('ada', general.id, 7);
  // Lee's order a minute later: the newest.
  t.clock.advance(60_000);
  await buyAndPay('lee', vip.id, 5);
  // An order not paid yet holds seats but is not an attendee's, nor a settled order.
  await call('ada', 'POST', '/api/orders', { items: [{ ticketTypeId: general.id, quantity: 1 }] });
});
afterAll(() => t.close());

describe('the attendee list of an event', () => {
  it('answers a page at a time with the total, 50 by default', async () => {
    const all = await page('');
    expect(all).toMatchObject({ total: 12, page: 1, pageSize: 50 });
    expect(all.attendees).toHaveLength(12);

    const first = await page('?page=1&pageSize=5');
    const second = await page('?page=2&pageSize=5');
    const third = await page('?page=3&pageSize=5');
    expect([first.attendees.length, second.attendees.length, third.attendees.length]).toEqual([
      5, 5, 2,
    ]);
    expect([first.total, second.total, third.total]).toEqual([12, 12, 12]);
    // Pages neither repeat nor skip anyone: together they are the whole list, in its order.
    expect(
      [...first.attendees, ...second.attendees, ...third.attendees].map((a) => a.ticketId),
    ).toEqual(all.attendees.map((a) => a.ticketId));
    const past = await page('?page=9&pageSize=5');
    expect(past).toMatchObject({ attendees: [], total: 12, page: 9 });
  });

  it('bounds the page size and names the field it refuses', async () => {
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=abc', '?page=10001']) {
      const refused = await list('owner', query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.details.fields[0].field, query).toMatch(/^querystring\.page/);
    }
    expect((await page('?pageSize=100')).pageSize).toBe(100);
  });

  it('searches holder names, emails and ticket types, any case, with % and _ as plain text', async () => {
    const byName = await page('?q=ada%20OBI');
    expect(byName.total).toBe(7);
    expect(new Set(byName.attendees.map((a) => a.holderName))).toEqual(new Set(['Ada Obi']));
    const byType = await page('?q=balcony');
    expect(byType.total).toBe(5);
    expect(new Set(byType.attendees.map((a) => a.ticketTypeName))).toEqual(
      new Set(['VIP balcony']),
    );
    const email = byName.attendees[0]?.email ?? '';
    expect((await page(`?q=${encodeURIComponent(email.toUpperCase())}`)).total).toBe(7);
    expect((await page(`?q=${encodeURIComponent('100%_')}`)).total).toBe(5);
    expect((await page(`?q=${encodeURIComponent('%')}`)).total).toBe(5);
    expect((await page('?q=nobody-here')).total).toBe(0);
    // The search pages too.
    expect((await page('?q=ada&pageSize=3&page=3')).attendees).toHaveLength(1);
  });

  it('is for the owner and admins only; the CSV export still lists everyone', async () => {
    const status = async (who: Who) => (await list(who, '?pageSize=5')).statusCode;
    expect([
      await status('owner'),
      await status('admin'),
      await status('other'),
      await status('ada'),
      await status('signedOut'),
    ]).toEqual([200, 200, 403, 403, 401]);
    expect((await list('admin', '?pageSize=5')).json<AttendeePage>().total).toBe(12);
    const csv = await call('owner', 'GET', `/api/events/${eventId}/attendees.csv?pageSize=5`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(13);
  });
});

describe('the settled orders of an event', () => {
  interface OrderPage {
    orders: { buyer: { name: string }; status: string; items: { quantity: number }[] }[];
    total: number;
    page: number;
    pageSize: number;
  }
  const orders = (who: Who, query = '') =>
    call(who, 'GET', `/api/events/${eventId}/orders${query}`);
  const ordersPage = async (query: string) => (await orders('owner', query)).json<OrderPage>();

  it('come newest first, a page at a time, without the unpaid one', async () => {
    const all = await ordersPage('');
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.orders.map((o) => [o.buyer.name, o.status])).toEqual([
      ['Lee 100%_Fan', 'paid'],
      ['Ada Obi', 'paid'],
    ]);
    const first = await ordersPage('?pageSize=1');
    const second = await ordersPage('?pageSize=1&page=2');
    expect([first.orders[0]?.buyer.name, second.orders[0]?.buyer.name]).toEqual([
      'Lee 100%_Fan',
      'Ada Obi',
    ]);
    expect([first.total, second.total]).toEqual([2, 2]);
    expect((await ordersPage('?pageSize=1&page=3')).orders).toEqual([]);
    expect((await orders('owner', '?pageSize=101')).statusCode).toBe(400);
  });

  it('are searched by buyer name or email', async () => {
    const ada = await ordersPage('?q=obi');
    expect(ada.orders.map((o) => o.items[0]?.quantity)).toEqual([7]);
    expect((await ordersPage(`?q=${encodeURIComponent('%_')}`)).total).toBe(1);
    expect((await ordersPage('?q=nobody')).total).toBe(0);
  });

  it('are for the owner and admins only', async () => {
    const status = async (who: Who) => (await orders(who, '?pageSize=1')).statusCode;
    expect([
      await status('owner'),
      await status('admin'),
      await status('other'),
      await status('ada'),
      await status('signedOut'),
    ]).toEqual([200, 200, 403, 403, 401]);
  });
});
