import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let organizer: CreatedUser;
let attendeeCookie: string;
let attendee: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, {
    userType: 'organizer',
    fullName: 'Marcus Bell',
    businessName: 'Bell Live',
  });
  await createUser(t.db, { userType: 'organizer', fullName: 'Quiet Planner' });
  await createUser(t.db, {
    userType: 'venue',
    fullName: 'Harbor Loft',
    businessName: 'The Harbor Loft',
    category: 'Event Space',
  });
  await createUser(t.db, {
    userType: 'vendor',
    fullName: 'Lena Ortiz',
    businessName: 'Ortiz Sound',
    category: 'DJ',
  });
  attendee = await createUser(t.db, { userType: 'attendee', fullName: 'Priya Shah' });
  attendeeCookie = await t.signIn(attendee);
  const now = t.clock.now().getTime();
  await createEvent(t.db, {
    userId: organizer.id,
    title: 'Bell Live Winter Show',
    startsAt: new Date(now + 3 * 86_400_000),
  });
  await createEvent(t.db, { userId: organizer.id, title: 'Bell Live Draft', eventStatus: 'draft' });
  await createEvent(t.db, {
    userId: organizer.id,
    title: 'Bell Live Last Year',
    startsAt: new Date(now - 40 * 86_400_000),
    endsAt: new Date(now - 40 * 86_400_000 + 3_600_000),
  });
});
afterAll(() => t.close());

describe('organizer pages and following', () => {
  it('shows the public profile with upcoming public events only', async () => {
    const response = await t.app.inject({ url: `/api/organizers/${organizer.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      fullName: 'Marcus Bell',
      businessName: 'Bell Live',
      followerCount: 0,
      isFollowing: false,
    });
    expect(response.json().upcomingEvents.map((e: { title: string }) => e.title)).toEqual([
      'Bell Live Winter Show',
    ]);
  });

  it('keeps attendee profiles private', async () => {
    expect((await t.app.inject({ url: `/api/organizers/${attendee.id}` })).statusCode).toBe(404);
  });

  it('follows once however often asked, and unfollows', async () => {
    const follow = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/organizers/${organizer.id}/follow`,
        headers: { cookie: attendeeCookie },
      });
    expect((await follow()).json()).toEqual({ following: true, followerCount: 1 });
    expect((await follow()).json()).toEqual({ following: true, followerCount: 1 });
    const page = await t.app.inject({
      url: `/api/organizers/${organizer.id}`,
      headers: { cookie: attendeeCookie },
    });
    expect(page.json().profile.isFollowing).toBe(true);

    const timeline = await t.app.inject({
      url: '/api/me/events',
      headers: { cookie: attendeeCookie },
    });
    expect(timeline.json().upcoming.map((e: { title: string }) => e.title)).toEqual([
      'Bell Live Winter Show',
    ]);
    expect(timeline.json().past.map((e: { title: string }) => e.title)).toEqual([
      'Bell Live Last Year',
    ]);

    const unfollow = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizers/${organizer.id}/follow`,
      headers: { cookie: attendeeCookie },
    });
    expect(unfollow.json()).toEqual({ following: false, followerCount: 0 });
  });

  it('needs a session to follow, and nobody follows themselves', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/organizers/${organizer.id}/follow` }))
        .statusCode,
    ).toBe(401);
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/organizers/${organizer.id}/follow`,
      headers: { cookie: await t.signIn(organizer) },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('directories', () => {
  const names = (body: { people: { fullName: string }[] }) => body.people.map((p) => p.fullName);

  it('lists organizers with the busiest first, venues, and providers', async () => {
    const organizers = (await t.app.inject({ url: '/api/directory?type=organizer' })).json();
    expect(names(organizers)).toEqual(['Marcus Bell', 'Quiet Planner']);
    expect(organizers.people[0].upcomingEventCount).toBe(1);
    expect(organizers.total).toBe(2);
    expect(names((await t.app.inject({ url: '/api/directory?type=venue' })).json())).toEqual([
      'Harbor Loft',
    ]);
    expect(
      names((await t.app.inject({ url: '/api/directory?type=provider' })).json()).sort(),
    ).toEqual(['Harbor Loft', 'Lena Ortiz']);
  });

  it('searches names and categories, and pages', async () => {
    expect(
      names((await t.app.inject({ url: '/api/directory?type=provider&q=dj' })).json()),
    ).toEqual(['Lena Ortiz']);
    expect(
      names((await t.app.inject({ url: '/api/directory?type=provider&q=%25' })).json()),
    ).toEqual([]);
    const page2 = (
      await t.app.inject({ url: '/api/directory?type=organizer&pageSize=1&page=2' })
    ).json();
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(names(page2)).toEqual(['Quiet Planner']);
    expect((await t.app.inject({ url: '/api/directory?type=attendee' })).statusCode).toBe(400);
  });
});

describe('in the reader’s language', () => {
  it('answers a missing profile and a self-follow in Spanish and Arabic, the codes unchanged', async () => {
    const missing = await t.app.inject({
      url: '/api/organizers/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No se encontró el perfil' },
    });
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/organizers/${attendee.id}/follow`,
      headers: { cookie: attendeeCookie, 'accept-language': 'ar' },
    });
    expect(self.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'لا يمكنك متابعة نفسك' },
    });
  });
});
