import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Listed = { id: string; title: string; headline?: string };
const list = async (query = '') => {
  const response = await t.app.inject({ url: `/api/events${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { events: Listed[]; nextCursor: string | null };
};
const titles = (body: { events: Listed[] }) => body.events.map((e) => e.title);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().getTime();
  const organizer = await createUser(t.db, { userType: 'organizer' });
  const other = await createUser(t.db, { userType: 'organizer' });
  const at = (days: number, minutes = 0) => new Date(now + days * DAY + minutes * 60_000);
  const e = (
    title: string,
    extra: Partial<Parameters<typeof createEvent>[1]> = {},
    createdMinutesAgo = 0,
  ) =>
    createEvent(t.db, {
      userId: organizer.id,
      title,
      createdAt: new Date(now - createdMinutesAgo * 60_000),
      ...extra,
    });

  await e(
    'Oakland Jazz Festival',
    { category: 'Festival', startsAt: at(3), description: 'Three stages of jazz and soul music.' },
    10,
  );
  await e(
    'Tech Founders Networking Night',
    { category: 'Networking', startsAt: at(5), isFree: false },
    20,
  );
  await e(
    'Sunday Farmers Market Tasting',
    { category: 'Tasting', startsAt: at(2), isReferralBased: true },
    30,
  );
  await e(
    'Yoga Retreat in the Redwoods',
    { category: 'Retreat', startsAt: at(10), description: 'Slow mornings, jazz in the evenings.' },
    40,
  );
  await e('Community Jazz Workshop', { category: 'Workshop', startsAt: at(4) }, 50);
  await createEvent(t.db, {
    userId: other.id,
    title: 'Draft Party',
    eventStatus: 'draft',
    startsAt: at(3),
  });
  await createEvent(t.db, {
    userId: other.id,
    title: 'Cancelled Gala',
    category: 'Gala',
    eventStatus: 'cancelled',
    startsAt: at(3),
  });
  await createEvent(t.db, {
    userId: other.id,
    title: 'Already Over Concert',
    startsAt: at(-2),
    endsAt: new Date(now - 2 * DAY + 3 * HOUR),
  });
  await createEvent(t.db, {
    userId: other.id,
    title: 'Ends In An Hour Meetup',
    category: 'Meeting',
    startsAt: new Date(now - 2 * HOUR),
    endsAt: new Date(now + HOUR),
    createdAt: new Date(now - 5 * 60_000),
  });
});
afterAll(() => t.close());

describe('GET /api/events (spec §7)', () => {
  it('lists published, public, not-ended events, newest first', async () => {
    expect(titles(await list())).toEqual([
      'Ends In An Hour Meetup',
      'Oakland Jazz Festival',
      'Tech Founders Networking Night',
      'Sunday Farmers Market Tasting',
      'Yoga Retreat in the Redwoods',
      'Community Jazz Workshop',
    ]);
  });

  it('filters by category, date, is_free, is_referral_based and event_status', async () => {
    expect(titles(await list('?category=Festival'))).toEqual(['Oakland Jazz Festival']);
    expect(titles(await list('?is_free=false'))).toEqual(['Tech Founders Networking Night']);
    expect(titles(await list('?is_referral_based=true'))).toEqual([
      'Sunday Farmers Market Tasting',
    ]);
    expect(titles(await list('?event_status=cancelled'))).toEqual(['Cancelled Gala']);
    const festival = (await list('?category=Festival')).events[0] as unknown as { date: string };
    expect(titles(await list(`?date=${festival.date}`))).toContain('Oakland Jazz Festival');
  });

  it('pages with a cursor without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { events: Listed[]; nextCursor: string | null } = await list(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(titles(await list()));
    expect((await t.app.inject({ url: '/api/events?cursor=garbage' })).statusCode).toBe(400);
  });

  it('marks ended events expired before listing, and they stay hidden', async () => {
    t.clock.advance(2 * HOUR);
    const after = titles(await list());
    expect(after).not.toContain('Ends In An Hour Meetup');
    const [row] = await t.db.select().from(events).where(eq(events.title, 'Already Over Concert'));
    expect(row?.eventStatus).toBe('expired');
    const [meetup] = await t.db
      .select()
      .from(events)
      .where(eq(events.title, 'Ends In An Hour Meetup'));
    expect(meetup?.eventStatus).toBe('expired');
  });

  it('rejects a limit above the maximum with a named field', async () => {
    const response = await t.app.inject({ url: '/api/events?limit=500' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('querystring.limit');
  });
});

describe('search', () => {
  it('ranks title matches above description matches', async () => {
    const body = await list('?search=jazz');
    expect(titles(body).slice(0, 2).sort()).toEqual([
      'Community Jazz Workshop',
      'Oakland Jazz Festival',
    ]);
    expect(titles(body)).toContain('Yoga Retreat in the Redwoods');
    expect(titles(body).at(-1)).toBe('Yoga Retreat in the Redwoods');
  });

  it('finds events despite a typo in the title', async () => {
    expect(titles(await list('?search=Oaklnd Jaz Festivl'))).toContain('Oakland Jazz Festival');
    expect(titles(await list('?search=netwrking'))).toContain('Tech Founders Networking Night');
  });

  it('matches word prefixes while typing and location words', async () => {
    expect(titles(await list('?search=farm'))).toEqual(['Sunday Farmers Market Tasting']);
    expect(titles(await list('?search=oakland'))).toEqual(
      expect.arrayContaining(['Oakland Jazz Festival']),
    );
  });

  it('highlights matched words without passing through other markup', async () => {
    const response = await t.app.inject({ url: '/api/events/search?q=soul' });
    const hit = (response.json().events as Listed[]).find(
      (e) => e.title === 'Oakland Jazz Festival',
    );
    expect(hit?.headline).toContain('<mark>soul</mark>');
  });

  it('suggests titles for the header search box', async () => {
    const response = await t.app.inject({ url: '/api/events/suggest?q=yog' });
    expect(response.json().suggestions.map((s: { title: string }) => s.title)).toEqual([
      'Yoga Retreat in the Redwoods',
    ]);
    // One letter already suggests (spec §2: only a blank term does nothing).
    const oneLetter = (await t.app.inject({ url: '/api/events/suggest?q=y' })).json();
    expect(oneLetter.suggestions.map((s: { title: string }) => s.title)).toEqual([
      'Yoga Retreat in the Redwoods',
    ]);
  });

  it('treats operator characters as plain text', async () => {
    expect(
      (await t.app.inject({ url: `/api/events?search=${encodeURIComponent("jazz & | ! ( ' :*")}` }))
        .statusCode,
    ).toBe(200);
  });
});

describe('categories and the featured event', () => {
  it('lists every spec category by name with upcoming counts', async () => {
    const response = await t.app.inject({ url: '/api/categories' });
    const categories = response.json().categories as {
      name: string;
      slug: string;
      eventCount: number;
    }[];
    expect(categories).toHaveLength(29);
    expect(categories.map((c) => c.name)).toEqual([...categories.map((c) => c.name)].sort());
    expect(categories.find((c) => c.name === 'Festival')).toEqual({
      name: 'Festival',
      slug: 'festival',
      eventCount: 1,
    });
    expect(categories.find((c) => c.name === 'Gala')?.eventCount).toBe(0);
    expect(categories.find((c) => c.name === 'Sporting Event or Competition')?.slug).toBe(
      'sporting-event-or-competition',
    );
  });

  it('features the newest listed event', async () => {
    const response = await t.app.inject({ url: '/api/events/featured' });
    expect(response.json().event.title).toBe('Oakland Jazz Festival');
  });
});
