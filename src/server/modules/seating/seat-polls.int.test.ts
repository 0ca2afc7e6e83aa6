import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatChangesAnswer } from '../../../contracts/seating';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seatedEvent } from './seating.test-kit';

// The live map for signed-out viewers (decision 090): a long poll of the seats that changed.

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Harbour Hall' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
  };
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const changes = (eventId: string, after?: string) =>
  call(
    'signedOut',
    'GET',
    `/api/events/${eventId}/seating/changes${after ? `?after=${encodeURIComponent(after)}` : ''}`,
  );

describe('a signed-out viewer’s live seat map', () => {
  it('gets a cursor, then the seats that change after it, and nothing private', async () => {
    const { event } = await seatedEvent(t, call, owner);
    const start = await changes(event.id);
    expect(start.statusCode, start.body).toBe(200);
    const { cursor } = start.json<SeatChangesAnswer>();
    expect(start.json()).toEqual({ cursor, reset: false, seats: {} });
    // The poll waits for the change a buyer makes meanwhile.
    const waiting = changes(event.id, cursor);
    const bought = await call(
      'buyer',
      'POST',
      `/api/events/${event.id}/seat-orders`,
      { seatIds: ['A-Row B-2', 'T1-Seat 2'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const answer = (await waiting).json<SeatChangesAnswer>();
    expect(answer.reset).toBe(false);
    expect(answer.seats).toEqual({ 'A-Row B-2': 'held', 'T1-Seat 2': 'held' });
    expect(answer.cursor).not.toBe(cursor);
    // Asked again from the old cursor, the same changes come at once.
    const again = (await changes(event.id, cursor)).json<SeatChangesAnswer>();
    expect(again.seats).toEqual(answer.seats);
  });

  it('asks for a fresh read when the cursor is not this server’s', async () => {
    const { event } = await seatedEvent(t, call, owner);
    for (const after of ['elsewhere.3', 'x', '.']) {
      const answer = await changes(event.id, after);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<SeatChangesAnswer>()).toMatchObject({ reset: true, seats: {} });
    }
  });

  it('is refused for an event the viewer may not see', async () => {
    const draft = await createEvent(t.db, { userId: owner.id, eventStatus: 'draft' });
    expect((await changes(draft.id)).statusCode).toBe(404);
    expect((await changes(randomUUID())).statusCode).toBe(404);
  });
});
