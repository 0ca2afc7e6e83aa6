import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_LOCATION_TTL_MS } from '../../../contracts/rides';
import { notifications } from '../../db/schema/notifications';
import { vendorPositions } from '../../db/schema/rides';
import { eventVendors } from '../../db/schema/vendors';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { RealtimeClient } from '../../test/realtime-client';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const people: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  for (const name of ['organizer', 'other', 'admin'])
    people[name] = await createUser(t.db, {
      fullName: `${name[0]?.toUpperCase()}${name.slice(1)} Person`,
      userType: name === 'organizer' ? 'organizer' : 'attendee',
      roles: name === 'admin' ? ['admin'] : [],
    });
  for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
  // Positions go out on the realtime socket: the test connects to it.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const newEvent = (input: Partial<Parameters<typeof createEvent>[1]> = {}) =>
  createEvent(t.db, {
    userId: must(people.organizer, 'organizer').id,
    createdAt: t.clock.now(),
    ...input,
  });

const notificationsOf = (userId: string, type: 'vendor_location_sharing') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const OAKLAND = { lat: 37.8044, lng: -122.2712 };
const BERKELEY = { lat: 37.8715, lng: -122.273 };

describe('vendors sharing their location with the organizer', () => {
  it('lets an approved vendor share on the event day only, tells the organizer once, expires', async () => {
    const organizer = must(people.organizer, 'organizer');
    const vendor = await createUser(t.db, { fullName: 'Vera Vendor', userType: 'vendor' });
    const vendorCookie = await t.sessionCookie(vendor);
    const startsAt = new Date(t.clock.now().getTime() + 3 * 3600_000);
    const event = await newEvent({ title: 'Night Market', startsAt });
    const later = await newEvent({
      startsAt: new Date(t.clock.now().getTime() + 5 * 24 * 3600_000),
    });
    for (const e of [event, later])
      await t.db.insert(eventVendors).values({
        eventId: e.id,
        vendorId: vendor.id,
        status: 'approved',
        paymentStatus: 'not_required',
      });
    const asVendor = (method: 'PUT' | 'DELETE', eventId: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/events/${eventId}/vendor-location`,
        headers: { cookie: vendorCookie },
        payload,
      });
    const organizerSocket = new RealtimeClient(t, { cookie: cookies.organizer });
    await organizerSocket.ready();

    // Not a vendor of the event: refused; a vendor, days before the event: not yet.
    expect(
      (await call('other', 'PUT', `/api/events/${event.id}/vendor-location`, OAKLAND)).statusCode,
    ).toBe(403);
    expect((await asVendor('PUT', later.id, OAKLAND)).statusCode).toBe(409);

    const shared = await asVendor('PUT', event.id, OAKLAND);
    expect(shared.statusCode, shared.body).toBe(200);
    const frame = await organizerSocket.waitFor((c) => {
      const f = c.frames.find((x) => x.type === 'vendor_location' && x.eventId === event.id);
      return f?.type === 'vendor_location' ? f : undefined;
    });
    expect(frame).toMatchObject({
      vendor: { id: vendor.id, name: 'Vera Vendor' },
      location: { sharing: true, ...OAKLAND },
    });
    expect((await asVendor('PUT', event.id, BERKELEY)).statusCode).toBe(200);

    const seen = await call('organizer', 'GET', `/api/events/${event.id}/vendor-locations`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      eventTitle: 'Night Market',
      items: [{ vendor: { id: vendor.id, name: 'Vera Vendor' }, ...BERKELEY }],
    });
    // Only the organizer (and admins) see where the vendors are.
    expect(
      (await call('other', 'GET', `/api/events/${event.id}/vendor-locations`)).statusCode,
    ).toBe(404);
    expect(
      (await call('signedOut', 'GET', `/api/events/${event.id}/vendor-locations`)).statusCode,
    ).toBe(401);
    expect(
      (await call('admin', 'GET', `/api/events/${event.id}/vendor-locations`)).statusCode,
    ).toBe(200);

    // Stopping and starting again the same day tells the organizer nothing new.
    expect((await asVendor('DELETE', event.id)).statusCode).toBe(200);
    expect(
      (await call('organizer', 'GET', `/api/events/${event.id}/vendor-locations`)).json(),
    ).toMatchObject({ items: [] });
    expect((await asVendor('PUT', event.id, OAKLAND)).statusCode).toBe(200);
    const told = (await notificationsOf(organizer.id, 'vendor_location_sharing')).filter(
      (n) => n.relatedId === event.id,
    );
    expect(told).toHaveLength(1);

    // The position expires by itself and is not kept.
    t.clock.advance(LIVE_LOCATION_TTL_MS + 1000);
    expect(
      (await call('organizer', 'GET', `/api/events/${event.id}/vendor-locations`)).json(),
    ).toMatchObject({ items: [] });
    expect(
      await t.db.select().from(vendorPositions).where(eq(vendorPositions.eventId, event.id)),
    ).toEqual([]);
    organizerSocket.close();
  });
});
