import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The organizer's own figures: none of them may reach anyone but the owner and admins.
const PRIVATE_FIELDS = [
  'earnings',
  'referralCode',
  'totalTicketsSold',
  'freeTicketsSold',
  'paidTicketsSold',
  'signupCount',
] as const;

let t: TestApp;
let eventId: string;
let ownerId: string;
let cookies: Record<'owner' | 'other' | 'admin' | 'follower', string>;
type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });

const getJson = async (url: string, who: Who) => {
  const response = await t.app.inject({ url, headers: as(who) });
  expect(response.statusCode, `${url} as ${who}`).toBe(200);
  return response.json() as Record<string, unknown>;
};
const eventsOf = (body: Record<string, unknown>, key = 'events') =>
  body[key] as Record<string, unknown>[];

function expectPublicOnly(event: Record<string, unknown> | undefined) {
  expect(event).toBeDefined();
  for (const field of PRIVATE_FIELDS) expect(event).not.toHaveProperty(field);
  expect(event?.accessToken ?? null).toBeNull();
  // What the public pages show stays: the vendor fee vendors read before applying.
  expect(event).toMatchObject({ title: 'Harbor Lights Gala', vendorFeeAmount: 75 });
}

function expectOwnerView(event: Record<string, unknown> | undefined) {
  expect(event).toMatchObject({
    earnings: 1234.5,
    referralCode: 'PROMO-harbor-secret',
    totalTicketsSold: 42,
    freeTicketsSold: 2,
    paidTicketsSold: 40,
    signupCount: 7,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db, { userType: 'organizer' });
  const follower = await createUser(t.db, { userType: 'attendee' });
  ownerId = owner.id;
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Harbor Lights Gala',
    isReferralBased: true,
    vendorFeeAmount: 75,
  });
  eventId = event.id;
  await t.db
    .update(events)
    .set({
      earnings: 1234.5,
      referralCode: 'PROMO-harbor-secret',
      totalTicketsSold: 42,
      freeTicketsSold: 2,
      paidTicketsSold: 40,
      signupCount: 7,
    })
    .where(eq(events.id, event.id));
  cookies = {
    owner: await t.signIn(owner),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { userType: 'attendee', roles: ['admin'] })),
    follower: await t.signIn(follower),
  };
  const follow = await t.app.inject({
    method: 'POST',
    url: `/api/organizers/${owner.id}/follow`,
    headers: as('follower'),
  });
  expect(follow.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('what the public event endpoints show', () => {
  const everyone: Who[] = ['signedOut', 'other', 'owner', 'admin'];

  // The list is one cached answer for every visitor, so it is the public view even for the
  // owner; the owner reads their figures from /api/events/mine.
  it.each(everyone)('GET /api/events leaves out the organizer figures (%s)', async (who) => {
    const listed = eventsOf(await getJson('/api/events', who)).find((e) => e.id === eventId);
    expectPublicOnly(listed);
  });

  it.each(everyone)(
    'search, featured and the organizer page are public views (%s)',
    async (who) => {
      const search = eventsOf(await getJson('/api/events/search?q=harbor', who));
      expectPublicOnly(search.find((e) => e.id === eventId));
      const featured = (await getJson('/api/events/featured', who)).event as Record<
        string,
        unknown
      >;
      expectPublicOnly(featured);
      const page = await getJson(`/api/organizers/${ownerId}`, who);
      expectPublicOnly(eventsOf(page, 'upcomingEvents').find((e) => e.id === eventId));
    },
  );

  it.each<[Who, boolean]>([
    ['signedOut', false],
    ['other', false],
    ['owner', true],
    ['admin', true],
  ])('GET /api/events/:id as %s shows the figures: %s', async (who, shown) => {
    const event = await getJson(`/api/events/${eventId}`, who);
    if (shown) expectOwnerView(event);
    else expectPublicOnly(event);
  });

  it("a follower's timeline shows the organizer's events without their figures", async () => {
    const timeline = await getJson('/api/me/events', 'follower');
    expectPublicOnly(eventsOf(timeline, 'upcoming').find((e) => e.id === eventId));
  });

  it('the owner still reads every figure from /api/events/mine', async () => {
    const mine = eventsOf(await getJson('/api/events/mine', 'owner'));
    expectOwnerView(mine.find((e) => e.id === eventId));
    const others = eventsOf(await getJson('/api/events/mine', 'other'));
    expect(others.find((e) => e.id === eventId)).toBeUndefined();
  });
});
