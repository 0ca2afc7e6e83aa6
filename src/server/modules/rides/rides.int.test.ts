import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPROXIMATE_AREA_KM,
  type BookingResult,
  type EventRides,
  type Ride,
  type RideDetail,
  type SharedRide,
} from '../../../contracts/rides';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { rides } from '../../db/schema/rides';
import { must } from '../../platform/must';
import { createUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { seedRides } from './rides.seed';
import { BERKELEY, haversineKm, SACRAMENTO, useRidesApp } from './rides.test-kit';

// Offering, finding, editing, rating, sharing and reporting rides. Seats and payment are in
// ride-bookings, the live position in ride-location.

const { app, people, call, newEvent, hoursFromNow, offer, book, notificationsOf, detail } =
  useRidesApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

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

describe('who sees what', () => {
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
