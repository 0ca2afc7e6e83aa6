import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientFrame, ServerFrame } from '../../../contracts/realtime';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { RealtimeClient } from '../../test/realtime-client';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAPS_PER_SOCKET } from './seat-watch';
import { seatedEvent as kitSeatedEvent } from './seating.test-kit';

// The live seat map: a socket that watches an event's map hears each seat held, sold and freed
// by someone else, without reading the map again.

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'viewer' | 'stranger', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'venue', fullName: 'Harbour Hall' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    viewer: await t.signIn(await createUser(t.db, { fullName: 'Tunde Ade' })),
    stranger: await t.signIn(await createUser(t.db, { fullName: 'Kemi Ola' })),
  };
  // Listening: the map's changes go out on the realtime socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const buySeats = (eventId: string, seatIds: string[]) =>
  call(
    'buyer',
    'POST',
    `/api/events/${eventId}/seat-orders`,
    { seatIds },
    {
      'idempotency-key': randomUUID(),
    },
  );

async function watcher(who: keyof typeof cookies) {
  const socket = new RealtimeClient(t, { cookie: cookies[who] });
  await socket.ready();
  return socket;
}

const send = (socket: RealtimeClient, frame: ClientFrame) =>
  socket.socket.send(JSON.stringify(frame));

const answer = <T extends ServerFrame['type']>(socket: RealtimeClient, type: T, eventId: string) =>
  socket.waitFor((c) =>
    c.frames.find(
      (f): f is Extract<ServerFrame, { type: T }> =>
        f.type === type && 'eventId' in f && f.eventId === eventId,
    ),
  );

async function watch(socket: RealtimeClient, eventId: string, access?: string) {
  send(socket, { type: 'seat_map_watch', eventId, ...(access ? { access } : {}) });
  await answer(socket, 'seat_map_watching', eventId);
}

/** The state the frames so far give the seat, once one of them names it as `state`. */
const seatBecomes = (socket: RealtimeClient, eventId: string, seatId: string, state: string) =>
  socket.waitFor((c) => {
    const last = c.frames
      .filter((f) => f.type === 'seat_map' && f.eventId === eventId && seatId in f.seats)
      .at(-1);
    return last?.type === 'seat_map' && last.seats[seatId] === state ? last : undefined;
  });

describe('the live seat map', () => {
  it('tells every watcher of a seat held, sold and freed, and the buyer’s own socket too', async () => {
    const { event } = await kitSeatedEvent(t, call, owner);
    const viewer = await watcher('viewer');
    const buyer = await watcher('buyer');
    await watch(viewer, event.id);
    await watch(buyer, event.id);

    const held = await buySeats(event.id, ['A-Row A-3', 'T1-Seat 1']);
    expect(held.statusCode, held.body).toBe(201);
    const frame = await seatBecomes(viewer, event.id, 'A-Row A-3', 'held');
    expect(frame.seats).toEqual({ 'A-Row A-3': 'held', 'T1-Seat 1': 'held' });
    await seatBecomes(buyer, event.id, 'T1-Seat 1', 'held');

    const paid = await buySeats(event.id, ['A-Row A-4']);
    const order = paid.json<{ order: Order }>().order;
    expect((await payThroughLocalWebhook(t, order)).statusCode).toBe(200);
    await seatBecomes(viewer, event.id, 'A-Row A-4', 'sold');

    const { order: first } = held.json<{ order: Order }>();
    expect((await call('buyer', 'POST', `/api/orders/${first.id}/cancel`)).statusCode).toBe(200);
    const freed = await seatBecomes(viewer, event.id, 'A-Row A-3', 'free');
    expect(freed.seats).toEqual({ 'A-Row A-3': 'free', 'T1-Seat 1': 'free' });

    // A hold that runs out frees its seats without any write: the map still hears of it.
    const lapsing = await buySeats(event.id, ['A-Row B-2']);
    expect(lapsing.statusCode).toBe(201);
    await seatBecomes(viewer, event.id, 'A-Row B-2', 'held');
    t.clock.advance(11 * 60_000);
    await seatBecomes(viewer, event.id, 'A-Row B-2', 'free');

    // After unwatching, nothing more arrives for that map.
    send(viewer, { type: 'seat_map_unwatch', eventId: event.id });
    const before = viewer.frames.length;
    expect((await buySeats(event.id, ['A-Row B-3'])).statusCode).toBe(201);
    await seatBecomes(buyer, event.id, 'A-Row B-3', 'held');
    expect(viewer.frames.slice(before).filter((f) => f.type === 'seat_map')).toEqual([]);
    viewer.close();
    buyer.close();
  });

  it('refuses a map the person may not see, one that does not exist, and too many at once', async () => {
    const hidden = await createEvent(t.db, { userId: owner.id, eventStatus: 'draft' });
    const socket = await watcher('stranger');
    send(socket, { type: 'seat_map_watch', eventId: hidden.id });
    expect((await answer(socket, 'seat_map_refused', hidden.id)).message).toBeTruthy();
    send(socket, { type: 'seat_map_watch', eventId: 'not-an-id' });
    await answer(socket, 'seat_map_refused', 'not-an-id');

    // A private event is watched with its link's token, like its page is read.
    const secret = await createEvent(t.db, { userId: owner.id, visibility: 'private' });
    send(socket, { type: 'seat_map_watch', eventId: secret.id });
    await answer(socket, 'seat_map_refused', secret.id);
    await watch(socket, secret.id, secret.accessToken ?? '');

    const events = await Promise.all(
      Array.from({ length: MAPS_PER_SOCKET }, () =>
        createEvent(t.db, { userId: owner.id, isFree: true }),
      ),
    );
    for (const event of events.slice(1)) await watch(socket, event.id);
    const last = events[0]?.id ?? '';
    send(socket, { type: 'seat_map_watch', eventId: last });
    expect((await answer(socket, 'seat_map_refused', last)).message).toMatch(/at most/);
    // A signed-out socket is closed before it can watch anything (the page polls instead).
    const anonymous = new RealtimeClient(t);
    await anonymous.waitFor((c) => c.closed);
    expect(anonymous.closed?.code).toBe(4401);
    socket.close();
  });
});
