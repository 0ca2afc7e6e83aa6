import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema/content';
import { vendorProfiles } from '../../db/schema/vendors';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// spec §2: only a blank term does nothing. One character is a search (a prefix of a word), and
// no search endpoint answers a non-blank term with its unfiltered list.
let t: TestApp;

const get = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
const titles = (body: { events: { title: string }[] }) => body.events.map((e) => e.title).sort();
const EVENTS = ['Art Walk', 'Quiet Reading Hour', 'Zumba in the Park'];

beforeAll(async () => {
  t = await createTestApp();
  const organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Olive Host' });
  const place = { venueName: 'The Harbor Loft', city: 'Oakland' };
  await createEvent(t.db, {
    userId: organizer.id,
    title: 'Zumba in the Park',
    description: 'Dance outdoors.',
    category: 'Sports',
    ...place,
  });
  await createEvent(t.db, {
    userId: organizer.id,
    title: 'Art Walk',
    description: 'Paintings by locals.',
    category: 'Arts',
    ...place,
  });
  await createEvent(t.db, {
    userId: organizer.id,
    title: 'Quiet Reading Hour',
    description: 'Books and tea.',
    category: 'Workshop',
    ...place,
  });
  for (const [fullName, businessName, description] of [
    ['Zed Quill', 'Zest Catering', 'Food for every party.'],
    ['Mona Lee', 'Lee Sound', 'Speakers and lights.'],
  ])
    await t.db.insert(vendorProfiles).values({
      userId: (await createUser(t.db, { userType: 'vendor', fullName, businessName })).id,
      description,
    });
  const admin = await createUser(t.db, { roles: ['admin'] });
  const cookie = await t.sessionCookie(admin);
  for (const [title, body] of [
    ['Zones of the venue map', 'Each zone has its own entrance.'],
    ['Parking', 'Leave your car in the garage next door.'],
  ]) {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/help/articles',
      headers: { cookie },
      payload: { title, category: 'organizers', body },
    });
    expect(saved.statusCode).toBe(201);
  }
  const publishedAt = new Date(t.clock.now().getTime() - 60_000);
  for (const [slug, title] of [
    ['zine-fair', 'Zine fair recap'],
    ['spring-line-up', 'Spring line-up'],
  ] as const)
    await t.db.insert(blogPosts).values({
      authorId: admin.id,
      slug,
      title,
      bodyText: title,
      status: 'published',
      publishedAt,
    });
}, 60_000);
afterAll(() => t.close());

describe('one-character search terms', () => {
  it('search the events list as a prefix of a word', async () => {
    expect(titles(await get('/api/events?search=z'))).toEqual(['Zumba in the Park']);
    expect(titles(await get('/api/events?search=Z'))).toEqual(['Zumba in the Park']);
    expect(titles(await get('/api/events/search?q=z'))).toEqual(['Zumba in the Park']);
    // "a" is a stop word to the text search configuration, but typed last it is a prefix.
    expect(titles(await get('/api/events?search=a'))).toEqual(['Art Walk']);
    // After a word that searches, a stop word is left out as before.
    expect(titles(await get('/api/events?search=zumba%20the'))).toEqual(['Zumba in the Park']);
    expect((await get('/api/help/search?q=zones%20the')).items).toHaveLength(1);
    expect(titles(await get('/api/events?search=reading%20h'))).toEqual(['Quiet Reading Hour']);
  });

  it('suggest titles from the first letter', async () => {
    const { suggestions } = await get('/api/events/suggest?q=z');
    expect(suggestions.map((s: { title: string }) => s.title)).toEqual(['Zumba in the Park']);
  });

  it('search vendors, directories, help articles and blog posts', async () => {
    const vendors = await get('/api/vendors?q=z');
    expect(vendors.vendors.map((v: { businessName: string }) => v.businessName)).toEqual([
      'Zest Catering',
    ]);
    const organizers = await get('/api/directory?type=organizer&q=o');
    expect(organizers.people.map((p: { fullName: string }) => p.fullName)).toEqual(['Olive Host']);
    const help = await get('/api/help/search?q=z');
    expect(help.items.map((i: { title: string }) => i.title)).toEqual(['Zones of the venue map']);
    const helpPrefix = await get('/api/help/search?q=garag');
    expect(helpPrefix.items.map((i: { title: string }) => i.title)).toEqual(['Parking']);
    const blog = await get('/api/blog/posts?q=z');
    expect(blog.items.map((p: { title: string }) => p.title)).toEqual(['Zine fair recap']);
  });
});

describe('a non-blank term never answers the unfiltered list', () => {
  // Terms that match nothing here: punctuation only, tsquery and LIKE syntax, a stop word in
  // the middle of nowhere, a letter no word starts with.
  const nothing = ['!', '*', '%', '_', "'", '&|', ':*', 'x', 'the xq'];

  it.each(nothing)('%j', async (term) => {
    const q = encodeURIComponent(term);
    expect((await get(`/api/events?search=${q}`)).events).toEqual([]);
    expect((await get(`/api/events/search?q=${q}`)).events).toEqual([]);
    expect((await get(`/api/events/suggest?q=${q}`)).suggestions).toEqual([]);
    expect((await get(`/api/vendors?q=${q}`)).vendors).toEqual([]);
    expect((await get(`/api/directory?type=organizer&q=${q}`)).people).toEqual([]);
    expect((await get(`/api/help/search?q=${q}`)).items).toEqual([]);
    expect((await get(`/api/blog/posts?q=${q}`)).items).toEqual([]);
  });

  it('only a blank term does nothing', async () => {
    // The list's search filter left blank is the list itself...
    expect(titles(await get('/api/events?search=%20%20'))).toEqual(EVENTS);
    // ...while a search request with nothing to search for finds nothing.
    expect((await get('/api/events/search?q=%20')).events).toEqual([]);
    expect((await get('/api/events/suggest?q=%20')).suggestions).toEqual([]);
    expect((await get('/api/help/search?q=%20')).items).toEqual([]);
  });
});
