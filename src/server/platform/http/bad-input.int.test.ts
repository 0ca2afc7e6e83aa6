import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasUnstorableCharacters } from '../../../contracts/text';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Inputs that once answered 500, each now a 2xx or a 400 naming the field. The generated fuzz
// test (api-fuzz.int.test.ts) covers every route; these pin the cases that were found by hand.

let t: TestApp;
let owner: CreatedUser;
let friend: CreatedUser;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Olu Owner' });
  friend = await createUser(t.db, { fullName: 'Fay Friend' });
  cookie = await t.sessionCookie(owner);
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => ({ owner: cookie }),
);

const fieldsOf = (body: string) =>
  (
    JSON.parse(body) as { error: { details?: { fields?: { field: string }[] } } }
  ).error.details?.fields?.map((f) => f.field) ?? [];

describe('chat messages with emoji', () => {
  it('are sent, and the conversation list shows whole characters', async () => {
    const opened = await call('owner', 'POST', '/api/chats/open', { ref: friend.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const chatId = opened.json<{ id: string }>().id;
    for (const body of ['🎉'.repeat(80), `${'x'.repeat(138)}🎉`, `${'y'.repeat(138)}👩‍👩‍👧‍👦🎉`]) {
      const sent = await call('owner', 'POST', `/api/chats/${chatId}/messages`, { body });
      expect(sent.statusCode, sent.body).toBe(201);
      const list = await call('owner', 'GET', '/api/chats');
      const chat = list
        .json<{ items: { id: string; lastMessage: string | null }[] }>()
        .items.find((c) => c.id === chatId);
      expect(chat?.lastMessage).toBeTruthy();
      expect(hasUnstorableCharacters(chat?.lastMessage ?? '')).toBe(false);
      expect(body.startsWith((chat?.lastMessage ?? '').replace(/…$/, ''))).toBe(true);
    }
  });
});

describe('bad input answers 400 naming the field', () => {
  it('refuses NUL and unpaired surrogates in text, query and records', async () => {
    const query = await call('owner', 'GET', '/api/vendors?q=%00');
    expect(query.statusCode, query.body).toBe(400);
    expect(fieldsOf(query.body)).toEqual(['querystring.q']);

    const signedOut = await call('signedOut', 'POST', '/api/ratings/', {
      ratingType: 'app',
      rating: 5,
      feedback: 'a\u0000b',
    });
    expect(signedOut.statusCode, signedOut.body).toBe(400);
    expect(fieldsOf(signedOut.body)).toEqual(['body.feedback']);

    const event = await createEvent(t.db, { userId: owner.id });
    const surrogate = await call('owner', 'PATCH', `/api/events/${event.id}`, {
      metadata: { note: 'x\ud800y' },
    });
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(fieldsOf(surrogate.body)).toEqual(['body.metadata.note']);

    const deep = await call(
      'owner',
      'PATCH',
      `/api/events/${event.id}`,
      `{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
      { 'content-type': 'application/json' },
    );
    expect(deep.statusCode, deep.body).toBe(400);
  });

  it('validates a ticket type change with the ticket type contract', async () => {
    const event = await createEvent(t.db, { userId: owner.id, isFree: false });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 2500 });
    const bad = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, {
      priceCents: 'free',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['body.priceCents']);

    const huge = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, {
      quantity: 2147483648,
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(fieldsOf(huge.body)).toEqual(['body.quantity']);

    // Valid alone, invalid with what is stored: still a 400 naming the field, not a 500.
    const perOrder = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, {
      minPerOrder: 20,
    });
    expect(perOrder.statusCode, perOrder.body).toBe(400);
    expect(fieldsOf(perOrder.body)).toEqual(['body.maxPerOrder']);

    const renamed = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, {
      name: 'Early bird',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Early bird', priceCents: 2500 });
  });

  it('bounds integers to their columns', async () => {
    const event = await createEvent(t.db, { userId: owner.id, isFree: false });
    const capacity = await call('owner', 'PATCH', `/api/events/${event.id}`, {
      capacity: 2147483648,
    });
    expect(capacity.statusCode, capacity.body).toBe(400);
    expect(fieldsOf(capacity.body)).toEqual(['body.capacity']);

    const discount = await call('owner', 'POST', `/api/events/${event.id}/discount-codes`, {
      code: 'HUGE',
      kind: 'fixed',
      amount: 2147483648,
    });
    expect(discount.statusCode, discount.body).toBe(400);
    expect(fieldsOf(discount.body)).toEqual(['body.amount']);
  });

  it('bounds dates, so a series can always be stored', async () => {
    const event = await createEvent(t.db, { userId: owner.id });
    for (const startsAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const moved = await call('owner', 'PATCH', `/api/events/${event.id}`, {
        startsAt,
        endsAt: null,
      });
      expect(moved.statusCode, moved.body).toBe(400);
      expect(fieldsOf(moved.body)).toEqual(['body.startsAt']);
    }
    const latest = await call('owner', 'PATCH', `/api/events/${event.id}`, {
      startsAt: '2999-12-01T18:00:00Z',
      endsAt: null,
    });
    expect(latest.statusCode, latest.body).toBe(200);
    const series = await call('owner', 'POST', `/api/events/${event.id}/series`, {
      frequency: 'monthly',
      occurrences: 52,
    });
    expect(series.statusCode, series.body).toBe(201);

    const filter = await call('owner', 'GET', '/api/events?date=0000-01-01');
    expect(filter.statusCode, filter.body).toBe(400);
    expect(fieldsOf(filter.body)).toEqual(['querystring.date']);
  });

  it('answers ids that are not UUIDs with a 400, and an unsigned webhook without body too', async () => {
    for (const id of ['not-a-uuid', '-1', '%F0%9F%8E%89']) {
      const info = await call('signedOut', 'GET', `/api/events/${id}/vendor-info`);
      expect(info.statusCode, info.body).toBe(400);
    }
    const webhook = await call('signedOut', 'POST', '/api/payments/webhooks/local');
    expect(webhook.statusCode, webhook.body).toBe(400);
  });
});
