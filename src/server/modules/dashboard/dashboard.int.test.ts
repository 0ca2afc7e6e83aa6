import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_SALES_DAYS,
  type HostDashboard,
} from '../../../contracts/dashboard';
import type { Order, Ticket } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// The host dashboard counts from rows made through the real services: orders paid through the
// local provider's payment page, a refund through the refund endpoint, a check-in at the door,
// vendor applications and a message sent through their APIs.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = '2026-11-21T12:00:00Z';

let t: TestApp;
let host: CreatedUser;
let otherHost: CreatedUser;
let venue: CreatedUser;
let buyer: CreatedUser;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

type Who = 'host' | 'otherHost' | 'venue' | 'buyer' | 'vendor' | 'vendor2' | 'admin';
const call = requestAs<Who>(
  () => t,
  () => cookies,
);
const dashboard = async (who: Who, timeZone?: string) => {
  const response = await call(
    who,
    'GET',
    `/api/dashboard/host${timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HostDashboard>();
};

/** An order through checkout, paid on the local provider's page. */
async function buyAndPay(who: Who, ticketTypeId: string, quantity: number): Promise<Order> {
  const created = await call(who, 'POST', '/api/orders', {
    items: [{ ticketTypeId, quantity }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<Order & { paymentSessionId: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${order.paymentSessionId}/pay`,
    payload: { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.json().status, paid.body).toBe('succeeded');
  return order;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  t.clock.set(START);
  host = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  otherHost = await createUser(t.db, { userType: 'organizer', fullName: 'Ines Other' });
  venue = await createUser(t.db, { userType: 'venue', fullName: 'Harbour Hall' });
  buyer = await createUser(t.db, { fullName: 'Ada Obi' });
  const vendor = await createUser(t.db, { userType: 'vendor', businessName: 'Night Owl Sound' });
  const vendor2 = await createUser(t.db, { userType: 'vendor', businessName: 'Tasty Trucks' });
  const admin = await createUser(t.db, { roles: ['admin'] });
  Object.assign(cookies, {
    host: await t.sessionCookie(host),
    otherHost: await t.sessionCookie(otherHost),
    venue: await t.sessionCookie(venue),
    buyer: await t.sessionCookie(buyer),
    vendor: await t.sessionCookie(vendor),
    vendor2: await t.sessionCookie(vendor2),
    admin: await t.sessionCookie(admin),
  });
  const now = t.clock.now();
  const createdAt = new Date(now.getTime() - 10 * DAY);

  // The host: a paid event in a week (cap 100, USD), one tonight (EUR, no cap), a draft with
  // no ticket type, and one that ended yesterday.
  const gala = await createEvent(t.db, {
    userId: host.id,
    title: 'Harbour Lights Gala',
    isFree: false,
    capacity: 100,
    startsAt: new Date(now.getTime() + 7 * DAY),
    createdAt,
  });
  const tonight = await createEvent(t.db, {
    userId: host.id,
    title: 'Rooftop Jazz Tonight',
    isFree: false,
    startsAt: new Date(now.getTime() + 6 * HOUR),
    createdAt,
  });
  const draft = await createEvent(t.db, {
    userId: host.id,
    title: 'Winter Market (draft)',
    isFree: false,
    eventStatus: 'draft',
    startsAt: new Date(now.getTime() + 20 * DAY),
    createdAt,
  });
  await createEvent(t.db, {
    userId: host.id,
    title: 'Autumn Fair',
    isFree: false,
    startsAt: new Date(now.getTime() - 2 * DAY),
    endsAt: new Date(now.getTime() - 1 * DAY),
    createdAt,
  });
  const galaType = await createTicketType(t.db, { eventId: gala.id, priceCents: 2500 });
  const tonightType = await createTicketType(t.db, {
    eventId: tonight.id,
    priceCents: 3000,
    currency: 'EUR',
    quantity: 50,
  });
  // The other host's event and sale, which the host must never see.
  const theirs = await createEvent(t.db, {
    userId: otherHost.id,
    title: 'Other Host Night',
    isFree: false,
    startsAt: new Date(now.getTime() + 3 * DAY),
    createdAt,
  });
  const theirType = await createTicketType(t.db, { eventId: theirs.id, priceCents: 9900 });
  Object.assign(ids, { gala: gala.id, tonight: tonight.id, draft: draft.id, theirs: theirs.id });

  // Two days ago: 2 gala tickets ($50), later refunded $10 in part.
  t.clock.set(new Date(now.getTime() - 2 * DAY));
  const refunded = await buyAndPay('buyer', galaType.id, 2);
  t.clock.set(now);
  // Today: 1 gala ticket ($25), 3 tonight tickets (€90), and the other host's sale.
  await buyAndPay('buyer', galaType.id, 1);
  await buyAndPay('buyer', tonightType.id, 3);
  await buyAndPay('buyer', theirType.id, 1);
  // A held, unpaid order counts nowhere.
  expect(
    (
      await call('buyer', 'POST', '/api/orders', {
        items: [{ ticketTypeId: galaType.id, quantity: 4 }],
      })
    ).statusCode,
  ).toBe(201);
  const refund = await call('host', 'POST', `/api/orders/${refunded.id}/refund`, {
    amountCents: 1000,
  });
  expect(refund.statusCode, refund.body).toBe(200);

  // One tonight ticket checked in at the door.
  const mine = (await call('buyer', 'GET', '/api/me/tickets')).json<{ tickets: Ticket[] }>();
  const atTheDoor = mine.tickets.find((ticket) => ticket.event.id === tonight.id);
  const checkIn = await call('host', 'POST', `/api/events/${tonight.id}/check-in`, {
    code: atTheDoor?.code,
  });
  expect(checkIn.statusCode, checkIn.body).toBe(200);

  // Vendor applications: two for the gala, one for tonight.
  for (const [who, eventId] of [
    ['vendor', gala.id],
    ['vendor2', gala.id],
    ['vendor', tonight.id],
  ] as const) {
    const applied = await call(who, 'POST', `/api/events/${eventId}/vendor-requests`, {
      message: 'We would love to play your event.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
  }

  // An attendee writes to the host twice.
  const chat = await call('buyer', 'POST', '/api/chats/open', { ref: host.id });
  expect(chat.statusCode, chat.body).toBe(200);
  ids.chat = chat.json<{ id: string }>().id;
  for (const body of ['Is there parking?', 'And a cloakroom?']) {
    const sent = await call('buyer', 'POST', `/api/chats/${ids.chat}/messages`, { body });
    expect(sent.statusCode, sent.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/dashboard/host', () => {
  it('answers organizers, venues and admins; refuses attendees and vendors; asks for sign-in', async () => {
    expect((await call('signedOut', 'GET', '/api/dashboard/host')).statusCode).toBe(401);
    for (const who of ['buyer', 'vendor'] as const) {
      const refused = await call(who, 'GET', '/api/dashboard/host');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(DASHBOARD_MESSAGES.forbidden);
    }
    for (const who of ['host', 'venue', 'admin'] as const) {
      expect((await call(who, 'GET', '/api/dashboard/host')).statusCode).toBe(200);
    }
  });

  it('lists the upcoming events, soonest first, with sold against capacity and net revenue', async () => {
    const board = await dashboard('host');
    expect(board.upcoming.total).toBe(3);
    expect(board.upcoming.events.map((e) => e.title)).toEqual([
      'Rooftop Jazz Tonight',
      'Harbour Lights Gala',
      'Winter Market (draft)',
    ]);
    const [tonight, gala, draft] = board.upcoming.events;
    expect(tonight).toMatchObject({
      status: 'published',
      sold: 3,
      // No cap on the event: what its ticket type puts on sale.
      capacity: 50,
      checkedIn: 1,
      ticketTypes: 1,
      revenue: [{ currency: 'EUR', cents: 9000 }],
    });
    // 3 tickets sold ($75) less the $10 refunded; the held order of 4 counts nowhere.
    expect(gala).toMatchObject({
      sold: 3,
      capacity: 100,
      checkedIn: 0,
      revenue: [{ currency: 'USD', cents: 6500 }],
    });
    expect(draft).toMatchObject({ status: 'draft', sold: 0, ticketTypes: 0, revenue: [] });
  });

  it('sums the last 30 days of sales per day, in the viewer time zone', async () => {
    const board = await dashboard('host');
    expect(board.today).toBe('2026-11-21');
    expect(board.sales.days).toHaveLength(DASHBOARD_SALES_DAYS);
    expect(board.sales.days[0]?.date).toBe('2026-10-23');
    expect(board.sales.days.at(-1)).toEqual({
      date: '2026-11-21',
      tickets: 4,
      revenue: [
        { currency: 'EUR', cents: 9000 },
        { currency: 'USD', cents: 2500 },
      ],
    });
    // Two days ago: $50 less the $10 refunded on that order.
    expect(board.sales.days.at(-3)).toEqual({
      date: '2026-11-19',
      tickets: 2,
      revenue: [{ currency: 'USD', cents: 4000 }],
    });
    expect(board.sales.tickets).toBe(6);
    expect(board.sales.revenue).toEqual([
      { currency: 'EUR', cents: 9000 },
      { currency: 'USD', cents: 6500 },
    ]);
    // At 12:00 UTC it is already the 22nd in Auckland: the days move with the viewer.
    const auckland = await dashboard('host', 'Pacific/Auckland');
    expect(auckland.today).toBe('2026-11-22');
    expect(auckland.sales.days.at(-1)?.tickets).toBe(4);
  });

  it("counts today's check-ins and shows the doors of today's events", async () => {
    const board = await dashboard('host');
    expect(board.checkIns).toEqual({
      today: 1,
      events: [{ id: ids.tonight, title: 'Rooftop Jazz Tonight', checkedIn: 1, sold: 3 }],
    });
    // Tomorrow, the check-in was yesterday's.
    t.clock.advance(DAY);
    try {
      expect((await dashboard('host')).checkIns.today).toBe(0);
    } finally {
      t.clock.set(START);
    }
  });

  it('counts pending vendor applications and unread messages, and says what to do next', async () => {
    const board = await dashboard('host');
    expect(board.vendorApplications).toEqual({
      pending: 3,
      events: [
        { id: ids.gala, title: 'Harbour Lights Gala', pending: 2 },
        { id: ids.tonight, title: 'Rooftop Jazz Tonight', pending: 1 },
      ],
    });
    expect(board.messages.unread).toBe(2);
    expect(board.messages.chats).toEqual([
      expect.objectContaining({
        id: ids.chat,
        name: 'Ada Obi',
        preview: 'And a cloakroom?',
        unread: 2,
      }),
    ]);
    expect(board.nextActions).toEqual([
      { kind: 'publish_draft', eventId: ids.draft, eventTitle: 'Winter Market (draft)', count: 1 },
      {
        kind: 'add_ticket_type',
        eventId: ids.draft,
        eventTitle: 'Winter Market (draft)',
        count: 1,
      },
      {
        kind: 'answer_vendor_applications',
        eventId: ids.gala,
        eventTitle: 'Harbour Lights Gala',
        count: 3,
      },
      { kind: 'reply_to_messages', eventId: null, eventTitle: null, count: 2 },
    ]);
  });

  it('shows each host their own numbers only', async () => {
    const theirs = await dashboard('otherHost');
    expect(theirs.upcoming.events.map((e) => [e.title, e.sold, e.revenue])).toEqual([
      ['Other Host Night', 1, [{ currency: 'USD', cents: 9900 }]],
    ]);
    expect(theirs.sales.tickets).toBe(1);
    expect(theirs.vendorApplications.pending).toBe(0);
    expect(theirs.messages.unread).toBe(0);
    expect(theirs.checkIns.today).toBe(0);
    // An admin's dashboard is their own too: nothing hosted, so the first step.
    const admin = await dashboard('admin');
    expect(admin.upcoming).toEqual({ total: 0, events: [] });
    expect(admin.sales.tickets).toBe(0);
    expect(admin.nextActions).toEqual([
      { kind: 'create_event', eventId: null, eventTitle: null, count: 1 },
    ]);
  });

  it('reads the messages as read once the host opens the chat', async () => {
    const read = await call('host', 'POST', `/api/chats/${ids.chat}/read`);
    expect(read.statusCode, read.body).toBeLessThan(300);
    const board = await dashboard('host');
    expect(board.messages).toEqual({ unread: 0, chats: [] });
    expect(board.nextActions.map((a) => a.kind)).not.toContain('reply_to_messages');
  });

  it('refuses a time zone it does not know, naming the field', async () => {
    const response = await call('host', 'GET', '/api/dashboard/host?timeZone=Mars%2FOlympus');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { field: 'querystring.timeZone', message: DASHBOARD_MESSAGES.timeZone },
    ]);
  });
});
