import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';
import { deliverDue } from './webhooks.service';

// What the webhook tests share (decision 029): one app per test file that may send to loopback,
// a receiver on loopback, the people who act (an organizer, another organizer, a buyer, an
// attendee), and the calls they make.

export interface Received {
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

export interface WebhookApp {
  t: TestApp;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  organizer: CreatedUser;
  other: CreatedUser;
  buyer: CreatedUser;
  attendeeOnly: CreatedUser;
  cookies: Record<string, string>;
}

/** Starts the app and the receiver before the file's tests and closes them after. */
export function useWebhookApp() {
  const app = { cookies: {} } as WebhookApp;
  beforeAll(async () => {
    const t = await createTestApp({ env: { OUTGOING_ALLOW_LOOPBACK: 'true' } });
    app.t = t;
    app.receiver = await startReceiver();
    app.organizer = await createUser(t.db, {
      userType: 'organizer',
      email: 'hooks-org@example.com',
    });
    app.other = await createUser(t.db, { userType: 'organizer', email: 'hooks-other@example.com' });
    app.buyer = await createUser(t.db, { email: 'hooks-buyer@example.com', fullName: 'Bea Buyer' });
    app.attendeeOnly = await createUser(t.db, { email: 'hooks-fan@example.com' });
    for (const user of [app.organizer, app.other, app.buyer, app.attendeeOnly])
      app.cookies[user.id] = await t.sessionCookie(user);
  });
  afterAll(async () => {
    await app.t?.close();
    await app.receiver?.close();
  });
  const as = (
    user: CreatedUser | null,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    app.t.app.inject({
      method,
      url,
      payload,
      headers: user ? { cookie: app.cookies[user.id] } : {},
    });

  async function addEndpoint(user: CreatedUser, path: string, eventTypes: string[]) {
    const response = await as(user, 'POST', '/api/developer/webhooks', {
      url: app.receiver.url(path),
      eventTypes,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ endpoint: { id: string }; secret: string }>();
  }

  const deps = () => ({ db: app.t.db, clock: app.t.clock, config: app.t.config });

  /** Sends everything due (this process or the app's own dispatcher loop, whichever takes it). */
  async function drain() {
    await vi.waitFor(
      async () => {
        const taken = await deliverDue(deps());
        // Held by a sender, or due and not yet claimed: the app's own loop may be between its claim
        // and its commit, when neither this process nor the lock sees the delivery.
        const held = await app.t.db.execute(
          sql`select count(*)::int as n from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
            where d.locked_until is not null
               or (d.status = 'pending' and d.next_attempt_at <= ${app.t.clock.now()})`,
        );
        if (taken > 0 || (held.rows[0] as { n: number }).n > 0)
          throw new Error('deliveries still due or held');
      },
      { timeout: 20_000, interval: 30 },
    );
  }

  const at = (path: string) => app.receiver.received.filter((r) => r.path === path);
  const bodyOf = (r: Received) =>
    JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> };

  /** Verifies a delivery the way the documentation tells receivers to. */
  function verify(r: Received, secret: string) {
    const header = String(r.headers['mea-signature']);
    const parts = Object.fromEntries(
      header.split(',').map((p) => p.split('=') as [string, string]),
    );
    const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
    return parts.v1 === expected && Number(parts.t) > 0;
  }

  async function paidOrder(owner: CreatedUser, quantity = 2) {
    const event = await createEvent(app.t.db, {
      userId: owner.id,
      isFree: false,
      createdAt: app.t.clock.now(),
    });
    const type = await createTicketType(app.t.db, {
      eventId: event.id,
      quantity: 10,
      priceCents: 4000,
    });
    const placed = await as(app.buyer, 'POST', '/api/orders', {
      items: [{ ticketTypeId: type.id, quantity }],
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const order = placed.json<Order>();
    const payment = localWebhookDelivery(app.t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_test',
    });
    expect((await app.t.app.inject(payment)).json().outcome).toBe('paid');
    return { event, order, payment };
  }

  return { app, as, addEndpoint, deps, drain, at, bodyOf, verify, paidOrder };
}
