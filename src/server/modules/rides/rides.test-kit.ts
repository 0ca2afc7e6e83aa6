import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Ride, RideDetail } from '../../../contracts/rides';
import { notifications } from '../../db/schema/notifications';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the rides API tests share: one app per test file, the people who drive and ride in it
// (signed in), the places they leave from and the calls they make.

export const OAKLAND = { lat: 37.8044, lng: -122.2712 };
export const BERKELEY = { lat: 37.8715, lng: -122.273 };
export const SACRAMENTO = { lat: 38.5816, lng: -121.4944 };

/** Great-circle distance in km, as the list's SQL measures it (haversine). */
export const haversineKm = (
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
) => {
  const rad = (x: number) => (x * Math.PI) / 180;
  const h =
    Math.sin(rad(from.lat - to.lat) / 2) ** 2 +
    Math.cos(rad(to.lat)) * Math.cos(rad(from.lat)) * Math.sin(rad(from.lng - to.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
};

/**
 * Starts the app before the file's tests (listening: live positions go out on the realtime
 * socket) and closes it after them. The people are `organizer` (of the events), `driver`,
 * `rider`, `pending`, `other` and `admin`, each named "<Name> Person", and `crowd0` onwards
 * when `crowd` asks for them. `app.t` is set when the file's tests start.
 */
export function useRidesApp(options: { crowd?: number } = {}) {
  const app = { people: {}, cookies: {} } as {
    t: TestApp;
    people: Record<string, CreatedUser>;
    cookies: Record<string, string>;
  };
  const { people, cookies } = app;
  beforeAll(async () => {
    app.t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const names = ['organizer', 'driver', 'rider', 'pending', 'other', 'admin'];
    for (const name of names)
      people[name] = await createUser(app.t.db, {
        fullName: `${name[0]?.toUpperCase()}${name.slice(1)} Person`,
        userType: name === 'organizer' ? 'organizer' : 'attendee',
        roles: name === 'admin' ? ['admin'] : [],
      });
    for (let i = 0; i < (options.crowd ?? 0); i++) people[`crowd${i}`] = await createUser(app.t.db);
    for (const [name, user] of Object.entries(people))
      cookies[name] = await app.t.sessionCookie(user);
    await app.t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => app.t.close());

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.t.app.inject({ method, url, headers: who ? { cookie: cookies[who] ?? '' } : {}, payload });

  const newEvent = (input: Partial<Parameters<typeof createEvent>[1]> = {}) =>
    createEvent(app.t.db, {
      userId: must(people.organizer, 'organizer').id,
      createdAt: app.t.clock.now(),
      ...input,
    });

  const hoursFromNow = (hours: number) =>
    new Date(app.t.clock.now().getTime() + hours * 3600_000).toISOString();

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
    app.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'ride_request')));

  const detail = async (who: string | null, rideId: string) => {
    const response = await call(who, 'GET', `/api/rides/${rideId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RideDetail>();
  };

  return {
    app,
    people,
    cookies,
    call,
    newEvent,
    hoursFromNow,
    offer,
    book,
    notificationsOf,
    detail,
  };
}
