import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ride } from '../../../contracts/rides';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The rides' messages in the reader's language: API errors by the request's language (the code
// unchanged), notifications by the recipient's account language.

let t: TestApp;
let driver: CreatedUser;
let rider: CreatedUser;
let driverCookie: string;
let riderCookie: string;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  driver = await createUser(t.db, { fullName: 'Diego Martín' });
  rider = await createUser(t.db, { fullName: 'Rosa Díaz' });
  driverCookie = await t.sessionCookie(driver);
  riderCookie = await t.sessionCookie(rider);
  const organizer = await createUser(t.db, { userType: 'organizer' });
  eventId = (await createEvent(t.db, { userId: organizer.id, createdAt: t.clock.now() })).id;
});
afterAll(() => t.close());

const inHours = (hours: number) =>
  new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

async function offerRide() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/rides',
    headers: { cookie: driverCookie },
    payload: {
      eventId,
      departureArea: 'Centro',
      departurePoint: { lat: 40.4168, lng: -3.7038 },
      departsAt: inHours(24 * 6),
      seats: 3,
      bookingMode: 'instant',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Ride>();
}

describe('rides in the reader’s language', () => {
  it('answers an edit error in German and Arabic, the code unchanged', async () => {
    const ride = await offerRide();
    const edit = (language: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/rides/${ride.id}`,
        headers: { cookie: driverCookie, 'accept-language': language },
        payload: { returnDepartsAt: inHours(1) },
      });
    expect((await edit('de')).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Die Rückfahrt muss nach der Abfahrt liegen' },
    });
    const arabic = (await edit('ar')).json<{
      error: { code: string; message: string; details: { fields: { message: string }[] } };
    }>();
    expect(arabic.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'يجب أن تكون العودة بعد الانطلاق',
    });
    expect(arabic.error.details.fields[0]?.message).toBe('يجب أن تكون العودة بعد الانطلاق');
  });

  it("tells a Spanish-speaking driver of a booking in Spanish, the rider's plural included", async () => {
    const ride = await offerRide();
    // The recipient's account language is read when the notification is written.
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, driver.id));
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${ride.id}/bookings`,
      headers: { cookie: riderCookie },
      payload: { seats: 2 },
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, driver.id), eq(notifications.relatedId, ride.id)));
    expect(notice).toMatchObject({
      title: 'Plazas reservadas',
      message: expect.stringMatching(/^Rosa Díaz reservó 2 plazas en su viaje a .+\.$/),
    });
    // The rider reads English (no language chosen), exactly as before.
    const [own] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, rider.id), eq(notifications.relatedId, ride.id)));
    expect(own).toMatchObject({
      title: 'Seat confirmed',
      message: expect.stringMatching(/^Your 2 seats are confirmed on the ride to .+\.$/),
    });
  });
});
