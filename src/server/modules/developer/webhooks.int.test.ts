import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../contracts/developer';
import type { Order } from '../../../contracts/tickets';
import { resolveOutgoing, OutgoingRefused } from '../../platform/http/outgoing';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { seedDeveloper } from './developer.seed';
import { deliverDue, WEBHOOK_SINK_PATH } from './webhooks.service';
import { localWebhookDelivery } from '../../test/local-payments';

// Decision 029: signed outgoing webhooks, emitted by the orders and tickets flows,
// retried with backoff on the app's clock, turned off after failing for days, never sent to
// private addresses.

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: each path answers the status set for it (200 by default). */
function startReceiver() {
  const received: Received[] = [];
  const statusFor = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statusFor.get(path) ?? 200;
      if (status === 302)
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      else res.writeHead(status);
      res.end(status >= 400 ? 'receiver is down' : 'ok');
    });
  });
  return new Promise<{
    url: (path: string) => string;
    received: Received[];
    statusFor: Map<string, number>;
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        received,
        statusFor,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
let attendeeOnly: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { OUTGOING_ALLOW_LOOPBACK: 'true' } });
  receiver = await startReceiver();
  organizer = await createUser(t.db, { userType: 'organizer', email: 'hooks-org@example.com' });
  other = await createUser(t.db, { userType: 'organizer', email: 'hooks-other@example.com' });
  buyer = await createUser(t.db, { email: 'hooks-buyer@example.com', fullName: 'Bea Buyer' });
  attendeeOnly = await createUser(t.db, { email: 'hooks-fan@example.com' });
  for (const user of [organizer, other, buyer, attendeeOnly])
    cookies[user.id] = await t.sessionCookie(user);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const as = (
  user: CreatedUser | null,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: cookies[user.id] } : {} });

async function addEndpoint(user: CreatedUser, path: string, eventTypes: string[]) {
  const response = await as(user, 'POST', '/api/developer/webhooks', {
    url: receiver.url(path),
    eventTypes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ endpoint: { id: string }; secret: string }>();
}

const deps = () => ({ db: t.db, clock: t.clock, config: t.config });

/** Sends everything due (this process or the app's own dispatcher loop, whichever takes it). */
async function drain() {
  await vi.waitFor(
    async () => {
      const taken = await deliverDue(deps());
      // Held by a sender, or due and not yet claimed: the app's own loop may be between its claim
      // and its commit, when neither this process nor the lock sees the delivery.
      const held = await t.db.execute(
        sql`select count(*)::int as n from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
          where d.locked_until is not null
             or (d.status = 'pending' and d.next_attempt_at <= ${t.clock.now()})`,
      );
      if (taken > 0 || (held.rows[0] as { n: number }).n > 0)
        throw new Error('deliveries still due or held');
    },
    { timeout: 20_000, interval: 30 },
  );
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> };

/** Verifies a delivery the way the documentation tells receivers to. */
function verify(r: Received, secret: string) {
  const header = String(r.headers['mea-signature']);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  return parts.v1 === expected && Number(parts.t) > 0;
}

async function paidOrder(owner: CreatedUser, quantity = 2) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 10, priceCents: 4000 });
  const placed = await as(buyer, 'POST', '/api/orders', {
    items: [{ ticketTypeId: type.id, quantity }],
  });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const order = placed.json<Order>();
  const payment = localWebhookDelivery(t, {
    sessionId: order.paymentSessionId,
    orderId: order.id,
    amountCents: order.totalCents,
    paymentRef: 'pi_test',
  });
  expect((await t.app.inject(payment)).json().outcome).toBe('paid');
  return { event, order, payment };
}

describe('webhook endpoints', () => {
  it('shows the secret once, validates with field names, and keeps endpoints to their owner', async () => {
    const created = await addEndpoint(organizer, '/owner', ['order.paid']);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await as(organizer, 'GET', '/api/developer/webhooks');
    expect(list.json().endpoints.map((e: { id: string }) => e.id)).toContain(created.endpoint.id);
    expect(list.body).not.toContain(created.secret);
    const stored = await t.db.execute(sql`select * from webhook_endpoints`);
    expect(JSON.stringify(stored.rows)).not.toContain(created.secret);

    const bad = await as(organizer, 'POST', '/api/developer/webhooks', {
      url: 'ftp://x',
      eventTypes: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual(
      expect.arrayContaining([
        { field: 'body.url', message: WEBHOOK_MESSAGES.urlInvalid },
        { field: 'body.eventTypes', message: WEBHOOK_MESSAGES.typesRequired },
      ]),
    );
    expect((await as(null, 'GET', '/api/developer/webhooks')).statusCode).toBe(401);
    expect((await as(attendeeOnly, 'GET', '/api/developer/webhooks')).statusCode).toBe(403);
    const id = created.endpoint.id;
    for (const [method, url, payload] of [
      ['GET', `/api/developer/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/developer/webhooks/${id}/test`, undefined],
      ['PATCH', `/api/developer/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/developer/webhooks/${id}`, undefined],
    ] as const) {
      expect((await as(other, method, url, payload)).statusCode).toBe(404);
      expect((await as(null, method, url, payload)).statusCode).toBe(401);
    }
    expect((await as(other, 'GET', '/api/developer/webhooks')).json().endpoints).toEqual([]);
    expect((await as(organizer, 'DELETE', `/api/developer/webhooks/${id}`)).statusCode).toBe(200);
  });

  it('refuses private, reserved and metadata addresses (SSRF), loopback unless allowed', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.1.1/',
      'http://[::ffff:10.0.0.1]/',
      'http://[fd00::1]/',
    ]) {
      const response = await as(organizer, 'POST', '/api/developer/webhooks', {
        url,
        eventTypes: ['order.paid'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.details.fields[0].field).toBe('url');
    }
    const inSpanish = await t.app.inject({
      method: 'POST',
      url: '/api/developer/webhooks',
      headers: { cookie: cookies[organizer.id] ?? '', 'accept-language': 'es' },
      payload: { url: 'http://10.0.0.5/hook', eventTypes: ['order.paid'] },
    });
    expect(inSpanish.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^Esta dirección no puede recibir webhooks \(.+\)$/),
    });
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'http://[::1]:9/x'])
      await expect(resolveOutgoing(url, { allowLoopback: false })).rejects.toBeInstanceOf(
        OutgoingRefused,
      );
    await expect(
      resolveOutgoing('http://127.0.0.1:9/x', { allowLoopback: true }),
    ).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});

describe('deliveries', () => {
  it('sends order.paid and attendee.registered once each, signed, to each subscribed endpoint only', async () => {
    const main = await addEndpoint(organizer, '/paid', ['order.paid', 'attendee.registered']);
    await addEndpoint(organizer, '/refunds-only', ['order.refunded']);
    await addEndpoint(other, '/other', ['order.paid', 'attendee.registered']);
    const { order, event, payment } = await paidOrder(organizer, 2);
    // The payment provider retries its webhook: still one event.
    expect((await t.app.inject(payment)).json().outcome).toBe('duplicate');
    await drain();

    const paid = at('/paid').map(bodyOf);
    expect(paid.filter((b) => b.type === 'order.paid')).toHaveLength(1);
    expect(paid.filter((b) => b.type === 'attendee.registered')).toHaveLength(2);
    const orderPaid = paid.find((b) => b.type === 'order.paid');
    expect(orderPaid?.data).toMatchObject({
      order_id: order.id,
      event_id: event.id,
      status: 'paid',
      total_cents: 8000,
      buyer: { email: 'hooks-buyer@example.com', name: 'Bea Buyer' },
    });
    for (const r of at('/paid')) {
      expect(verify(r, main.secret)).toBe(true);
      expect(r.headers['mea-event-id']).toBe(bodyOf(r).id);
      expect(verify({ ...r, body: `${r.body} ` }, main.secret)).toBe(false);
    }
    expect(at('/refunds-only')).toHaveLength(0);
    expect(at('/other')).toHaveLength(0);
    const log = await as(
      organizer,
      'GET',
      `/api/developer/webhooks/${main.endpoint.id}/deliveries`,
    );
    expect(log.json().deliveries).toHaveLength(3);
    expect(log.json().deliveries[0]).toMatchObject({
      status: 'succeeded',
      lastStatusCode: 200,
      attempts: 1,
    });
  });

  it("order.paid carries the answers to the checkout questions, the order's and each ticket's", async () => {
    await addEndpoint(organizer, '/answers', ['order.paid']);
    // Another organizer's endpoint hears nothing of this event's orders or answers.
    await addEndpoint(other, '/answers-other', ['order.paid']);
    const event = await createEvent(t.db, {
      userId: organizer.id,
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, {
      eventId: event.id,
      quantity: 10,
      priceCents: 4000,
    });
    const ask = async (input: object) =>
      (await as(organizer, 'POST', `/api/events/${event.id}/questions`, input)).json<{
        id: string;
      }>();
    const company = await ask({ scope: 'order', type: 'short_text', label: 'Company' });
    const diet = await ask({
      scope: 'ticket',
      type: 'single_choice',
      label: 'Dietary needs',
      options: ['None', 'Vegan'],
    });
    const placed = await as(buyer, 'POST', '/api/orders', {
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      answers: {
        order: { [company.id]: 'Harbour Ltd' },
        tickets: [
          { ticketTypeId: type.id, answers: { [diet.id]: 'Vegan' } },
          { ticketTypeId: type.id, answers: { [diet.id]: 'None' } },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const order = placed.json<Order>();
    const payment = localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_answers',
    });
    expect((await t.app.inject(payment)).json().outcome).toBe('paid');
    await drain();
    const paid = at('/answers').map(bodyOf);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.data.answers).toEqual([
      {
        question_id: company.id,
        question: 'Company',
        type: 'short_text',
        ticket_type_id: null,
        ticket_index: null,
        value: 'Harbour Ltd',
      },
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'single_choice',
        ticket_type_id: type.id,
        ticket_index: 0,
        value: 'Vegan',
      },
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'single_choice',
        ticket_type_id: type.id,
        ticket_index: 1,
        value: 'None',
      },
    ]);
    expect(at('/answers-other')).toEqual([]);
  });

  it('sends order.refunded on a refund and ticket.checked_in at the door', async () => {
    await addEndpoint(organizer, '/later', ['order.refunded', 'ticket.checked_in']);
    const { order, event } = await paidOrder(organizer, 1);
    const refund = await as(organizer, 'POST', `/api/orders/${order.id}/refund`, {
      amountCents: 1500,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const mine = await as(buyer, 'GET', '/api/me/tickets');
    const code = (
      mine.json() as { tickets: { event: { id: string }; code: string }[] }
    ).tickets.find((x) => x.event.id === event.id)?.code;
    const checkIn = await as(organizer, 'POST', `/api/events/${event.id}/check-in`, { code });
    expect(checkIn.json().result).toBe('checked_in');
    await as(organizer, 'POST', `/api/events/${event.id}/check-in`, { code });
    await drain();
    const types = at('/later').map((r) => bodyOf(r).type);
    expect(types.sort()).toEqual(['order.refunded', 'ticket.checked_in']);
    expect(bodyOf(at('/later')[0] as Received).data).toMatchObject({ order_id: order.id });
  });

  it('retries failures with exponential backoff on the app clock, then succeeds', async () => {
    receiver.statusFor.set('/flaky', 500);
    const { endpoint } = await addEndpoint(organizer, '/flaky', ['order.paid']);
    const test = await as(organizer, 'POST', `/api/developer/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    await drain();
    const deliveryId = test.json().id as string;
    const state = async () =>
      (await as(organizer, 'GET', `/api/developer/webhooks/${endpoint.id}/deliveries`))
        .json()
        .deliveries.find((d: { id: string }) => d.id === deliveryId);
    const start = t.clock.now().getTime();
    expect(await state()).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(new Date((await state()).nextAttemptAt).getTime()).toBe(start + 60_000);
    t.clock.advance(59_000);
    await drain();
    expect(at('/flaky')).toHaveLength(1);
    t.clock.advance(1_000);
    await drain();
    expect(at('/flaky')).toHaveLength(2);
    expect(new Date((await state()).nextAttemptAt).getTime()).toBe(
      t.clock.now().getTime() + 120_000,
    );
    receiver.statusFor.set('/flaky', 200);
    t.clock.advance(120_000);
    await drain();
    expect(await state()).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(new Set(at('/flaky').map((r) => bodyOf(r).id)).size).toBe(1);
    const endpoints = (await as(organizer, 'GET', '/api/developer/webhooks')).json().endpoints;
    expect(endpoints.find((e: { id: string }) => e.id === endpoint.id).consecutiveFailures).toBe(0);

    // Resend: the same event again (receivers de-duplicate on its id).
    const resent = await as(
      organizer,
      'POST',
      `/api/developer/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`,
    );
    expect(resent.statusCode).toBe(202);
    await drain();
    expect(at('/flaky')).toHaveLength(4);
    expect(bodyOf(at('/flaky')[3] as Received).id).toBe(bodyOf(at('/flaky')[0] as Received).id);
  });

  it('does not follow a redirect (to the metadata address) and counts it as a failure', async () => {
    receiver.statusFor.set('/redirect', 302);
    const { endpoint } = await addEndpoint(organizer, '/redirect', ['order.paid']);
    await as(organizer, 'POST', `/api/developer/webhooks/${endpoint.id}/test`);
    await drain();
    const [delivery] = (
      await as(organizer, 'GET', `/api/developer/webhooks/${endpoint.id}/deliveries`)
    ).json().deliveries;
    expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 302, attempts: 1 });
    expect(at('/redirect')).toHaveLength(1);
  });

  it('turns an endpoint off after 20 failures in a row over 3 days and tells its owner', async () => {
    receiver.statusFor.set('/down', 503);
    const { endpoint } = await addEndpoint(other, '/down', ['order.paid']);
    for (let i = 0; i < 20; i += 1)
      expect(
        (await as(other, 'POST', `/api/developer/webhooks/${endpoint.id}/test`)).statusCode,
      ).toBe(202);
    await drain();
    const read = async () =>
      (await as(other, 'GET', '/api/developer/webhooks'))
        .json()
        .endpoints.find((e: { id: string }) => e.id === endpoint.id);
    expect(await read()).toMatchObject({ consecutiveFailures: 20, disabledAt: null });
    t.clock.advance(3 * 86_400_000);
    await drain();
    const off = await read();
    expect(off.disabledAt).not.toBeNull();
    expect(off.consecutiveFailures).toBeGreaterThanOrEqual(21);
    // Nothing more goes to a turned-off endpoint, however long its retries wait.
    const sent = at('/down').length;
    t.clock.advance(86_400_000);
    await drain();
    expect(at('/down')).toHaveLength(sent);
    const notes = await t.db.execute(
      sql`select type from notifications where user_id = ${other.id} and type = 'webhook_disabled'`,
    );
    expect(notes.rows).toHaveLength(1);
    expect(
      (await as(other, 'POST', `/api/developer/webhooks/${endpoint.id}/test`)).statusCode,
    ).toBe(409);
    const on = await as(other, 'PATCH', `/api/developer/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(on.json()).toMatchObject({ disabledAt: null, consecutiveFailures: 0 });
  });
});

describe('vendor and event webhooks', () => {
  it('sends vendor_request.created when a vendor applies and vendor_request.approved once on approval', async () => {
    const { secret } = await addEndpoint(organizer, '/vendors', [
      'vendor_request.created',
      'vendor_request.approved',
    ]);
    await addEndpoint(other, '/vendors-other', ['vendor_request.created']);
    const vendor = await createUser(t.db, {
      userType: 'vendor',
      fullName: 'Dee Jay',
      businessName: 'Night Owl Sound',
    });
    const vendorCookie = await t.sessionCookie(vendor);
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Harbor Lights Gala',
      createdAt: t.clock.now(),
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/vendor-requests`,
      headers: { cookie: vendorCookie },
      payload: { message: 'Four hours of soul.', services: ['DJ set'], links: [] },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const requestId = applied.json<{ id: string }>().id;
    await drain();
    const created = at('/vendors').map(bodyOf);
    expect(created.map((b) => b.type)).toEqual(['vendor_request.created']);
    expect(created[0]?.data).toMatchObject({
      request_id: requestId,
      event_id: event.id,
      event_title: 'Harbor Lights Gala',
      status: 'pending',
      vendor: { id: vendor.id, name: 'Night Owl Sound' },
    });
    expect(at('/vendors').every((r) => verify(r, secret))).toBe(true);
    // Another organizer's endpoint hears nothing of this event.
    expect(at('/vendors-other')).toHaveLength(0);

    const approve = () =>
      as(organizer, 'POST', `/api/events/${event.id}/vendor-requests/${requestId}/approve`);
    expect((await approve()).statusCode).toBe(200);
    // A second approval changes nothing and emits nothing.
    expect((await approve()).json().alreadyProcessed).toBe(true);
    await drain();
    const approved = at('/vendors')
      .map(bodyOf)
      .filter((b) => b.type === 'vendor_request.approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]?.data).toMatchObject({
      request_id: requestId,
      event_id: event.id,
      status: 'approved',
      vendor: { id: vendor.id, name: 'Night Owl Sound' },
    });
  });

  it('sends event.updated once per change to what the organizer set, never for sales counters', async () => {
    await addEndpoint(organizer, '/event-changes', ['event.updated']);
    const created = await as(organizer, 'POST', '/api/events', {
      title: 'Dockside Poetry',
      category: 'Arts',
      startsAt: '2031-05-01T18:00:00Z',
      city: 'Leith',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const edit = (payload: object) => as(organizer, 'PATCH', `/api/events/${id}`, payload);
    expect((await edit({ title: 'Dockside Poetry Night' })).statusCode).toBe(200);
    // The same value again is no change.
    expect((await edit({ title: 'Dockside Poetry Night' })).statusCode).toBe(200);
    expect((await as(organizer, 'POST', `/api/events/${id}/publish`)).statusCode).toBe(200);
    // What a sale does to the event row: counters only.
    await t.db.execute(
      sql`update events set total_tickets_sold = total_tickets_sold + 2,
            paid_tickets_sold = paid_tickets_sold + 2, updated_at = ${t.clock.now()}
          where id = ${id}`,
    );
    await drain();
    const changes = at('/event-changes').map(bodyOf);
    expect(changes.map((b) => b.type)).toEqual(['event.updated', 'event.updated']);
    // Sent ten at a time, so they may arrive in either order.
    const named = (field: string) =>
      changes.find((b) => (b.data.changed as string[]).includes(field))?.data;
    expect(named('title')).toMatchObject({
      event_id: id,
      changed: ['title'],
      event: { id, title: 'Dockside Poetry Night', status: 'draft' },
    });
    expect(named('event_status')?.changed).toEqual(
      expect.arrayContaining(['event_status', 'published_at']),
    );
    expect(named('event_status')?.event).toMatchObject({ status: 'published' });
    expect(new Set(changes.map((b) => b.id)).size).toBe(2);
  });
});

/** Pays an order through the local provider's signed webhook, in another test app. */
async function payLocal(app: TestApp, order: Order) {
  const paid = await app.app.inject(
    localWebhookDelivery(app, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_seed',
    }),
  );
  expect(paid.json().outcome).toBe('paid');
}

describe('the demo seed', () => {
  it('gives the demo organizer a key and an endpoint on the server’s own sink with a delivered log', async () => {
    // Loopback is not allowed here (as in `npm start`): only the server's own sink may be reached.
    const free = http.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const demo = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    try {
      await demo.app.listen({ port, host: '127.0.0.1' });
      expect(demo.config.OUTGOING_ALLOW_LOOPBACK).toBe(false);
      const owner = await createUser(demo.db, {
        userType: 'organizer',
        email: getDemoAccount('organizer').email,
      });
      const event = await createEvent(demo.db, { userId: owner.id, isFree: false });
      const type = await createTicketType(demo.db, { eventId: event.id, quantity: 5 });
      const seed = (now: Date) =>
        demo.db.transaction((tx) =>
          seedDeveloper(tx, { now, joinedAt: new Date(0), config: demo.config }),
        );
      // Two registrations before the seed: its log carries them (the triggers had no endpoint).
      const cookie = await demo.sessionCookie(await createUser(demo.db));
      const placed = await demo.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { items: [{ ticketTypeId: type.id, quantity: 2 }] },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      await payLocal(demo, placed.json<Order>());
      await seed(demo.clock.now());
      await seed(demo.clock.now()); // idempotent

      const ownerCookie = await demo.sessionCookie(owner);
      const keys = await demo.app.inject({
        url: '/api/developer/keys',
        headers: { cookie: ownerCookie },
      });
      expect(keys.json().keys).toEqual([
        expect.objectContaining({ name: 'Box office sync', revokedAt: null }),
      ]);
      expect(keys.body).not.toMatch(/mea_[A-Za-z0-9_-]{10}_[A-Za-z0-9_-]{20}/);
      const list = await demo.app.inject({
        url: '/api/developer/webhooks',
        headers: { cookie: ownerCookie },
      });
      const endpoints = list.json<{ endpoints: { id: string; url: string }[] }>().endpoints;
      expect(endpoints.map((e) => e.url)).toEqual([`http://127.0.0.1:${port}${WEBHOOK_SINK_PATH}`]);
      const endpointId = endpoints[0]?.id ?? '';
      const log = async () =>
        (
          await demo.app.inject({
            url: `/api/developer/webhooks/${endpointId}/deliveries`,
            headers: { cookie: ownerCookie },
          })
        ).json<{
          deliveries: { eventType: string; status: string; lastStatusCode: number | null }[];
        }>().deliveries;
      const seeded = await log();
      expect(seeded.map((d) => d.eventType).sort()).toEqual([
        'attendee.registered',
        'attendee.registered',
        'order.paid',
        'webhook.test',
      ]);
      expect(seeded.every((d) => d.status === 'succeeded' && d.lastStatusCode === 204)).toBe(true);

      // A new event is really sent to the sink and answered, though loopback is not allowed.
      const test = await demo.app.inject({
        method: 'POST',
        url: `/api/developer/webhooks/${endpointId}/test`,
        headers: { cookie: ownerCookie },
      });
      expect(test.statusCode, test.body).toBe(202);
      await expect
        .poll(async () => {
          await deliverDue({ db: demo.db, clock: demo.clock, config: demo.config });
          return (await log()).filter((d) => d.eventType === 'webhook.test').map((d) => d.status);
        })
        .toEqual(['succeeded', 'succeeded']);
    } finally {
      await demo.close();
    }
    // A second app of its own (loopback off, listening on its PUBLIC_URL).
  }, 120_000);
});
