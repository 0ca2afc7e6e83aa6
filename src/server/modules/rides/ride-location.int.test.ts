import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_LOCATION_TTL_MS,
  RIDE_MESSAGES,
  type BookingResult,
  type LiveLocation,
} from '../../../contracts/rides';
import { ridePositions } from '../../db/schema/rides';
import { RealtimeClient } from '../../test/realtime-client';
import type { TestApp } from '../../test/test-app';
import { BERKELEY, OAKLAND, useRidesApp } from './rides.test-kit';

// The driver's live position: who may share and see it, over HTTP and the realtime socket.

const { app, cookies, call, newEvent, hoursFromNow, offer, book, detail } = useRidesApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

describe('who sees what', () => {
  it('shows riders, contact and the live position only to the driver and confirmed riders', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, {
      seats: 3,
      bookingMode: 'approval',
      departsAt: hoursFromNow(1),
    });
    const confirmed = (await book('rider', ride.id, 1)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${confirmed.id}/accept`);
    await book('pending', ride.id, 1);

    const seen = {
      driver: await detail('driver', ride.id),
      rider: await detail('rider', ride.id),
      pending: await detail('pending', ride.id),
      other: await detail('other', ride.id),
      anonymous: await detail(null, ride.id),
    };
    expect(seen.driver.bookings?.map((b) => b.status).sort()).toEqual(['confirmed', 'pending']);
    expect(seen.rider.bookings?.map((b) => b.rider.name)).toEqual(['Rider Person']);
    for (const who of ['pending', 'other', 'anonymous'] as const) {
      expect(seen[who].bookings, who).toBeNull();
      expect(seen[who].driverContact, who).toBeNull();
    }

    // Live location: the driver shares; the confirmed rider sees it; nobody else.
    const shared = await call('driver', 'PUT', `/api/rides/${ride.id}/location`, OAKLAND);
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await call('rider', 'PUT', `/api/rides/${ride.id}/location`, OAKLAND)).statusCode).toBe(
      403,
    );
    const riderSees = await call('rider', 'GET', `/api/rides/${ride.id}/location`);
    expect(riderSees.json<LiveLocation>()).toMatchObject({ sharing: true, ...OAKLAND });
    expect((await call('pending', 'GET', `/api/rides/${ride.id}/location`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/rides/${ride.id}/location`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/rides/${ride.id}/location`)).statusCode).toBe(401);

    // The position expires by itself and is not kept.
    t.clock.advance(LIVE_LOCATION_TTL_MS + 1000);
    const later = await call('rider', 'GET', `/api/rides/${ride.id}/location`);
    expect(later.json<LiveLocation>()).toMatchObject({ sharing: false, lat: null });
    expect(
      await t.db.select().from(ridePositions).where(eq(ridePositions.rideId, ride.id)),
    ).toEqual([]);
  });

  it('refuses live sharing far from the trip', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { departsAt: hoursFromNow(24 * 6) });
    const early = await call('driver', 'PUT', `/api/rides/${ride.id}/location`, OAKLAND);
    expect(early.statusCode).toBe(409);
  });
});

describe('live location on the realtime socket', () => {
  it('reaches the driver and confirmed riders as it is sent, and nobody else', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, {
      seats: 3,
      bookingMode: 'approval',
      departsAt: hoursFromNow(1),
    });
    const confirmed = (await book('rider', ride.id, 1)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${confirmed.id}/accept`);
    await book('pending', ride.id, 1);
    const sockets = {
      rider: new RealtimeClient(t, { cookie: cookies.rider }),
      pending: new RealtimeClient(t, { cookie: cookies.pending }),
      other: new RealtimeClient(t, { cookie: cookies.other }),
    };
    for (const socket of Object.values(sockets)) await socket.ready();
    const located = (socket: RealtimeClient, sharing: boolean) =>
      socket.waitFor((c) => {
        const frame = c.frames.find(
          (f) =>
            f.type === 'ride_location' && f.rideId === ride.id && f.location.sharing === sharing,
        );
        return frame?.type === 'ride_location' ? frame.location : undefined;
      });

    expect(
      (await call('driver', 'PUT', `/api/rides/${ride.id}/location`, BERKELEY)).statusCode,
    ).toBe(200);
    expect(await located(sockets.rider, true)).toMatchObject({ sharing: true, ...BERKELEY });
    // Frames to this process's sockets go out in the same tick: had they any, they would be here.
    for (const who of ['pending', 'other'] as const)
      expect(
        sockets[who].frames.some((f) => f.type === 'ride_location'),
        who,
      ).toBe(false);

    expect((await call('driver', 'DELETE', `/api/rides/${ride.id}/location`)).statusCode).toBe(200);
    expect(await located(sockets.rider, false)).toMatchObject({ sharing: false, lat: null });
    for (const socket of Object.values(sockets)) socket.close();
  });

  it('takes the driver’s position up the socket, to the riders of the moment', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, {
      seats: 3,
      bookingMode: 'approval',
      departsAt: hoursFromNow(1),
    });
    const first = (await book('rider', ride.id, 1)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${first.id}/accept`);
    const later = (await book('pending', ride.id, 1)).json<BookingResult>().booking;
    const sockets = {
      driver: new RealtimeClient(t, { cookie: cookies.driver }),
      rider: new RealtimeClient(t, { cookie: cookies.rider }),
      pending: new RealtimeClient(t, { cookie: cookies.pending }),
      other: new RealtimeClient(t, { cookie: cookies.other }),
    };
    for (const socket of Object.values(sockets)) await socket.ready();
    const send = (from: RealtimeClient, message: object) =>
      from.socket.send(JSON.stringify({ type: 'ride_location', rideId: ride.id, ...message }));
    const positionsOf = (socket: RealtimeClient) =>
      socket.frames.flatMap((f) =>
        f.type === 'ride_location' && f.rideId === ride.id && f.location.sharing
          ? [`${f.location.lat},${f.location.lng}`]
          : [],
      );
    const receives = (socket: RealtimeClient, point: { lat: number; lng: number }) =>
      socket.waitFor((c) =>
        positionsOf(c).includes(`${point.lat},${point.lng}`) ? true : undefined,
      );
    const refusal = (socket: RealtimeClient, count: number) =>
      socket.waitFor((c) => {
        const refused = c.frames.filter((f) => f.type === 'ride_location_refused');
        return refused.length >= count ? refused[count - 1] : undefined;
      });

    // The driver's socket carries the position to the confirmed rider (and back to the driver).
    send(sockets.driver, BERKELEY);
    await receives(sockets.rider, BERKELEY);
    await receives(sockets.driver, BERKELEY);
    expect(positionsOf(sockets.pending)).toEqual([]);
    // The rider sees it over HTTP too (from the process's memory).
    const read = await call('rider', 'GET', `/api/rides/${ride.id}/location`);
    expect(read.json<LiveLocation>()).toMatchObject({ sharing: true, ...BERKELEY });

    // Anyone else's position, or nonsense, is refused on their own socket and goes nowhere.
    send(sockets.other, OAKLAND);
    expect(await refusal(sockets.other, 1)).toMatchObject({
      rideId: ride.id,
      message: RIDE_MESSAGES.notFound,
    });
    send(sockets.other, { rideId: 'not-a-ride' });
    expect(await refusal(sockets.other, 2)).toMatchObject({ message: 'Ride not found' });
    send(sockets.driver, { lat: 'north', lng: 2 });
    expect((await refusal(sockets.driver, 1)).message).toMatch(/Latitude/);
    sockets.other.socket.send('not json at all');
    expect(positionsOf(sockets.rider)).not.toContain(`${OAKLAND.lat},${OAKLAND.lng}`);
    expect(sockets.other.closed).toBeUndefined();

    // Riders change: the next positions reach whoever is confirmed now (access is read again
    // when that changes, not per update). Each send is a new point until the change is heard.
    const within = (socket: RealtimeClient, point: { lat: number; lng: number }) =>
      socket
        .waitFor(
          (c) => (positionsOf(c).includes(`${point.lat},${point.lng}`) ? true : undefined),
          300,
        )
        .catch(() => false);
    let n = 0;
    const next = () => {
      n += 1;
      const point = { lat: 37 + n / 1000, lng: -122 - n / 1000 };
      send(sockets.driver, point);
      return point;
    };
    await call('driver', 'POST', `/api/ride-bookings/${later.id}/accept`);
    let heard = false;
    for (let i = 0; i < 20 && !heard; i++) heard = await within(sockets.pending, next());
    expect(heard, 'the newly confirmed rider follows the trip').toBe(true);
    await call('rider', 'POST', `/api/ride-bookings/${first.id}/cancel`);
    let left = false;
    for (let i = 0; i < 20 && !left; i++) {
      const point = next();
      await receives(sockets.pending, point);
      left = !(await within(sockets.rider, point));
    }
    expect(left, 'the rider who cancelled no longer follows it').toBe(true);
    const last = next();
    await receives(sockets.pending, last);
    expect(await within(sockets.rider, last)).toBe(false);
    // Held in memory, the newest position is written within a few seconds (for a page opened on
    // another server process), one row per ride.
    await expect
      .poll(
        async () =>
          (await t.db.select().from(ridePositions).where(eq(ridePositions.rideId, ride.id))).map(
            (row) => ({ lat: row.lat, lng: row.lng }),
          ),
        { timeout: 8000, interval: 250 },
      )
      .toEqual([last]);
    for (const socket of Object.values(sockets)) socket.close();
  });
});
