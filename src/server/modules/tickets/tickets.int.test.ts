import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Ticket } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });
const call = requestAs(
  () => t,
  () => cookies,
);

const newEvent = (capacity: number | null = 100) =>
  createEvent(t.db, {
    userId: owner.id,
    title: `Lagos Jazz Brunch ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity,
    createdAt: t.clock.now(),
  });

async function buy(who: Who, ticketTypeId: string, quantity = 1, discountCode?: string) {
  return call(who, 'POST', '/api/orders', { items: [{ ticketTypeId, quantity }], discountCode });
}

async function buyAndPay(who: Who, ticketTypeId: string, quantity = 1) {
  const order = (await buy(who, ticketTypeId, quantity)).json<Order>();
  const session = order.checkoutUrl?.split('/pay/')[1];
  await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  return (await call(who, 'GET', `/api/orders/${order.id}`)).json<Order>();
}

describe('ticket types', () => {
  const vip = { name: 'VIP', priceCents: 7500, quantity: 40, maxPerOrder: 4 };

  it('only the owner and admins manage them', async () => {
    const event = await newEvent();
    const add = (who: Who) => call(who, 'POST', `/api/events/${event.id}/ticket-types`, vip);
    expect((await add('signedOut')).statusCode).toBe(401);
    expect((await add('buyer')).statusCode).toBe(403);
    expect((await add('other')).statusCode).toBe(403);
    const created = await add('owner');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'VIP',
      quantity: 40,
      remaining: 40,
      sold: 0,
      held: 0,
      currency: 'USD',
    });
    expect((await add('admin')).statusCode).toBe(201);
    expect(
      (await call('other', 'GET', `/api/events/${event.id}/ticket-types/manage`)).statusCode,
    ).toBe(403);
    expect(
      (await call('other', 'PATCH', `/api/ticket-types/${created.json().id}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('other', 'DELETE', `/api/ticket-types/${created.json().id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('owner', 'GET', `/api/events/${randomUUID()}/ticket-types/manage`)).statusCode,
    ).toBe(404);
  });

  it('keeps the sum of quantities within the event capacity', async () => {
    const event = await newEvent(100);
    expect(
      (
        await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, {
          ...vip,
          quantity: 60,
        })
      ).statusCode,
    ).toBe(201);
    const over = await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, {
      ...vip,
      name: 'GA',
      quantity: 41,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.details.fields).toEqual([
      { field: 'body.quantity', message: 'The tickets on sale would exceed the event capacity' },
    ]);
    const managed = await call('owner', 'GET', `/api/events/${event.id}/ticket-types/manage`);
    expect(managed.json()).toMatchObject({ capacity: 100, allocated: 60 });
  });

  it('validates in the spec way, naming fields', async () => {
    const event = await newEvent();
    const bad = await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, {
      name: ' ',
      priceCents: -1,
      quantity: 0,
      minPerOrder: 5,
      maxPerOrder: 2,
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.name', 'body.priceCents', 'body.quantity']),
    );
  });

  it('cannot shrink below what is sold or held, nor delete a type with sales', async () => {
    const event = await newEvent();
    const type = (
      await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, { ...vip, quantity: 5 })
    ).json();
    await buy('buyer', type.id, 3);
    const managed = (
      await call('owner', 'GET', `/api/events/${event.id}/ticket-types/manage`)
    ).json();
    expect(managed.ticketTypes[0]).toMatchObject({ held: 3, sold: 0, remaining: 2 });
    const shrink = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, { quantity: 2 });
    expect(shrink.json().error.message).toBe(
      'Quantity cannot be less than the tickets already sold or held',
    );
    const grow = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, { quantity: 8 });
    expect(grow.json()).toMatchObject({ quantity: 8, remaining: 5 });
    const del = await call('owner', 'DELETE', `/api/ticket-types/${type.id}`);
    expect(del.statusCode).toBe(409);
    const unsold = (
      await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, {
        ...vip,
        name: 'Unsold',
      })
    ).json();
    expect((await call('owner', 'DELETE', `/api/ticket-types/${unsold.id}`)).json()).toEqual({
      ok: true,
    });
  });

  it('hides a type until its unlock code is given', async () => {
    const event = await newEvent();
    await createTicketType(t.db, { eventId: event.id, name: 'Public' });
    await createTicketType(t.db, { eventId: event.id, name: 'Friends', unlockCode: 'FRIENDS' });
    const plain = await call('signedOut', 'GET', `/api/events/${event.id}/ticket-types`);
    expect(plain.json().ticketTypes.map((x: { name: string }) => x.name)).toEqual(['Public']);
    expect(plain.json().hasLocked).toBe(true);
    const unlocked = await call(
      'signedOut',
      'GET',
      `/api/events/${event.id}/ticket-types?code=friends`,
    );
    expect(
      unlocked
        .json()
        .ticketTypes.map((x: { name: string; unlocked: boolean }) => [x.name, x.unlocked]),
    ).toEqual([
      ['Public', false],
      ['Friends', true],
    ]);
    const hidden = unlocked.json().ticketTypes[1].id;
    expect((await buy('buyer', hidden)).statusCode).toBe(404);
    const withCode = await call('buyer', 'POST', '/api/orders', {
      items: [{ ticketTypeId: hidden, quantity: 1 }],
      unlockCode: 'FRIENDS',
    });
    expect(withCode.statusCode).toBe(201);
  });

  it('respects the sales window and per-order limits', async () => {
    const event = await newEvent();
    const later = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Later',
      salesStart: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const few = await createTicketType(t.db, { eventId: event.id, name: 'Few', maxPerOrder: 2 });
    expect((await buy('buyer', later.id)).json().error.message).toBe(
      'These tickets are not on sale right now',
    );
    const tooMany = await buy('buyer', few.id, 3);
    expect(tooMany.json().error.details.fields).toEqual([
      {
        field: 'body.items.0.quantity',
        message: 'You can buy at most 2 tickets of this type per order',
      },
    ]);
  });
});

describe('discount codes', () => {
  it('are managed by the owner, priced in the quote, and enforce their limit under a race', async () => {
    const event = await newEvent(null);
    const type = await createTicketType(t.db, {
      eventId: event.id,
      priceCents: 3333,
      quantity: 100,
    });
    const create = (who: Who, body: object) =>
      call(who, 'POST', `/api/events/${event.id}/discount-codes`, body);
    expect((await create('other', { code: 'HALF', kind: 'percent', amount: 50 })).statusCode).toBe(
      403,
    );
    const half = await create('owner', {
      code: 'half',
      kind: 'percent',
      amount: 50,
      usageLimit: 2,
    });
    expect(half.json()).toMatchObject({ code: 'HALF', usedCount: 0, usageLimit: 2 });
    expect((await create('owner', { code: 'Half', kind: 'fixed', amount: 100 })).statusCode).toBe(
      409,
    );
    expect(
      (await create('owner', { code: 'BIG', kind: 'percent', amount: 150 })).json().error.details
        .fields,
    ).toEqual([{ field: 'body.amount', message: 'A percentage must be between 1 and 100' }]);

    const quote = await call('signedOut', 'POST', '/api/orders/quote', {
      items: [{ ticketTypeId: type.id, quantity: 3 }],
      discountCode: 'half',
    });
    // 3 × 33.33 = 99.99; half of it rounds half up to 50.00.
    expect(quote.json()).toMatchObject({
      subtotalCents: 9999,
      discountCents: 5000,
      totalCents: 4999,
      discountCode: 'HALF',
    });

    const results = await Promise.all(
      Array.from({ length: 6 }, () => buy('buyer', type.id, 1, 'HALF')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = results.find((r) => r.statusCode !== 201);
    expect(refused?.json().error.message).toBe('This discount code has been used up');
    const list = await call('owner', 'GET', `/api/events/${event.id}/discount-codes`);
    expect(list.json().discountCodes[0]).toMatchObject({ code: 'HALF', usedCount: 2 });

    // An expired hold gives its use back.
    t.clock.advance(11 * 60_000);
    expect((await buy('buyer', type.id, 1, 'HALF')).statusCode).toBe(201);
  });

  it('explain invalid, expired, inactive and inapplicable codes', async () => {
    const event = await newEvent(null);
    const type = await createTicketType(t.db, { eventId: event.id });
    const other = await createTicketType(t.db, { eventId: event.id, name: 'Other' });
    const now = t.clock.now().getTime();
    const make = (body: object) =>
      call('owner', 'POST', `/api/events/${event.id}/discount-codes`, body);
    await make({
      code: 'OLD',
      kind: 'fixed',
      amount: 500,
      validUntil: new Date(now - 1000).toISOString(),
    });
    await make({
      code: 'SOON',
      kind: 'fixed',
      amount: 500,
      validFrom: new Date(now + 86_400_000).toISOString(),
    });
    await make({ code: 'ONLYOTHER', kind: 'fixed', amount: 500, ticketTypeId: other.id });
    const off = (await make({ code: 'OFF', kind: 'fixed', amount: 500 })).json();
    await call('owner', 'PATCH', `/api/discount-codes/${off.id}`, { isActive: false });
    const message = async (code: string) =>
      (await buy('buyer', type.id, 1, code)).json().error.message;
    expect(await message('NOPE')).toBe('This discount code is not valid');
    expect(await message('OLD')).toBe('This discount code has expired');
    expect(await message('SOON')).toBe('This discount code is not active yet');
    expect(await message('ONLYOTHER')).toBe('This discount code does not apply to these tickets');
    expect(await message('OFF')).toBe('This discount code is not valid');
  });
});

describe('tickets, check-in and attendees', () => {
  it('shows a ticket to its holder, the organizer and admins, with a QR code and a PDF', async () => {
    const event = await newEvent();
    const type = await createTicketType(t.db, { eventId: event.id });
    const order = await buyAndPay('buyer', type.id);
    const ticketId = order.tickets[0]?.id;
    const status = async (who: Who) =>
      (await call(who, 'GET', `/api/tickets/${ticketId}`)).statusCode;
    expect([
      await status('buyer'),
      await status('owner'),
      await status('admin'),
      await status('other'),
      await status('signedOut'),
    ]).toEqual([200, 200, 200, 404, 401]);
    const ticket = (await call('buyer', 'GET', `/api/tickets/${ticketId}`)).json<Ticket>();
    expect(ticket).toMatchObject({ status: 'valid', holderName: 'Ada Obi', paidCents: 2500 });
    expect(ticket.code).toMatch(new RegExp(`^${ticketId}\\.[\\w-]{22}$`));
    const qr = await call('buyer', 'GET', `/api/tickets/${ticketId}/qr.svg`);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    const pdf = await call('buyer', 'GET', `/api/tickets/${ticketId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.7');
    expect((await pdfText(pdf.rawPayload)).join('')).toContain(event.title);
    const mine = await call('buyer', 'GET', '/api/me/tickets');
    expect(mine.json().tickets.map((x: Ticket) => x.id)).toContain(ticketId);
  });

  it('checks a ticket in once, says when it already was, and refuses forged or refunded codes', async () => {
    const event = await newEvent();
    const type = await createTicketType(t.db, { eventId: event.id });
    const order = await buyAndPay('buyer', type.id, 2);
    const [first, second] = await Promise.all(
      order.tickets.map(async (x) =>
        (await call('buyer', 'GET', `/api/tickets/${x.id}`)).json<Ticket>(),
      ),
    );
    const checkIn = (who: Who, code: string) =>
      call(who, 'POST', `/api/events/${event.id}/check-in`, { code });
    expect((await checkIn('buyer', first?.code ?? '')).statusCode).toBe(403);
    const ok = await checkIn('owner', first?.code ?? '');
    expect(ok.json()).toMatchObject({ result: 'checked_in', ticket: { status: 'checked_in' } });
    expect((await checkIn('owner', first?.code ?? '')).json().result).toBe('already_checked_in');
    const forged = `${first?.id}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await checkIn('owner', forged)).json().error.message).toBe(
      'No ticket with this code for this event',
    );
    const elsewhere = await newEvent();
    expect(
      (
        await call('owner', 'POST', `/api/events/${elsewhere.id}/check-in`, {
          code: second?.code ?? '',
        })
      ).statusCode,
    ).toBe(404);

    const attendees = await call('owner', 'GET', `/api/events/${event.id}/attendees`);
    expect(attendees.json().sales).toMatchObject({
      totalTicketsSold: 2,
      paidTicketsSold: 2,
      checkedIn: 1,
      earningsCents: 5000,
    });
    expect(attendees.json().attendees).toHaveLength(2);
    // The CSV is attendee data: asked for with a password checked in the last ten minutes.
    const reauth = await call('owner', 'POST', '/api/auth/two-factor/reauth', {
      password: owner.password,
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    const csv = await call('owner', 'GET', `/api/events/${event.id}/attendees.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      '"Name","Email","Ticket","Status","Checked in at","Purchased at","Paid","Currency","Ticket id","Order id","Sales channel"',
    );
    expect(csv.body).toContain('"Ada Obi"');
    expect((await call('other', 'GET', `/api/events/${event.id}/attendees.csv`)).statusCode).toBe(
      403,
    );

    await call('owner', 'POST', `/api/orders/${order.id}/refund`, {});
    expect((await checkIn('owner', second?.code ?? '')).json().error.message).toBe(
      'This ticket was refunded and is not valid',
    );
  });

  it('shows who is going as the organizer chose', async () => {
    const event = await newEvent();
    const type = await createTicketType(t.db, { eventId: event.id });
    await buyAndPay('buyer', type.id);
    const attending = (who: Who) => call(who, 'GET', `/api/events/${event.id}/attending`);
    expect((await attending('signedOut')).json()).toEqual({
      visibility: 'count',
      count: 1,
      attendees: [],
    });
    await call('owner', 'PATCH', `/api/events/${event.id}`, { attendeeVisibility: 'list' });
    expect(
      (await attending('signedOut')).json().attendees.map((a: { name: string }) => a.name),
    ).toEqual(['Ada Obi']);
    await call('owner', 'PATCH', `/api/events/${event.id}`, { attendeeVisibility: 'hidden' });
    expect((await attending('other')).json()).toEqual({
      visibility: 'hidden',
      count: null,
      attendees: [],
    });
    expect((await attending('owner')).json().visibility).toBe('list');
  });
});

describe('upcoming and past tickets', () => {
  it('calls a ticket past once its event is over, by the events lists rule, upcoming first', async () => {
    const holder = await createUser(t.db, { fullName: 'Uma Upcoming' });
    const cookie = await t.sessionCookie(holder);
    const start = t.clock.now();
    const hour = 3_600_000;
    const at = (ms: number) => new Date(start.getTime() + ms);
    const event = (title: string, startsAt: Date, endsAt: Date | null) =>
      createEvent(t.db, { userId: owner.id, title, startsAt, endsAt, createdAt: start });
    const tomorrow = await event('Tomorrow Brunch', at(30 * hour), at(33 * hour));
    const ended = await event('Ended Yesterday', at(2 * hour), at(3 * hour));
    // No end time: running for a day after its start, so not past 20 hours in.
    const openEnded = await event('Open Ended Fair', at(4 * hour), null);
    for (const e of [tomorrow, ended, openEnded]) {
      const type = await createTicketType(t.db, { eventId: e.id, priceCents: 0 });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { items: [{ ticketTypeId: type.id, quantity: 1 }] },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    t.clock.set(at(24 * hour));
    try {
      const mine = await t.app.inject({ url: '/api/me/tickets', headers: { cookie } });
      expect(
        mine.json<{ tickets: Ticket[] }>().tickets.map((x) => [x.event.title, x.isPast]),
      ).toEqual([
        ['Open Ended Fair', false],
        ['Tomorrow Brunch', false],
        ['Ended Yesterday', true],
      ]);
      const past = mine.json<{ tickets: Ticket[] }>().tickets[2];
      const one = await t.app.inject({ url: `/api/tickets/${past?.id}`, headers: { cookie } });
      expect(one.json<Ticket>()).toMatchObject({ status: 'valid', isPast: true });
    } finally {
      t.clock.set(start);
    }
  });
});

describe('in the reader’s language', () => {
  it('answers a missing discount code in German and a paid event’s registration in Arabic, the codes unchanged', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/discount-codes/${randomUUID()}`,
      headers: { ...as('owner'), 'accept-language': 'de' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Rabattcode nicht gefunden' },
    });
    const event = await newEvent();
    await createTicketType(t.db, { eventId: event.id, priceCents: 1500, quantity: 5 });
    const register = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      headers: { ...as('buyer'), 'accept-language': 'ar' },
      payload: {},
    });
    expect(register.json()).toMatchObject({
      error: {
        code: 'CONFLICT',
        message: 'لا تتيح هذه الفعالية تسجيلًا مجانيًا. يُرجى شراء تذكرة بدلًا من ذلك.',
      },
    });
  });
});
