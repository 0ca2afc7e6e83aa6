import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, DEVELOPER_MESSAGES, type ApiScope } from '../../../contracts/developer';
import { EVENT_MESSAGES } from '../../../contracts/events';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { fillPath, operationsOf, type Operation } from '../../test/openapi-operations';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';
import { multipart, png } from '../../test/uploads';

// The public API v1 beyond the first lists: event writes through the events service,
// orders and vendors of an event, per-key CORS, and a scope and ownership matrix generated from
// the route list (a key of one organizer never reaches another's data).

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
let vendor: CreatedUser;
let eventId: string;
let foreignEventId: string;
let orderId: string;
let firstOrder: Order;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  other = await createUser(t.db, { userType: 'organizer' });
  buyer = await createUser(t.db, { fullName: 'Bea Buyer', email: 'v1-buyer@example.com' });
  vendor = await createUser(t.db, { userType: 'vendor', businessName: 'Seaside Tacos' });
  for (const user of [organizer, other, buyer]) cookies[user.id] = await t.sessionCookie(user);
  const now = t.clock.now();
  eventId = (await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: now })).id;
  foreignEventId = (await createEvent(t.db, { userId: other.id, createdAt: now })).id;
  firstOrder = await paidOrder(eventId, 2);
  orderId = firstOrder.id;
  await t.db.execute(sql`
    insert into event_vendors (event_id, vendor_id, status, payment_status, vendor_fee_amount,
      paid_at, created_at, updated_at)
    values (${eventId}, ${vendor.id}, 'approved', 'paid', 75.5, ${now}, ${now}, ${now})`);
});
afterAll(async () => t?.close());

/**
 * A paid order of `quantity` tickets for the event (a fresh ticket type unless given), with the
 * checkout answers given.
 */
async function paidOrder(event: string, quantity: number, typeId?: string, answers?: object) {
  const ticketTypeId =
    typeId ?? (await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 1500 })).id;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: cookies[buyer.id] },
    payload: { items: [{ ticketTypeId, quantity }], ...(answers ? { answers } : {}) },
  });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const order = placed.json<Order>();
  const paid = await t.app.inject(
    localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi',
    }),
  );
  expect(paid.json().outcome).toBe('paid');
  return order;
}

async function newKey(user: CreatedUser, scopes: readonly string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/developer/keys',
    headers: { cookie: cookies[user.id] },
    payload: { name: 'Integration', scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ key: { id: string }; secret: string }>();
}

const v1 = (
  secret: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'OPTIONS',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...options.headers },
  });

const fieldsOf = (body: string) =>
  (
    JSON.parse(body) as { error: { details?: { fields?: { field: string; message: string }[] } } }
  ).error.details?.fields?.map((f) => [f.field, f.message]) ?? [];

const NEW_EVENT = {
  title: 'Harbour Jazz Night',
  category: 'Music',
  starts_at: '2031-06-12T18:00:00Z',
  ends_at: '2031-06-12T22:00:00Z',
  timezone: 'Europe/London',
  venue_name: 'Pier Stage',
  city: 'Brighton',
  capacity: 200,
  is_free: false,
};

describe('v1 event writes', () => {
  it('creates a draft event with the app’s rules; problems name the snake_case field', async () => {
    const { secret } = await newKey(organizer, ['events:read', 'events:write']);
    const created = await v1(secret, 'POST', '/api/v1/events', { payload: NEW_EVENT });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Harbour Jazz Night',
      status: 'draft',
      starts_at: '2031-06-12T18:00:00.000Z',
      venue_name: 'Pier Stage',
      capacity: 200,
      is_free: false,
    });
    const row = await t.db.execute(
      sql`select user_id from events where id = ${created.json<{ id: string }>().id}`,
    );
    expect(row.rows[0]).toEqual({ user_id: organizer.id });

    const missing = await v1(secret, 'POST', '/api/v1/events', {
      payload: { category: 'Music', city: 'Leith' },
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(
      expect.arrayContaining([
        ['body.title', expect.any(String)],
        ['body.starts_at', EVENT_MESSAGES.startRequired],
      ]),
    );
    // Cross-field rules of the event form, with v1's field names.
    const crossed = await v1(secret, 'POST', '/api/v1/events', {
      payload: { ...NEW_EVENT, ends_at: '2031-06-12T17:00:00Z', is_online: true },
    });
    expect(crossed.statusCode).toBe(400);
    expect(fieldsOf(crossed.body)).toEqual(
      expect.arrayContaining([
        ['body.ends_at', EVENT_MESSAGES.endBeforeStart],
        ['body.online_url', EVENT_MESSAGES.onlineUrl],
      ]),
    );
  });

  it('an Idempotency-Key makes a retried create one event; another body with it is 422', async () => {
    const { secret } = await newKey(organizer, ['events:write']);
    const headers = { 'idempotency-key': 'create-jazz-1' };
    const payload = { ...NEW_EVENT, title: 'Retried Night' };
    const first = await v1(secret, 'POST', '/api/v1/events', { payload, headers });
    const retry = await v1(secret, 'POST', '/api/v1/events', { payload, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const count = await t.db.execute(
      sql`select count(*)::int as n from events where title = 'Retried Night'`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
    const reused = await v1(secret, 'POST', '/api/v1/events', {
      payload: { ...payload, title: 'Something else' },
      headers,
    });
    expect(reused.statusCode).toBe(422);
  });

  it('changes only the fields sent, checks the merged event, and never another organizer’s', async () => {
    const { secret } = await newKey(organizer, ['events:write']);
    const id = (await v1(secret, 'POST', '/api/v1/events', { payload: NEW_EVENT })).json<{
      id: string;
    }>().id;
    const renamed = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { title: 'Harbour Jazz (late show)', starts_at: '2031-06-12T20:00:00Z' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'Harbour Jazz (late show)',
      starts_at: '2031-06-12T20:00:00.000Z',
      city: 'Brighton',
    });
    // Online without a link: the service's check on the merged event, named in snake_case.
    const online = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { is_online: true },
    });
    expect(online.statusCode).toBe(400);
    expect(fieldsOf(online.body)).toEqual([['body.online_url', EVENT_MESSAGES.onlineUrl]]);
    // The stored event ends at 22:00; a start after it is refused on the merged values.
    const late = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { starts_at: '2031-06-12T23:00:00Z' },
    });
    expect(fieldsOf(late.body)).toEqual([['body.ends_at', EVENT_MESSAGES.endBeforeStart]]);

    const foreign = await v1(secret, 'PATCH', `/api/v1/events/${foreignEventId}`, {
      payload: { title: 'Taken over' },
    });
    expect(foreign.statusCode).toBe(404);
    const title = await t.db.execute(sql`select title from events where id = ${foreignEventId}`);
    expect(title.rows[0]).not.toEqual({ title: 'Taken over' });
  });

  it('an admin’s key acts only within the admin’s own events', async () => {
    const admin = await createUser(t.db, { userType: 'organizer', roles: ['admin'] });
    cookies[admin.id] = await t.sessionCookie(admin);
    const { secret } = await newKey(admin, ['events:read', 'events:write']);
    expect(
      (
        await v1(secret, 'PATCH', `/api/v1/events/${foreignEventId}`, {
          payload: { title: 'Admin edit' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await v1(secret, 'GET', `/api/v1/events/${eventId}`)).statusCode).toBe(404);
  });
});

describe('v1 orders and vendors of an event', () => {
  it('lists the event’s orders with their items, in pages, and syncs by updated_since', async () => {
    const second = await paidOrder(eventId, 1);
    const { secret } = await newKey(organizer, ['orders:read']);
    const first = await v1(secret, 'GET', `/api/v1/events/${eventId}/orders?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{ data: { id: string }[]; next_cursor: string | null }>();
    expect(page1.data).toHaveLength(1);
    const rest = await v1(
      secret,
      'GET',
      `/api/v1/events/${eventId}/orders?cursor=${page1.next_cursor}`,
    );
    const ids = [...page1.data, ...rest.json<{ data: { id: string }[] }>().data].map((o) => o.id);
    expect(ids.sort()).toEqual([orderId, second.id].sort());
    const all = (await v1(secret, 'GET', `/api/v1/events/${eventId}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(all.data.find((o) => o.id === orderId)).toMatchObject({
      status: 'paid',
      currency: firstOrder.currency,
      total_cents: firstOrder.totalCents,
      refunded_cents: 0,
      buyer: { id: buyer.id, name: 'Bea Buyer', email: 'v1-buyer@example.com' },
      items: [{ quantity: 2, unit_price_cents: 1500, discount_cents: 0 }],
    });
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const none = await v1(
      secret,
      'GET',
      `/api/v1/events/${eventId}/orders?updated_since=${encodeURIComponent(future)}`,
    );
    expect(none.json()).toEqual({ data: [], next_cursor: null });
  });

  it('gives each order its net, its tax per rate and its invoice numbers', async () => {
    const now = t.clock.now();
    const event = (await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: now }))
      .id;
    const type = await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 10000 });
    const cookie = cookies[organizer.id] ?? '';
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers: { cookie },
      payload: { name: 'MwSt', percent: '19', country: 'DE' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event}/tax-settings`,
      headers: { cookie },
      payload: {
        pricesIncludeTax: false,
        assignments: [{ ticketTypeId: type.id, taxRateId: rate.json<{ id: string }>().id }],
      },
    });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/invoices/profile',
      headers: { cookie },
      payload: {
        legalName: 'Harbour Events GmbH',
        address: 'Hafenstraße 1\nHamburg',
        taxId: 'DE123456789',
        footer: '',
        logoUrl: null,
        numberPrefix: 'V1-',
        numberFormat: '{prefix}{year}-{number:5}',
        issueMode: 'on_request',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const order = await paidOrder(event, 1, type.id);
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/invoices`,
      headers: { cookie: cookies[buyer.id] },
    });
    expect(requested.statusCode, requested.body).toBeLessThan(300);
    const { secret } = await newKey(organizer, ['orders:read']);
    const listed = (await v1(secret, 'GET', `/api/v1/events/${event}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(listed.data[0]).toMatchObject({
      total_cents: 11900,
      net_cents: 10000,
      tax_cents: 1900,
      tax_lines: [{ name: 'MwSt', rate: 19, amount_cents: 1900 }],
      invoices: [{ number: expect.stringMatching(/^V1-/), kind: 'invoice' }],
    });
    // An untaxed order says so.
    const plain = (await v1(secret, 'GET', `/api/v1/events/${eventId}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(plain.data[0]).toMatchObject({ tax_cents: 0, tax_lines: [], invoices: [] });
  });

  it('gives the checkout answers with each order and each attendee', async () => {
    const now = t.clock.now();
    const event = (await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: now }))
      .id;
    const type = await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 1500 });
    const ask = async (input: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event}/questions`,
        headers: { cookie: cookies[organizer.id] },
        payload: input,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const company = await ask({ scope: 'order', type: 'short_text', label: 'Company' });
    const diet = await ask({
      scope: 'ticket',
      type: 'multiple_choice',
      label: 'Dietary needs',
      options: ['Vegan', 'No nuts'],
    });
    const badge = await ask({ scope: 'order', type: 'file', label: 'Company badge' });
    const upload = multipart('file', 'badge.png', 'image/png', await png(8, 8));
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/answer-files',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: cookies[buyer.id] },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const file = stored.json<{ url: string; name: string }>();
    const order = await paidOrder(event, 2, type.id, {
      order: { [company.id]: 'Harbour Ltd', [badge.id]: file },
      tickets: [
        { ticketTypeId: type.id, answers: { [diet.id]: ['Vegan', 'No nuts'] } },
        { ticketTypeId: type.id, answers: {} },
      ],
    });
    const { secret } = await newKey(organizer, ['orders:read', 'attendees:read']);
    const orders = await v1(secret, 'GET', `/api/v1/events/${event}/orders`);
    expect(orders.statusCode, orders.body).toBe(200);
    const attendees = (await v1(secret, 'GET', `/api/v1/events/${event}/attendees`)).json<{
      data: { ticket_id: string; answers: unknown[] }[];
    }>().data;
    expect(attendees).toHaveLength(2);
    const tickets = await t.db.execute<{ id: string }>(
      sql`select id from tickets where order_id = ${order.id} order by created_at, id`,
    );
    const [firstTicket, secondTicket] = tickets.rows.map((r) => r.id);
    expect(orders.json().data[0]).toMatchObject({
      id: order.id,
      answers: [
        {
          question_id: company.id,
          question: 'Company',
          type: 'short_text',
          value: 'Harbour Ltd',
          ticket_type_id: null,
          ticket_index: null,
          ticket_id: null,
        },
        {
          question_id: badge.id,
          question: 'Company badge',
          type: 'file',
          value: { url: file.url, name: 'badge.png' },
          ticket_type_id: null,
          ticket_index: null,
          ticket_id: null,
        },
        {
          question_id: diet.id,
          question: 'Dietary needs',
          type: 'multiple_choice',
          value: ['Vegan', 'No nuts'],
          ticket_type_id: type.id,
          ticket_index: 0,
          ticket_id: firstTicket,
        },
      ],
    });
    // A file is the path it downloads from on this server, never the store's key.
    expect(file.url).toMatch(/^\/media\/answers\/[0-9a-f]{32}\.png$/);
    const download = await t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['cache-control']).toMatch(/^private/);
    const byTicket = new Map(attendees.map((a) => [a.ticket_id, a.answers]));
    // A ticket's answers come in the organizer's order of the questions.
    const companyAnswer = {
      question_id: company.id,
      question: 'Company',
      type: 'short_text',
      value: 'Harbour Ltd',
    };
    const badgeAnswer = {
      question_id: badge.id,
      question: 'Company badge',
      type: 'file',
      value: { url: file.url, name: 'badge.png' },
    };
    expect(byTicket.get(firstTicket ?? '')).toEqual([
      companyAnswer,
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'multiple_choice',
        value: ['Vegan', 'No nuts'],
      },
      badgeAnswer,
    ]);
    expect(byTicket.get(secondTicket ?? '')).toEqual([companyAnswer, badgeAnswer]);
    // Another organizer's key reaches neither list of this event, and its own lists hold none
    // of these answers.
    const theirs = await newKey(other, ['orders:read', 'attendees:read']);
    for (const list of ['orders', 'attendees']) {
      const refused = await v1(theirs.secret, 'GET', `/api/v1/events/${event}/${list}`);
      expect(refused.statusCode, refused.body).toBe(404);
      const own = await v1(theirs.secret, 'GET', `/api/v1/events/${foreignEventId}/${list}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.body).not.toContain('Harbour Ltd');
      expect(own.body).not.toContain(file.url);
    }
    // An event without questions: empty lists, not missing fields.
    const plain = (await v1(secret, 'GET', `/api/v1/events/${eventId}/attendees`)).json<{
      data: { answers: unknown[] }[];
    }>().data;
    expect(plain[0]?.answers).toEqual([]);
  });

  it('lists the event’s approved vendors with the fee in cents', async () => {
    const { secret } = await newKey(organizer, ['vendors:read']);
    const response = await v1(secret, 'GET', `/api/v1/events/${eventId}/vendors`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        vendor_id: vendor.id,
        name: 'Seaside Tacos',
        status: 'approved',
        payment_status: 'paid',
        fee_cents: 7550,
      }),
    ]);
  });
});

describe('per-key CORS', () => {
  const shop = 'https://shop.example';

  it('is closed by default: a browser request from another site is refused, a server call is not', async () => {
    const { secret } = await newKey(organizer, ['events:read']);
    const browser = await v1(secret, 'GET', '/api/v1/events', { headers: { origin: shop } });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().error.message).toBe(DEVELOPER_MESSAGES.originRefused(shop));
    expect(browser.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await v1(null, 'OPTIONS', '/api/v1/events', {
      headers: { origin: 'https://nobody-allows.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await v1(secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
  });

  it('allows the origins set on a key, for that key only, preflight included', async () => {
    const { key, secret } = await newKey(organizer, ['events:read', 'events:write']);
    const { secret: otherKey } = await newKey(organizer, ['events:read']);
    const set = (who: CreatedUser, allowedOrigins: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/developer/keys/${key.id}`,
        headers: { cookie: cookies[who.id] },
        payload: { allowedOrigins },
      });
    const bad = await set(organizer, ['https://shop.example/path', 'ftp://x']);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(
      expect.arrayContaining([
        ['body.allowedOrigins.0', DEVELOPER_MESSAGES.originInvalid],
        ['body.allowedOrigins.1', DEVELOPER_MESSAGES.originInvalid],
      ]),
    );
    expect((await set(other, [shop])).statusCode).toBe(404);
    const saved = await set(organizer, [shop, shop]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().allowedOrigins).toEqual([shop]);

    const preflight = await v1(null, 'OPTIONS', '/api/v1/events', {
      headers: {
        origin: shop,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': shop,
      vary: expect.stringContaining('Origin'),
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/PATCH/);

    const read = await v1(secret, 'GET', '/api/v1/events', { headers: { origin: shop } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(shop);
    expect(String(read.headers['access-control-expose-headers'])).toMatch(/RateLimit-Remaining/);
    // A cross-site write with the key: no session is involved, so the CSRF check stands aside.
    const write = await v1(secret, 'POST', '/api/v1/events', {
      payload: NEW_EVENT,
      headers: { origin: shop },
    });
    expect(write.statusCode, write.body).toBe(201);
    // The same origin with a key that does not allow it.
    expect(
      (await v1(otherKey, 'GET', '/api/v1/events', { headers: { origin: shop } })).statusCode,
    ).toBe(403);

    // Revoked: the preflight closes too.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${key.id}`,
      headers: { cookie: cookies[organizer.id] },
    });
    const after = await v1(null, 'OPTIONS', '/api/v1/events', { headers: { origin: shop } });
    expect(after.statusCode).toBe(403);
  });
});

// Every /api/v1 route, from the OpenAPI document, with the scope it needs. A route missing here
// fails the first test, so a new v1 route must say what it needs.
const SCOPE_OF: Record<string, ApiScope> = {
  'GET /api/v1/events': 'events:read',
  'POST /api/v1/events': 'events:write',
  'GET /api/v1/events/{id}': 'events:read',
  'PATCH /api/v1/events/{id}': 'events:write',
  'GET /api/v1/events/{id}/orders': 'orders:read',
  'GET /api/v1/events/{id}/attendees': 'attendees:read',
  'GET /api/v1/events/{id}/transfers': 'attendees:read',
  'GET /api/v1/events/{id}/vendors': 'vendors:read',
  'POST /api/v1/events/{id}/check-ins': 'checkins:write',
};

describe('the v1 scope and ownership matrix (generated from the route list)', () => {
  let operations: Operation[];
  const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;
  const bodies: Record<string, object> = {
    'POST /api/v1/events': NEW_EVENT,
    'PATCH /api/v1/events/{id}': { title: 'Matrix Night' },
  };

  beforeAll(async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    operations = operationsOf(document).filter((o) => o.path.startsWith('/api/v1/'));
    const cookie = cookies[buyer.id] ?? '';
    const mine = await t.app.inject({ url: '/api/me/tickets', headers: { cookie } });
    const code = (mine.json() as { tickets: { orderId: string; code: string }[] }).tickets.find(
      (x) => x.orderId === orderId,
    )?.code;
    bodies['POST /api/v1/events/{id}/check-ins'] = { code: code ?? 'none' };
  });

  const call = (operation: Operation, secret: string | null, event: string) =>
    v1(secret, operation.method as 'GET', fillPath(operation.path, { id: event }), {
      payload: bodies[keyOf(operation)],
    });

  it('documents the v1 writes and lists with examples', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const example = (path: string, method: string, where: 'request' | 'response') => {
      const operation = document.paths[path]?.[method] as
        | {
            requestBody?: { content: Record<string, { schema: { example?: unknown } }> };
            responses: Record<
              string,
              { content?: Record<string, { schema: { example?: unknown } }> }
            >;
          }
        | undefined;
      if (where === 'request')
        return operation?.requestBody?.content['application/json']?.schema.example;
      const ok = operation?.responses['200'] ?? operation?.responses['201'];
      return ok?.content?.['application/json']?.schema.example;
    };
    expect(example('/api/v1/events', 'post', 'request')).toMatchObject({
      starts_at: expect.any(String),
    });
    expect(example('/api/v1/events/{id}', 'patch', 'request')).toBeTruthy();
    for (const [path, method] of [
      ['/api/v1/events', 'get'],
      ['/api/v1/events', 'post'],
      ['/api/v1/events/{id}/orders', 'get'],
      ['/api/v1/events/{id}/vendors', 'get'],
    ] as const)
      expect(example(path, method, 'response'), `${method} ${path}`).toBeTruthy();
    expect(example('/api/v1/events/{id}/orders', 'get', 'response')).toMatchObject({
      data: [{ answers: expect.arrayContaining([expect.objectContaining({ ticket_index: 0 })]) }],
    });
    // The answers, access codes and hidden types are told in the document, not only in code.
    const text = JSON.stringify(document);
    const orders = JSON.stringify(document.paths['/api/v1/events/{id}/orders']);
    expect(orders).toContain('checkout questions');
    expect(orders).toContain('access code that revealed');
    expect(JSON.stringify(document.paths['/api/v1/events/{id}/attendees'])).toContain(
      'checkout questions',
    );
    expect(text).toContain('Hidden ticket types (revealed at checkout by an access code)');
    expect(JSON.stringify(document.paths['/api/developer/webhooks'])).toContain(
      '`order.paid` data',
    );
  });

  it('names the scope of every v1 route, and of no route that is gone', () => {
    const keys = operations.map(keyOf);
    expect(keys.length).toBeGreaterThanOrEqual(8);
    expect(keys.filter((key) => !(key in SCOPE_OF))).toEqual([]);
    expect(Object.keys(SCOPE_OF).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses no key, a revoked or expired key, and a key without the route’s scope', async () => {
    const revoked = await newKey(organizer, API_SCOPES);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${revoked.key.id}`,
      headers: { cookie: cookies[organizer.id] },
    });
    const expired = await newKey(organizer, API_SCOPES);
    await t.db.execute(
      sql`update api_keys set expires_at = ${new Date(t.clock.now().getTime() - 1000)}
          where id = ${expired.key.id}`,
    );
    const wrong: string[] = [];
    const withoutScope = new Map<string, string>();
    for (const operation of operations) {
      const scope = SCOPE_OF[keyOf(operation)] ?? 'events:read';
      const without =
        withoutScope.get(scope) ??
        (
          await newKey(
            organizer,
            API_SCOPES.filter((s) => s !== scope),
          )
        ).secret;
      withoutScope.set(scope, without);
      for (const [who, secret, status] of [
        ['no key', null, 401],
        ['revoked', revoked.secret, 401],
        ['expired', expired.secret, 401],
        [`without ${scope}`, without, 403],
      ] as const) {
        const response = await call(operation, secret, eventId);
        if (response.statusCode !== status)
          wrong.push(`${keyOf(operation)} ${who}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a key of one organizer never reaches another organizer’s event or data; the owner’s does', async () => {
    const mine = await newKey(organizer, API_SCOPES);
    const theirs = await newKey(other, API_SCOPES);
    const leaks: string[] = [];
    for (const operation of operations) {
      const key = keyOf(operation);
      if (operation.path.includes('{id}')) {
        const response = await call(operation, theirs.secret, eventId);
        if (response.statusCode !== 404) leaks.push(`${key}: ${response.statusCode}`);
      } else {
        // Lists and creates act on the caller's own events: nothing of the other's shows.
        const response = await call(operation, theirs.secret, eventId);
        if (response.statusCode >= 300) leaks.push(`${key}: ${response.statusCode}`);
        if (response.body.includes(eventId) || response.body.includes(orderId))
          leaks.push(`${key}: shows the other organizer's data`);
      }
    }
    expect(leaks).toEqual([]);
    const refused: string[] = [];
    for (const operation of operations) {
      const response = await call(operation, mine.secret, eventId);
      if (response.statusCode >= 300)
        refused.push(`${keyOf(operation)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
