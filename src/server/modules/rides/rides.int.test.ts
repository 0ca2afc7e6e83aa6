import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROXIMATE_AREA_KM,
  LIVE_LOCATION_TTL_MS,
  RIDE_MESSAGES,
  type BookingResult,
  type EventRides,
  type LiveLocation,
  type Ride,
  type RideDetail,
  type SharedRide,
} from '../../../contracts/rides';
import { notifications } from '../../db/schema/notifications';
import { ridePositions } from '../../db/schema/rides';
import { orders, refunds } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RealtimeClient } from '../../test/realtime-client';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { rides } from '../../db/schema/rides';
import { seedRides } from './rides.seed';
import { payThroughLocalWebhook } from '../../test/local-payments';

let t: TestApp;
const people: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};
const RIDERS = 15;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const names = ['organizer', 'driver', 'rider', 'pending', 'other', 'admin'];
  for (const name of names)
    people[name] = await createUser(t.db, {
      fullName: `${name[0]?.toUpperCase()}${name.slice(1)} Person`,
      userType: name === 'organizer' ? 'organizer' : 'attendee',
      roles: name === 'admin' ? ['admin'] : [],
    });
  for (let i = 0; i < RIDERS; i++) people[`crowd${i}`] = await createUser(t.db);
  for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
  // Live positions go out on the realtime socket: the tests connect to it.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

const call = (
  who: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? { cookie: cookies[who] ?? '' } : {}, payload });

const newEvent = (input: Partial<Parameters<typeof createEvent>[1]> = {}) =>
  createEvent(t.db, {
    userId: must(people.organizer, 'organizer').id,
    createdAt: t.clock.now(),
    ...input,
  });

const hoursFromNow = (hours: number) =>
  new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

const OAKLAND = { lat: 37.8044, lng: -122.2712 };
const BERKELEY = { lat: 37.8715, lng: -122.273 };
const SACRAMENTO = { lat: 38.5816, lng: -121.4944 };

async function offer(eventId: string, input: Record<string, unknown> = {}, who = 'driver') {
  const response = await call(who, 'POST', '/api/rides', {
    eventId,
    departureArea: 'Downtown Oakland',
    departurePoint: OAKLAND,
    departsAt: hoursFromNow(24 * 6),
    seats: 3,
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Ride>();
}

const book = (who: string, rideId: string, seats = 1) =>
  call(who, 'POST', `/api/rides/${rideId}/bookings`, { seats });

const notificationsOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'ride_request')));

const haversineKm = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) => {
  const rad = (x: number) => (x * Math.PI) / 180;
  const h =
    Math.sin(rad(from.lat - to.lat) / 2) ** 2 +
    Math.cos(rad(to.lat)) * Math.cos(rad(from.lat)) * Math.sin(rad(from.lng - to.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
};

const detail = async (who: string | null, rideId: string) => {
  const response = await call(who, 'GET', `/api/rides/${rideId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RideDetail>();
};

describe('offering and finding rides', () => {
  it('lists an event’s rides by departure time or by distance, with filters', async () => {
    const event = await newEvent({ title: 'Lake Merritt Jazz' });
    const late = await offer(event.id, { departsAt: hoursFromNow(24 * 6 + 2) });
    const far = await offer(
      event.id,
      { departureArea: 'Sacramento', departurePoint: SACRAMENTO, priceCents: 1500 },
      'other',
    );
    const near = await offer(
      event.id,
      {
        departureArea: 'Berkeley',
        departurePoint: BERKELEY,
        departsAt: hoursFromNow(24 * 6 + 1),
        returnDepartsAt: hoursFromNow(24 * 7 + 5),
      },
      'pending',
    );
    const byTime = (await call(null, 'GET', `/api/events/${event.id}/rides`)).json<EventRides>();
    expect(byTime.rides.map((r) => r.id)).toEqual([far.id, near.id, late.id]);

    const byDistance = (
      await call(
        null,
        'GET',
        `/api/events/${event.id}/rides?sort=distance&lat=${BERKELEY.lat}&lng=${BERKELEY.lng}`,
      )
    ).json<EventRides>();
    expect(byDistance.rides.map((r) => r.id)).toEqual([near.id, late.id, far.id]);
    // Measured to the ride's ~1 km grid cell, not its exact point (decision 026).
    expect(byDistance.rides[0]?.distanceKm).toBeLessThan(1);
    // Oakland to Berkeley is about 7.5 km; Sacramento about 100 km.
    expect(byDistance.rides[1]?.distanceKm).toBeGreaterThan(6);
    expect(byDistance.rides[1]?.distanceKm).toBeLessThan(9);
    expect(byDistance.rides[2]?.distanceKm).toBeGreaterThan(90);

    const free = (
      await call(null, 'GET', `/api/events/${event.id}/rides?price=free`)
    ).json<EventRides>();
    expect(free.rides.map((r) => r.id)).not.toContain(far.id);
    const withReturn = (
      await call(null, 'GET', `/api/events/${event.id}/rides?returnTrip=true`)
    ).json<EventRides>();
    expect(withReturn.rides.map((r) => r.id)).toEqual([near.id]);
  });

  it('names the field of a bad offer and refuses drafts of others', async () => {
    const event = await newEvent();
    const bad = await call('driver', 'POST', '/api/rides', {
      eventId: event.id,
      departureArea: 'Oakland',
      departsAt: hoursFromNow(10),
      seats: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('body.seats');
    const backwards = await call('driver', 'POST', '/api/rides', {
      eventId: event.id,
      departureArea: 'Oakland',
      departsAt: hoursFromNow(10),
      returnDepartsAt: hoursFromNow(5),
      seats: 2,
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('body.returnDepartsAt');

    const draft = await newEvent({ eventStatus: 'draft' });
    const refused = await call('driver', 'POST', '/api/rides', {
      eventId: draft.id,
      departureArea: 'Oakland',
      departsAt: hoursFromNow(10),
      seats: 2,
    });
    expect(refused.statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/events/${draft.id}/rides`)).statusCode).toBe(404);
  });

  it('matches a ride request with offers nearby, both ways, once each', async () => {
    const event = await newEvent({ title: 'Harbor Lights' });
    const existing = await offer(event.id);
    const asked = await call('rider', 'POST', `/api/events/${event.id}/ride-requests`, {
      area: 'Near Lake Merritt',
      point: { lat: 37.8, lng: -122.26 },
      seats: 2,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<{ matches: { rideId: string }[] }>().matches.map((m) => m.rideId)).toEqual([
      existing.id,
    ]);
    const toDriver = (
      await notificationsOf(must(people.driver, 'driver').id, 'ride_request')
    ).filter((n) => n.relatedId === existing.id);
    expect(toDriver).toHaveLength(1);

    // A new offer near the request tells the rider (ride_matched); a far one does not.
    const nearby = await offer(event.id, { departureArea: 'Oakland hills' }, 'other');
    await offer(event.id, { departureArea: 'Sacramento', departurePoint: SACRAMENTO }, 'pending');
    const matched = await notificationsOf(must(people.rider, 'rider').id, 'ride_matched');
    expect(matched.filter((n) => n.relatedId === nearby.id)).toHaveLength(1);
    expect(matched.filter((n) => n.metadata && n.relatedId !== nearby.id)).toHaveLength(0);

    const listed = (await call('rider', 'GET', `/api/events/${event.id}/rides`)).json<EventRides>();
    expect(listed.requests).toMatchObject([{ area: 'Near Lake Merritt', seats: 2, mine: true }]);
  });
});

describe('booking with the driver’s approval', () => {
  it('asks, accepts, declines and cancels with one notice each; contact hidden until confirmed', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'approval' });
    const asked = await book('rider', ride.id, 2);
    expect(asked.statusCode, asked.body).toBe(201);
    const booking = asked.json<BookingResult>().booking;
    expect(booking.status).toBe('pending');
    expect((await book('rider', ride.id, 1)).statusCode).toBe(409); // one live booking each
    expect((await book('driver', ride.id, 1)).statusCode).toBe(409); // not on your own ride
    expect(await notificationsOf(must(people.driver, 'driver').id, 'ride_request')).toSatisfy(
      (rows: { relatedId: string | null }[]) =>
        rows.filter((n) => n.relatedId === ride.id).length === 1,
    );
    const before = await detail('rider', ride.id);
    expect(before).toMatchObject({
      role: 'pending',
      bookings: null,
      driverContact: null,
      seatsLeft: 3,
    });

    // Only the driver answers.
    expect(
      (await call('rider', 'POST', `/api/ride-bookings/${booking.id}/accept`)).statusCode,
    ).toBe(404);
    const accepted = await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'confirmed' });
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`)).statusCode,
    ).toBe(409);
    const confirmed = (
      await notificationsOf(must(people.rider, 'rider').id, 'ride_confirmed')
    ).filter((n) => n.relatedId === ride.id);
    expect(confirmed).toHaveLength(1);
    const after = await detail('rider', ride.id);
    expect(after).toMatchObject({
      role: 'rider',
      seatsLeft: 1,
      driverContact: must(people.driver, 'driver').email,
    });
    expect(after.bookings?.map((b) => b.rider.name)).toEqual(['Rider Person']);

    // More requests than seats: asking for more than is left is refused at once, and the
    // driver cannot accept past the last seat either.
    expect((await book('pending', ride.id, 2)).statusCode).toBe(409);
    const second = (await book('pending', ride.id, 1)).json<BookingResult>().booking;
    const third = (await book('other', ride.id, 1)).json<BookingResult>().booking;
    expect((await call('driver', 'POST', `/api/ride-bookings/${third.id}/accept`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${second.id}/accept`)).statusCode,
    ).toBe(409);
    const declined = await call('driver', 'POST', `/api/ride-bookings/${second.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(
      (await notificationsOf(must(people.pending, 'pending').id, 'ride_cancelled')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);

    // The rider cancels: the seats come back and the driver is told once.
    const cancelled = await call('rider', 'POST', `/api/ride-bookings/${booking.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(
      (await call('rider', 'POST', `/api/ride-bookings/${booking.id}/cancel`)).statusCode,
    ).toBe(409);
    expect((await detail(null, ride.id)).seatsLeft).toBe(2);
    expect(
      (await notificationsOf(must(people.driver, 'driver').id, 'ride_cancelled')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);
  });
});

describe('seats never oversell', () => {
  it(`confirms exactly the seats there are when ${RIDERS} riders book 3 seats at once`, async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'instant' });
    const answers = await Promise.all(
      Array.from({ length: RIDERS }, (_, i) => book(`crowd${i}`, ride.id, 1)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RIDERS - 3);
    const driverView = await detail('driver', ride.id);
    expect(driverView.seatsLeft).toBe(0);
    expect(driverView.bookings?.filter((b) => b.status === 'confirmed')).toHaveLength(3);
  });
});

describe('paid seats', () => {
  it('confirms a paid seat once, and the driver’s cancel refunds it once and tells the rider once', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 2, priceCents: 1250, bookingMode: 'instant' });
    const booked = await book('rider', ride.id, 2);
    expect(booked.statusCode, booked.body).toBe(201);
    const result = booked.json<BookingResult>();
    expect(result.booking.status).toBe('awaiting_payment');
    expect(result.checkoutUrl).toContain('/pay/');
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, must(people.rider, 'rider').id), eq(orders.kind, 'ride_seat')));
    expect(order).toMatchObject({ totalCents: 2500, status: 'pending' });

    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await detail('rider', ride.id)).myBooking?.status).toBe('confirmed');
    const confirmedNotices = (
      await notificationsOf(must(people.rider, 'rider').id, 'ride_confirmed')
    ).filter((n) => n.relatedId === ride.id);
    expect(confirmedNotices).toHaveLength(1);

    const cancelled = await call('driver', 'POST', `/api/rides/${ride.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await call('driver', 'POST', `/api/rides/${ride.id}/cancel`)).statusCode).toBe(409);
    const refunded = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, must(order, 'order').id));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.amountCents).toBe(2500);
    const [after] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, must(order, 'order').id));
    expect(after?.status).toBe('refunded');
    const told = (await notificationsOf(must(people.rider, 'rider').id, 'ride_cancelled')).filter(
      (n) => n.relatedId === ride.id,
    );
    expect(told).toHaveLength(1);
    expect((await detail('rider', ride.id)).myBooking?.status).toBe('cancelled');
  });

  it('asks for payment after approval and gives unpaid seats back when the hold runs out', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 2, priceCents: 900, bookingMode: 'approval' });
    const booking = (await book('other', ride.id, 2)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`);
    expect(
      (await notificationsOf(must(people.other, 'other').id, 'ride_matched')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);
    expect((await detail(null, ride.id)).seatsLeft).toBe(0);
    const pay = await call('other', 'POST', `/api/ride-bookings/${booking.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<BookingResult>().checkoutUrl).toContain('/pay/');
    expect((await call('rider', 'POST', `/api/ride-bookings/${booking.id}/pay`)).statusCode).toBe(
      404,
    );
    t.clock.advance(31 * 60_000);
    expect((await detail(null, ride.id)).seatsLeft).toBe(2);
    expect((await call('other', 'POST', `/api/ride-bookings/${booking.id}/pay`)).statusCode).toBe(
      409,
    );
  });
});

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

  it('shows the exact departure point to the driver, confirmed riders and admins only', async () => {
    const event = await newEvent({ title: 'Exact Point Fest' });
    const EXACT = { lat: 37.774937, lng: -122.224132 };
    const ride = await offer(event.id, { departurePoint: EXACT, bookingMode: 'approval' });
    // The driver's own answers carry the exact point.
    expect(ride.departurePoint).toEqual(EXACT);
    const confirmed = (await book('rider', ride.id, 1)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${confirmed.id}/accept`);
    await book('pending', ride.id, 1);
    const area = must(
      (await call(null, 'GET', `/api/rides/${ride.id}/shared`)).json<SharedRide>().approximatePoint,
      'approximate point',
    );
    expect(haversineKm(area, EXACT)).toBeLessThan(APPROXIMATE_AREA_KM);
    const exactText = ['37.774937', '122.224132'];
    const point = `lat=${EXACT.lat}&lng=${EXACT.lng}`;
    const listed = (body: string) =>
      must(
        JSON.parse(body).rides.find((r: Ride) => r.id === ride.id) as Ride | undefined,
        'listed ride',
      );

    const matrix = [
      { who: 'driver', exact: true },
      { who: 'rider', exact: true },
      { who: 'admin', exact: true },
      { who: 'pending', exact: false },
      { who: 'other', exact: false },
      { who: null, exact: false },
    ];
    for (const { who, exact } of matrix) {
      const label = who ?? 'signed out';
      const bodies = {
        detail: await call(who, 'GET', `/api/rides/${ride.id}`),
        byTime: await call(who, 'GET', `/api/events/${event.id}/rides`),
        byDistance: await call(who, 'GET', `/api/events/${event.id}/rides?sort=distance&${point}`),
      };
      for (const [name, response] of Object.entries(bodies)) {
        expect(response.statusCode, `${label} ${name}`).toBe(200);
        const shown = name === 'detail' ? response.json<RideDetail>() : listed(response.body);
        expect(shown.approximatePoint, `${label} ${name}`).toEqual(area);
        if (exact) expect(shown.departurePoint, `${label} ${name}`).toEqual(EXACT);
        else {
          expect(shown.departurePoint, `${label} ${name}`).toBeNull();
          for (const text of exactText)
            expect(response.body, `${label} ${name}`).not.toContain(text);
        }
      }
      // Asked from the exact point itself, the distance is to the grid cell, never 0.
      const distance = listed(bodies.byDistance.body).distanceKm ?? 0;
      expect(distance, label).toBeGreaterThan(0.3);
      expect(distance, label).toBeLessThan(APPROXIMATE_AREA_KM);
    }

    // My rides: the exact point once the seat is confirmed, not while it is pending.
    const mine = async (who: string) => {
      const response = await call(who, 'GET', '/api/rides/mine');
      expect(response.statusCode).toBe(200);
      return response;
    };
    const riderRides = (await mine('rider')).json<{ riding: { ride: Ride }[] }>();
    expect(riderRides.riding.find((r) => r.ride.id === ride.id)?.ride.departurePoint).toEqual(
      EXACT,
    );
    const pendingBody = await mine('pending');
    const pendingRide = pendingBody
      .json<{ riding: { ride: Ride }[] }>()
      .riding.find((r) => r.ride.id === ride.id)?.ride;
    expect(pendingRide?.departurePoint).toBeNull();
    for (const text of exactText) expect(pendingBody.body).not.toContain(text);

    // A ride request near it hears of the offer in whole kilometres only.
    const asked = await call('other', 'POST', `/api/events/${event.id}/ride-requests`, {
      area: 'Near the lake',
      point: { lat: 37.7801, lng: -122.2302 },
      seats: 1,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const match = asked
      .json<{ matches: { rideId: string; distanceKm: number }[] }>()
      .matches.find((m) => m.rideId === ride.id);
    expect(Number.isInteger(match?.distanceKm)).toBe(true);

    // The rider cancels: back to the approximate area.
    await call('rider', 'POST', `/api/ride-bookings/${confirmed.id}/cancel`);
    const after = await call('rider', 'GET', `/api/rides/${ride.id}`);
    expect(after.json<RideDetail>().departurePoint).toBeNull();
    for (const text of exactText) expect(after.body).not.toContain(text);
  });

  it('refuses live sharing far from the trip', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { departsAt: hoursFromNow(24 * 6) });
    const early = await call('driver', 'PUT', `/api/rides/${ride.id}/location`, OAKLAND);
    expect(early.statusCode).toBe(409);
  });

  it('shares a ride publicly without riders or the exact point', async () => {
    const event = await newEvent({ title: 'Shared Jam' });
    const ride = await offer(event.id, {
      departurePoint: { lat: 37.804417, lng: -122.271234 },
      bookingMode: 'instant',
    });
    await book('rider', ride.id, 1);
    const response = await call(null, 'GET', `/api/rides/${ride.id}/shared`);
    expect(response.statusCode).toBe(200);
    const shared = response.json<SharedRide>();
    expect(shared).toMatchObject({
      eventTitle: 'Shared Jam',
      driverFirstName: 'Driver',
      seatsLeft: 2,
    });
    // The approximate area: near the exact point but not on it, the same on every request.
    const area = must(shared.approximatePoint, 'approximate point');
    expect(haversineKm(area, { lat: 37.804417, lng: -122.271234 })).toBeLessThan(
      APPROXIMATE_AREA_KM,
    );
    expect(area).not.toEqual({ lat: 37.804417, lng: -122.271234 });
    const again = (await call(null, 'GET', `/api/rides/${ride.id}/shared`)).json<SharedRide>();
    expect(again.approximatePoint).toEqual(area);
    expect(response.body).not.toContain('Rider Person');
    expect(response.body).not.toContain(must(people.driver, 'driver').email);
    expect(response.body).not.toContain('37.804417');
    expect((await call(null, 'GET', `/api/rides/${randomUUID()}/shared`)).statusCode).toBe(404);
  });
});

describe('editing and rating', () => {
  it('lets only the driver edit, and never below the seats booked', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'instant' });
    await book('rider', ride.id, 2);
    expect((await call('other', 'PATCH', `/api/rides/${ride.id}`, { seats: 4 })).statusCode).toBe(
      404,
    );
    expect((await call('driver', 'PATCH', `/api/rides/${ride.id}`, { seats: 1 })).statusCode).toBe(
      409,
    );
    const edited = await call('driver', 'PATCH', `/api/rides/${ride.id}`, {
      seats: 4,
      car: 'Red van',
    });
    expect(edited.json()).toMatchObject({ seats: 4, seatsLeft: 2, car: 'Red van' });
  });

  it('rates the driver once after the event, only among those who rode together', async () => {
    const event = await newEvent({ startsAt: new Date(t.clock.now().getTime() + 3 * 3600_000) });
    const ride = await offer(event.id, { departsAt: hoursFromNow(1), bookingMode: 'instant' });
    await book('rider', ride.id, 1);
    const rate = (who: string, userId: string) =>
      call(who, 'POST', `/api/rides/${ride.id}/ratings`, { userId, rating: 5, comment: 'Smooth' });
    expect((await rate('rider', must(people.driver, 'driver').id)).statusCode).toBe(409); // not over yet
    t.clock.advance(24 * 3600_000);
    expect((await rate('rider', must(people.driver, 'driver').id)).statusCode).toBe(201);
    expect((await rate('rider', must(people.driver, 'driver').id)).statusCode).toBe(409);
    expect((await rate('other', must(people.driver, 'driver').id)).statusCode).toBe(403);
    const after = await detail('driver', ride.id);
    expect(after.driver).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(after.canRate.map((p) => p.name)).toEqual(['Rider Person']);
  });
});

describe('geolocation permission', () => {
  it('is allowed on a ride page and the vendor location page only, nowhere else', async () => {
    const policy = async (url: string) =>
      (await t.app.inject({ url })).headers['permissions-policy'] as string;
    expect(await policy(`/ryder/${randomUUID()}`)).toContain('geolocation=(self)');
    expect(await policy(`/ryder/${randomUUID()}?live=1`)).toContain('geolocation=(self)');
    expect(await policy(`/event/${randomUUID()}/vendor-location`)).toContain('geolocation=(self)');
    for (const url of [
      '/ryder/create',
      `/event-ryder/${randomUUID()}`,
      '/',
      `/shared-ryder/x`,
      `/event/${randomUUID()}/vendor-locations`,
      `/event/${randomUUID()}`,
    ])
      expect(await policy(url), url).toContain('geolocation=()');
  });
});

describe('demo rides', () => {
  it('seeds rides of the demo drivers to upcoming public events, once', async () => {
    const drivers: { id: string }[] = [];
    for (const key of ['vendor', 'attendee', 'venue'] as const)
      drivers.push(await createUser(t.db, { email: getDemoAccount(key).email }));
    await newEvent({ title: 'Demo Ride Event' });
    const params = { now: t.clock.now(), joinedAt: t.clock.now() };
    await t.db.transaction((tx) => seedRides(tx, params));
    const count = async () =>
      (await t.db.select().from(rides)).filter((r) => drivers.some((d) => d.id === r.driverId))
        .length;
    const first = await count();
    expect(first).toBeGreaterThanOrEqual(3);
    await t.db.transaction((tx) => seedRides(tx, params));
    expect(await count()).toBe(first);
  });
});

describe('the ride chat', () => {
  const history = (who: string | null, chatId: string) =>
    call(who, 'GET', `/api/chats/${chatId}/messages`);

  it('holds the driver and confirmed riders only, and riders leave it when they cancel', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'approval' });
    const asked = (await book('rider', ride.id, 2)).json<BookingResult>().booking;
    const waiting = (await book('pending', ride.id, 1)).json<BookingResult>().booking;
    expect(waiting.status).toBe('pending');
    // No confirmed rider yet: no chat.
    expect((await detail('driver', ride.id)).chatId).toBeNull();
    expect((await detail('rider', ride.id)).chatId).toBeNull();

    expect((await call('driver', 'POST', `/api/ride-bookings/${asked.id}/accept`)).statusCode).toBe(
      200,
    );
    const chatId = must((await detail('driver', ride.id)).chatId, 'chat id');
    expect((await detail('rider', ride.id)).chatId).toBe(chatId);
    // Those who may not read it are not told it exists.
    expect((await detail('pending', ride.id)).chatId).toBeNull();
    expect((await detail('other', ride.id)).chatId).toBeNull();
    expect((await detail(null, ride.id)).chatId).toBeNull();

    const sent = await call('rider', 'POST', `/api/chats/${chatId}/messages`, {
      body: 'I will be at the station at 16:20',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const driverView = await history('driver', chatId);
    expect(driverView.statusCode, driverView.body).toBe(200);
    expect(driverView.body).toContain('I will be at the station at 16:20');
    const chat = await call('driver', 'GET', `/api/chats/${chatId}`);
    expect(chat.json()).toMatchObject({ kind: 'group', participantCount: 2 });
    expect(chat.json<{ title: string }>().title).toContain('Downtown Oakland');

    // Access matrix: a pending rider, another person and a visitor cannot read or post.
    expect((await history('rider', chatId)).statusCode).toBe(200);
    expect((await history('pending', chatId)).statusCode).toBe(404);
    expect((await history('other', chatId)).statusCode).toBe(404);
    expect((await history(null, chatId)).statusCode).toBe(401);
    expect(
      (await call('pending', 'POST', `/api/chats/${chatId}/messages`, { body: 'hi' })).statusCode,
    ).toBe(404);

    // A second confirmed rider joins the same chat (one chat per ride).
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${waiting.id}/accept`)).statusCode,
    ).toBe(200);
    expect((await detail('pending', ride.id)).chatId).toBe(chatId);
    expect((await history('pending', chatId)).statusCode).toBe(200);

    // The rider cancels: out of the chat at once, though this process just served them a page.
    expect((await call('rider', 'POST', `/api/ride-bookings/${asked.id}/cancel`)).statusCode).toBe(
      200,
    );
    expect((await history('rider', chatId)).statusCode).toBe(404);
    expect((await detail('rider', ride.id)).chatId).toBeNull();
    expect((await history('driver', chatId)).statusCode).toBe(200);

    // The driver cancels the ride: the remaining riders leave too.
    expect((await call('driver', 'POST', `/api/rides/${ride.id}/cancel`)).statusCode).toBe(200);
    expect((await history('pending', chatId)).statusCode).toBe(404);
    expect((await history('driver', chatId)).statusCode).toBe(200);
  });

  it('opens for instant bookings and for paid seats once paid', async () => {
    const event = await newEvent();
    const free = await offer(event.id, { seats: 2, bookingMode: 'instant' });
    expect((await book('other', free.id, 1)).statusCode).toBe(201);
    const freeChat = must((await detail('other', free.id)).chatId, 'free ride chat');
    expect((await history('other', freeChat)).statusCode).toBe(200);

    const paid = await offer(event.id, { seats: 2, priceCents: 800, bookingMode: 'instant' });
    expect((await book('rider', paid.id, 1)).statusCode).toBe(201);
    expect((await detail('driver', paid.id)).chatId).toBeNull(); // held for payment only
    const order = (
      await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, must(people.rider, 'rider').id), eq(orders.kind, 'ride_seat')))
    ).find((o) => (o.metadata as { ride_id?: string } | null)?.ride_id === paid.id);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    const paidChat = must((await detail('rider', paid.id)).chatId, 'paid ride chat');
    expect(paidChat).not.toBe(freeChat);
    expect((await detail('driver', paid.id)).chatId).toBe(paidChat);
    const people2 = await call('driver', 'GET', `/api/chats/${paidChat}`);
    expect(people2.json()).toMatchObject({ participantCount: 2 });
  });
});

describe('blocking', () => {
  it('refuses a booking between two people when either blocked the other', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'instant' });
    const riderId = must(people.rider, 'rider').id;
    const driverId = must(people.driver, 'driver').id;
    expect((await call('driver', 'PUT', `/api/blocks/${riderId}`)).statusCode).toBeLessThan(300);
    const refused = await book('rider', ride.id, 1);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: RIDE_MESSAGES.blocked } });
    expect((await call('driver', 'DELETE', `/api/blocks/${riderId}`)).statusCode).toBeLessThan(300);

    // The other way round too: a rider who blocked the driver cannot end up in their car.
    expect((await call('rider', 'PUT', `/api/blocks/${driverId}`)).statusCode).toBeLessThan(300);
    expect((await book('rider', ride.id, 1)).statusCode).toBe(403);
    expect((await call('rider', 'DELETE', `/api/blocks/${driverId}`)).statusCode).toBeLessThan(300);
    expect((await book('rider', ride.id, 1)).statusCode).toBe(201);
  });
});

describe('maps', () => {
  it('hands out the tile server and lets pages load its images', async () => {
    const settings = await call(null, 'GET', '/api/rides/map');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap'),
    });
    const page = await call(null, 'GET', '/api/rides/map');
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain('https://tile.openstreetmap.org');
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

describe('reporting a ride', () => {
  it('goes to the moderators’ queue with the ride’s preview; the driver cannot report it', async () => {
    const event = await newEvent({ title: 'Harbor Lights' });
    const ride = await offer(event.id, { car: 'Red van', notes: 'Cash only' });
    const report = (who: string, targetId = ride.id) =>
      call(who, 'POST', '/api/reports', { targetType: 'ride', targetId, reason: 'scam' });
    expect((await report('rider')).statusCode).toBe(201);
    expect((await report('rider')).statusCode).toBe(409); // one open report per person
    const own = await report('driver');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: { details: { fields: [{ field: 'targetId' }] } } });
    expect((await report('rider', randomUUID())).statusCode).toBe(404);

    const queue = await call('admin', 'GET', '/api/admin/reports?targetType=ride');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue
      .json<{ rows: Record<string, unknown>[] }>()
      .rows.find((r) => r.targetId === ride.id);
    expect(row).toMatchObject({
      targetType: 'ride',
      preview: {
        title: 'Ride to Harbor Lights',
        text: expect.stringContaining('From Downtown Oakland'),
        author: { id: must(people.driver, 'driver').id },
        hidden: false,
        href: `/ryder/${ride.id}`,
      },
      actions: ['dismiss', 'suspend_author'],
    });
  });
});

describe('rides by distance on a busy event', () => {
  it('finds the same nearest rides through the distance rings as a full sort would', async () => {
    const event = await newEvent();
    const driverId = must(people.other, 'other').id;
    // 2,500 offers scattered up to ~150 km around Oakland, one in ten without a point.
    await t.db.execute(sql`
      insert into rides (event_id, driver_id, departure_area, departure_lat, departure_lng,
        departs_at, seats, seats_left)
      select ${event.id}::uuid, ${driverId}::uuid, 'Area ' || i,
        case when i % 10 = 0 then null else ${OAKLAND.lat} + d * cos(a) end,
        case when i % 10 = 0 then null else ${OAKLAND.lng} + d * sin(a) * 1.27 end,
        ${hoursFromNow(24 * 6)}::timestamptz, 2, 2
      from generate_series(1, 2500) as i,
        lateral (select 1.35 * power((hashint4(i)::int8 + 2147483648) / 4294967296.0, 2) as d,
          2 * pi() * (hashint4(i * 7 + 3)::int8 + 2147483648) / 4294967296.0 as a) as p`);
    const all = await t.db
      .select({ id: rides.id, lat: rides.departureLat, lng: rides.departureLng })
      .from(rides)
      .where(eq(rides.eventId, event.id));
    // The list measures to each ride's 0.01° grid cell (its approximate area), ties by id.
    const cell = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * 100)) / 100;
    for (const at of [BERKELEY, SACRAMENTO, { lat: 34.05, lng: -118.24 }]) {
      const expected = all
        .filter((r) => r.lat !== null && r.lng !== null)
        .map((r) => ({
          id: r.id,
          km: haversineKm({ lat: cell(r.lat ?? 0), lng: cell(r.lng ?? 0) }, at),
        }))
        .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1))
        .slice(0, 200);
      const distances = new Map(expected.map((r) => [r.id, Math.round(r.km * 10) / 10]));
      const listed = await call(
        null,
        'GET',
        `/api/events/${event.id}/rides?sort=distance&lat=${at.lat}&lng=${at.lng}`,
      );
      expect(listed.statusCode).toBe(200);
      const got = listed.json<EventRides>().rides;
      expect(
        got.slice(0, 3).map((r) => r.distanceKm),
        `${at.lat},${at.lng}`,
      ).toEqual(expected.slice(0, 3).map((r) => distances.get(r.id)));
      expect(
        got.map((r) => r.id),
        `${at.lat},${at.lng}`,
      ).toEqual(expected.map((r) => r.id));
    }
  });
});
