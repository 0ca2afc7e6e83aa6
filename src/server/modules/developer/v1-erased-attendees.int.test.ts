import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { localWebhookDelivery } from '../../test/local-payments';
import { createTestApp, type TestApp } from '../../test/test-app';

// A ticket holder erased at their request leaves the organizer's attendee list in the public API
// as in the exports (decision 063); one who asked and may still change their mind stays.

let t: TestApp;
let organizer: CreatedUser;
let eventId: string;
let ticketTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  eventId = (
    await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: t.clock.now() })
  ).id;
  ticketTypeId = (await createTicketType(t.db, { eventId, quantity: 20, priceCents: 1500 })).id;
});
afterAll(async () => t?.close());

async function buyOne(buyer: CreatedUser) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: await t.sessionCookie(buyer) },
    payload: { items: [{ ticketTypeId, quantity: 1 }] },
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
}

describe('public API v1 attendees and erased people', () => {
  it('leaves out holders whose erasure was carried out, and keeps those still pending', async () => {
    const kept = await createUser(t.db, { email: 'v1-kept@example.com' });
    const pending = await createUser(t.db, { email: 'v1-pending@example.com' });
    const erased = await createUser(t.db, { email: 'v1-erased@example.com' });
    for (const buyer of [kept, pending, erased]) await buyOne(buyer);
    const now = t.clock.now();
    const later = new Date(now.getTime() + 14 * 86_400_000);
    await t.db.execute(sql`
      insert into account_deletions (user_id, requested_at, erase_after, erased_at)
      values (${pending.id}, ${now}, ${later}, null), (${erased.id}, ${now}, ${now}, ${now})`);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/developer/keys',
      headers: { cookie: await t.sessionCookie(organizer) },
      payload: { name: 'Integration', scopes: ['attendees:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json<{ secret: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/events/${eventId}/attendees`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const emails = response.json<{ data: { email: string }[] }>().data.map((a) => a.email);
    expect(emails.sort()).toEqual(['v1-kept@example.com', 'v1-pending@example.com']);
  });
});
