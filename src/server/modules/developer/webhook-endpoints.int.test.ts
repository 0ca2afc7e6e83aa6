import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../contracts/developer';
import type { Order } from '../../../contracts/tickets';
import { resolveOutgoing, OutgoingRefused } from '../../platform/http/outgoing';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { seedDeveloper } from './developer.seed';
import { deliverDue, WEBHOOK_SINK_PATH } from './webhooks.service';
import { localWebhookDelivery } from '../../test/local-payments';
import { useWebhookApp } from './webhooks.test-kit';

// Webhook endpoints (decision 029): the secret shown once, kept to their owner, never sent to
// private addresses; the demo seed's endpoint on the server's own sink.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let attendeeOnly: CreatedUser;
let cookies: Record<string, string>;
const { app, as, addEndpoint } = useWebhookApp();
beforeAll(() => {
  ({ t, organizer, other, attendeeOnly, cookies } = app);
});

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
