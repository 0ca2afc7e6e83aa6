import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../../../contracts/developer';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';

// A door app checks tickets in with a key (scope checkins:write), within its owner's
// events, and retries safely with Idempotency-Key.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
let eventId: string;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  other = await createUser(t.db, { userType: 'organizer' });
  buyer = await createUser(t.db, { fullName: 'Door Guest' });
  eventId = (
    await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: t.clock.now() })
  ).id;
  typeId = (await createTicketType(t.db, { eventId, quantity: 10, priceCents: 1000 })).id;
});
afterAll(async () => t?.close());

async function key(user: CreatedUser, scopes: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/developer/keys',
    headers: { cookie: await t.sessionCookie(user) },
    payload: { name: 'Door', scopes },
  });
  return response.json<{ secret: string }>().secret;
}

async function ticketCodes(quantity: number) {
  const cookie = await t.sessionCookie(buyer);
  const order = (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: { items: [{ ticketTypeId: typeId, quantity }] },
    })
  ).json<Order>();
  await t.app.inject(
    localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi',
    }),
  );
  const mine = await t.app.inject({ url: '/api/me/tickets', headers: { cookie } });
  return (mine.json() as { tickets: { orderId: string; code: string }[] }).tickets
    .filter((x) => x.orderId === order.id)
    .map((x) => x.code);
}

const checkIn = (secret: string, event: string, code: string, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/events/${event}/check-ins`,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: { code },
  });

describe('v1 check-ins', () => {
  it('checks a ticket in with the scope, at the owner’s events only', async () => {
    const [code = ''] = await ticketCodes(1);
    const readOnly = await key(organizer, ['events:read']);
    expect((await checkIn(readOnly, eventId, code)).statusCode).toBe(403);
    const strangers = await key(other, ['checkins:write']);
    expect((await checkIn(strangers, eventId, code)).statusCode).toBe(404);
    expect((await checkIn('mea_nothing_here', eventId, code)).statusCode).toBe(401);
    const door = await key(organizer, ['checkins:write']);
    const first = await checkIn(door, eventId, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      result: 'checked_in',
      status: 'checked_in',
      holder_name: 'Door Guest',
    });
    expect((await checkIn(door, eventId, code)).json().result).toBe('already_checked_in');
    expect((await checkIn(door, eventId, 'not-a-code')).statusCode).toBe(404);
  });

  it('answers a retry with the same Idempotency-Key and body with the first answer; another body gets 422', async () => {
    const [a = '', b = ''] = await ticketCodes(2);
    const door = await key(organizer, ['checkins:write']);
    const first = await checkIn(door, eventId, a, 'scan-0001');
    expect(first.json().result).toBe('checked_in');
    const retry = await checkIn(door, eventId, a, 'scan-0001');
    expect(retry.statusCode).toBe(200);
    // The same answer, not "already checked in": the retry is the same request.
    expect(retry.json()).toEqual(first.json());
    const reused = await checkIn(door, eventId, b, 'scan-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    // A failed request frees its key.
    expect((await checkIn(door, eventId, 'bad-code', 'scan-0002')).statusCode).toBe(404);
    expect((await checkIn(door, eventId, b, 'scan-0002')).json().result).toBe('checked_in');
    // Keys are per API key: another key may use the same text.
    const second = await key(organizer, ['checkins:write']);
    expect((await checkIn(second, eventId, a, 'scan-0001')).json().result).toBe(
      'already_checked_in',
    );
  });
});
