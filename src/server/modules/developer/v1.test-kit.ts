import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';

// What the public API v1 tests share: one app per test file, an organizer with a paid event
// (one order of two tickets, one approved vendor), another organizer with an event of their
// own, a buyer, and the calls they make with keys.

export interface V1App {
  t: TestApp;
  organizer: CreatedUser;
  other: CreatedUser;
  buyer: CreatedUser;
  vendor: CreatedUser;
  /** The organizer's event, with `firstOrder` paid and the vendor approved. */
  eventId: string;
  /** The other organizer's event. */
  foreignEventId: string;
  firstOrder: Order;
  cookies: Record<string, string>;
}

/**
 * Starts the app before the file's tests and closes it after them; the returned `app` is filled
 * in when the file's tests start.
 */
export function useV1App() {
  const app = { cookies: {} } as V1App;
  beforeAll(async () => {
    const t = await createTestApp();
    app.t = t;
    app.organizer = await createUser(t.db, { userType: 'organizer' });
    app.other = await createUser(t.db, { userType: 'organizer' });
    app.buyer = await createUser(t.db, { fullName: 'Bea Buyer', email: 'v1-buyer@example.com' });
    app.vendor = await createUser(t.db, { userType: 'vendor', businessName: 'Seaside Tacos' });
    for (const user of [app.organizer, app.other, app.buyer])
      app.cookies[user.id] = await t.sessionCookie(user);
    const now = t.clock.now();
    app.eventId = (
      await createEvent(t.db, { userId: app.organizer.id, isFree: false, createdAt: now })
    ).id;
    app.foreignEventId = (await createEvent(t.db, { userId: app.other.id, createdAt: now })).id;
    app.firstOrder = await paidOrder(app.eventId, 2);
    await t.db.execute(sql`
      insert into event_vendors (event_id, vendor_id, status, payment_status, vendor_fee_amount,
        paid_at, created_at, updated_at)
      values (${app.eventId}, ${app.vendor.id}, 'approved', 'paid', 75.5, ${now}, ${now}, ${now})`);
  });
  afterAll(async () => app.t?.close());

  /**
   * A paid order of `quantity` tickets for the event (a fresh ticket type unless given), with
   * the checkout answers given.
   */
  async function paidOrder(event: string, quantity: number, typeId?: string, answers?: object) {
    const { t } = app;
    const ticketTypeId =
      typeId ??
      (await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 1500 })).id;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: app.cookies[app.buyer.id] },
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
    const response = await app.t.app.inject({
      method: 'POST',
      url: '/api/developer/keys',
      headers: { cookie: app.cookies[user.id] },
      payload: { name: 'Integration', scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ key: { id: string }; secret: string }>();
  }

  const v1 = (
    secret: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'OPTIONS' | 'DELETE',
    url: string,
    options: { payload?: object; headers?: Record<string, string> } = {},
  ) =>
    app.t.app.inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...options.headers },
    });

  /** Revokes a key in the app, as its owner. */
  const revoke = (user: CreatedUser, keyId: string) =>
    app.t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${keyId}`,
      headers: { cookie: app.cookies[user.id] },
    });

  /**
   * The event's capacity pool and waiting list: a pool over a new type; a sold-out type anyone
   * may be put on the list of; and a type whose list has the buyer waiting (in line, signed in)
   * with one ticket back on the shelf, so it can be offered.
   */
  async function waitlistFixture(event: string) {
    const { t } = app;
    const cookie = app.cookies[app.organizer.id] ?? '';
    const pooled = await createTicketType(t.db, { eventId: event, quantity: 50, priceCents: 900 });
    const pool = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/capacity-pools`,
      headers: { cookie },
      payload: { name: 'Main hall', capacity: 40, ticketTypeIds: [pooled.id] },
    });
    expect(pool.statusCode, pool.body).toBe(201);
    const soldOut = await createTicketType(t.db, { eventId: event, name: 'Standing', quantity: 2 });
    const full = await createTicketType(t.db, { eventId: event, name: 'Balcony', quantity: 2 });
    await t.db.execute(
      sql`update ticket_types set remaining = 0 where id in (${soldOut.id}, ${full.id})`,
    );
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { cookie: app.cookies[app.buyer.id] },
      payload: { ticketTypeId: full.id, quantity: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // A ticket back without the release being announced: only an offer made now takes it.
    await t.db.execute(sql`update ticket_types set remaining = 1 where id = ${full.id}`);
    return {
      poolId: pool.json<{ id: string }>().id,
      pooledTypeId: pooled.id,
      soldOutTypeId: soldOut.id,
      fullTypeId: full.id,
      entryId: joined.json<{ place: { id: string } }>().place.id,
    };
  }

  /** Starts an attendees export through v1 and waits until it is ready; its id. */
  async function readyExport(secret: string, event: string) {
    const started = await v1(secret, 'POST', `/api/v1/events/${event}/exports`, {
      payload: { kind: 'attendees', format: 'csv' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<{ id: string }>().id;
    await vi.waitFor(
      async () => {
        const got = await v1(secret, 'GET', `/api/v1/events/${event}/exports/${id}`);
        if (got.json<{ status: string }>().status !== 'ready') throw new Error('not ready yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    return id;
  }

  return { app, paidOrder, newKey, v1, revoke, waitlistFixture, readyExport };
}

export const fieldsOf = (body: string) =>
  (
    JSON.parse(body) as { error: { details?: { fields?: { field: string; message: string }[] } } }
  ).error.details?.fields?.map((f) => [f.field, f.message]) ?? [];

export const NEW_EVENT = {
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
