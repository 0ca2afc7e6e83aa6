import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import type { SalesChannelReport } from '../../../contracts/sales-channels';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { joinTeam } from '../../test/team-member';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Sales by channel (decision 117): online and box-office sales of one event, by payment method
// and seller, per day in the event's time zone, as JSON and CSV.

let t: TestApp;
let owner: CreatedUser;
type Who = 'owner' | 'other' | 'admin' | 'buyer';
let cookies: Record<Who, string>;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  t.clock.set('2026-11-02T10:00:00Z');
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Nia Festival' });
  cookies = {
    owner: await t.sessionCookie(owner),
    other: await t.sessionCookie(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.sessionCookie(await createUser(t.db, { roles: ['admin'] })),
    buyer: await t.sessionCookie(await createUser(t.db, { fullName: 'Online Buyer' })),
  };
});
afterAll(() => t?.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const newEvent = async () => {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Channel Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    timezone: 'Europe/Berlin',
    startsAt: new Date(t.clock.now().getTime() + 30 * DAY_MS),
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, priceCents: 2500 });
  return { event, type };
};

const sell = async (who: Sender<Who>, eventId: string, body: object) => {
  const response = await call(who, 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
    'idempotency-key': randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BoxOfficeSale>();
};

/** An online purchase paid on the local provider's card form. */
const buyOnline = async (ticketTypeId: string, quantity: number) => {
  const created = await call('buyer', 'POST', '/api/orders', {
    items: [{ ticketTypeId, quantity }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = created.json<Order>().checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(400);
};

const report = (who: Sender<Who>, eventId: string, day?: string) =>
  call(who, 'GET', `/api/door/events/${eventId}/sales-channels${day ? `?day=${day}` : ''}`);

describe('sales by channel', () => {
  it('splits online and box-office sales by method and seller, per day, and as CSV', async () => {
    const { event, type } = await newEvent();
    const seller = await joinTeam(t, cookies.owner, 'box_office');
    const line = (quantity: number) => [{ ticketTypeId: type.id, quantity }];
    // Day one (2 November in Berlin): two online tickets, a cash sale by the owner.
    await buyOnline(type.id, 2);
    await sell('owner', event.id, { items: line(1), method: 'cash', tenderedCents: 3000 });
    // Day two: the box-office member sells for cash and gives two complimentary tickets.
    t.clock.advance(DAY_MS);
    await sell({ cookie: seller.cookie }, event.id, { items: line(3), method: 'cash' });
    await sell({ cookie: seller.cookie }, event.id, { items: line(2), method: 'complimentary' });
    // A card sale not yet paid is no sale.
    await sell({ cookie: seller.cookie }, event.id, { items: line(1), method: 'card' });

    const all = await report('owner', event.id);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<SalesChannelReport>();
    expect(body).toMatchObject({ currency: 'USD', timeZone: 'Europe/Berlin', day: null });
    expect(body.days).toEqual(['2026-11-03', '2026-11-02']);
    const rows = body.rows.map(({ channel, method, sellerName, orders, tickets, grossCents }) => ({
      channel,
      method,
      sellerName,
      orders,
      tickets,
      grossCents,
    }));
    expect(rows).toEqual([
      {
        channel: 'online',
        method: 'card',
        sellerName: null,
        orders: 1,
        tickets: 2,
        grossCents: 5000,
      },
      {
        channel: 'box_office',
        method: 'cash',
        sellerName: 'Nia Festival',
        orders: 1,
        tickets: 1,
        grossCents: 2500,
      },
      {
        channel: 'box_office',
        method: 'cash',
        sellerName: 'Staff box_office',
        orders: 1,
        tickets: 3,
        grossCents: 7500,
      },
      {
        channel: 'box_office',
        method: 'complimentary',
        sellerName: 'Staff box_office',
        orders: 1,
        tickets: 2,
        grossCents: 0,
      },
    ]);

    const second = (await report('owner', event.id, '2026-11-03')).json<SalesChannelReport>();
    expect(second.day).toBe('2026-11-03');
    expect(second.rows.map((row) => [row.method, row.tickets])).toEqual([
      ['cash', 3],
      ['complimentary', 2],
    ]);

    const csv = await call(
      'owner',
      'GET',
      `/api/door/events/${event.id}/sales-channels.csv?day=2026-11-02`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('sales-by-channel-');
    expect(csv.body.split('\r\n')).toEqual([
      '"Channel","Payment method","Seller","Orders","Tickets","Gross","Refunded","Currency","Day"',
      '"Online","card","","1","2","50.00","0.00","USD","2026-11-02"',
      '"Box office","cash","Nia Festival","1","1","25.00","0.00","USD","2026-11-02"',
      '',
    ]);
  });

  it('is for the organizer, admins and finance; others, box office staff and strangers are refused', async () => {
    const { event } = await newEvent();
    const finance = await joinTeam(t, cookies.owner, 'finance');
    const boxOffice = await joinTeam(t, cookies.owner, 'box_office');
    const senders: Sender<Who>[] = [
      'owner',
      'admin',
      { cookie: finance.cookie },
      { cookie: boxOffice.cookie },
      'other',
      'signedOut',
    ];
    const statuses: number[] = [];
    const csvStatuses: number[] = [];
    for (const who of senders) {
      statuses.push((await report(who, event.id)).statusCode);
      csvStatuses.push(
        (await call(who, 'GET', `/api/door/events/${event.id}/sales-channels.csv`)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 403, 403, 401]);
    expect(csvStatuses).toEqual([200, 200, 200, 403, 403, 401]);
    expect((await report('owner', randomUUID())).statusCode).toBe(404);
  });

  it('refuses a day that is not a date, naming the field', async () => {
    const { event } = await newEvent();
    const response = await report('owner', event.id, 'yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('day');
    expect(response.body).toContain('Choose a day as YYYY-MM-DD');
  });
});
