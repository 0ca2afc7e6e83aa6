import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expireEndedEvents } from './events.queries';
import { searchEvents } from './search.queries';

// The search vocabulary (migration 0012, docs/decisions/005): every lexeme of the search
// documents of events search can find, with how many hold it, kept by triggers on events; typo
// correction and the expansion of the word typed last read it.
let t: TestApp;
let organizerId: string;

/** The vocabulary as stored. */
const vocabulary = async () => {
  const { rows } = await t.db.execute<{ lexeme: string; events: number }>(
    sql`select lexeme, events from search_vocabulary order by lexeme`,
  );
  return rows;
};
/** The vocabulary as it should be: recounted from the events search can find. */
const recounted = async () => {
  const { rows } = await t.db.execute<{ lexeme: string; events: number }>(sql`
    select lexeme, count(*)::int as events
    from events, unnest(tsvector_to_array(search_vector)) as lexeme
    where visibility = 'public' and event_status in ('published', 'cancelled')
    group by lexeme order by lexeme collate "C"`);
  return rows;
};
const countOf = async (lexeme: string) =>
  (await vocabulary()).find((row) => row.lexeme === lexeme)?.events ?? 0;

const search = async (text: string, limit = 50, offset = 0) => {
  const now = t.clock.now();
  return searchEvents(t.db, {
    now,
    today: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10),
    text,
    limit,
    offset,
  });
};
/** Every match of a search, page after page. */
const searchAll = async (text: string) => {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await search(text, 100, offset);
    ids.push(...page.map((e) => e.id));
    if (page.length < 100) return ids;
  }
};
/** What the partial match (`word:*`) the search used before the vocabulary finds. */
const prefixMatches = async (tsquery: string) => {
  const { rows } = await t.db.execute<{ id: string }>(sql`
    select id from events
    where visibility = 'public' and event_status = 'published'
      and search_vector @@ to_tsquery('english', ${tsquery})`);
  return rows.map((r) => r.id);
};

beforeAll(async () => {
  t = await createTestApp();
  organizerId = (await createUser(t.db, { userType: 'organizer' })).id;
});
afterAll(() => t.close());

describe('the search vocabulary', () => {
  it('counts the lexemes of every event search can find, through inserts, updates and deletes', async () => {
    const e = (title: string, extra: Partial<Parameters<typeof createEvent>[1]> = {}) =>
      createEvent(t.db, { userId: organizerId, title, description: 'Quokkas welcome.', ...extra });
    const first = await e('Zanzibar Drumming Night');
    const second = await e('Zanzibar Spice Market');
    expect(await countOf('zanzibar')).toBe(2);
    // Stemmed, as the tsquery compares them: "drumming" is "drum", "quokkas" "quokka".
    expect(await countOf('drum')).toBe(1);
    expect(await countOf('quokka')).toBe(2);
    expect(await countOf('drumming')).toBe(0);

    // Events search cannot find hold no words there.
    const draft = await e('Xylophone Draft', { eventStatus: 'draft' });
    const hidden = await e('Yodelling Secret', { visibility: 'private' });
    expect(await countOf('xylophon')).toBe(0);
    expect(await countOf('yodel')).toBe(0);

    // A new title takes its old words away and adds its own; a shared word keeps its count.
    await t.db.update(events).set({ title: 'Zanzibar Harp Night' }).where(eq(events.id, first.id));
    expect(await countOf('drum')).toBe(0);
    expect(await countOf('harp')).toBe(1);
    expect(await countOf('zanzibar')).toBe(2);

    // Publishing, hiding, cancelling (still searchable with a status filter), expiring.
    await t.db.update(events).set({ eventStatus: 'published' }).where(eq(events.id, draft.id));
    expect(await countOf('xylophon')).toBe(1);
    await t.db.update(events).set({ visibility: 'public' }).where(eq(events.id, hidden.id));
    expect(await countOf('yodel')).toBe(1);
    await t.db.update(events).set({ visibility: 'private' }).where(eq(events.id, hidden.id));
    expect(await countOf('yodel')).toBe(0);
    await t.db.update(events).set({ eventStatus: 'cancelled' }).where(eq(events.id, second.id));
    expect(await countOf('spice')).toBe(1);
    await t.db.update(events).set({ eventStatus: 'expired' }).where(eq(events.id, second.id));
    expect(await countOf('spice')).toBe(0);
    expect(await countOf('zanzibar')).toBe(1);
    // Counters (ticket sales) leave it alone.
    await t.db
      .update(events)
      .set({ signupCount: sql`${events.signupCount} + 1` })
      .where(eq(events.id, first.id));
    expect(await vocabulary()).toEqual(await recounted());

    // Several events in one statement, and deletes.
    const now = t.clock.now();
    await t.db.insert(events).values(
      ['Quetzal Birding Walk', 'Quetzal Birding Talk'].map((title) => ({
        userId: organizerId,
        title,
        category: 'Music',
        startsAt: new Date(now.getTime() + 86_400_000),
        date: '2099-01-01',
        time: '19:00',
        eventStatus: 'published' as const,
      })),
    );
    expect(await countOf('quetzal')).toBe(2);
    expect(await countOf('bird')).toBe(2);
    await t.db.delete(events).where(eq(events.title, 'Quetzal Birding Walk'));
    expect(await countOf('quetzal')).toBe(1);
    expect(await countOf('walk')).toBe(0);
    await t.db.delete(events).where(inArray(events.id, [first.id, second.id, draft.id]));
    expect(await countOf('zanzibar')).toBe(0);
    expect(await vocabulary()).toEqual(await recounted());
  });

  it('takes away the words of events the expiry marks expired, several at once', async () => {
    const now = t.clock.now();
    for (const title of ['Walrus Polka Evening', 'Walrus Tango Evening']) {
      await createEvent(t.db, {
        userId: organizerId,
        title,
        startsAt: new Date(now.getTime() - 3 * 86_400_000),
        endsAt: new Date(now.getTime() - 2 * 86_400_000),
      });
    }
    expect(await countOf('walrus')).toBe(2);
    expect(await expireEndedEvents(t.db, { now })).toBeGreaterThanOrEqual(2);
    expect(await countOf('walrus')).toBe(0);
    expect(await vocabulary()).toEqual(await recounted());
  });
});

describe('search with the vocabulary', () => {
  beforeAll(async () => {
    const now = t.clock.now().getTime();
    const titles = [
      'Sunday Brunch Club',
      'Jazz Brunch on the Roof',
      'Brunches of the World',
      'Rooftop Jazz Night',
      'Runners Breakfast Meetup',
      'Running Club Social',
      'Harbor Jazz Supper',
    ];
    // Many events hold "brunch": the typo correction's old worst case (a word just under the
    // similarity threshold of a common title word).
    for (let i = 0; i < 60; i++) {
      await createEvent(t.db, {
        userId: organizerId,
        title: `${titles[i % titles.length]} ${i}`,
        description: i % 3 === 0 ? 'Jazz brunch by the water.' : 'Food, music and friends.',
        createdAt: new Date(now - i * 60_000),
      });
    }
  });

  it('finds the same events as the prefix match it replaces', async () => {
    for (const [text, tsquery] of [
      ['jazz brunch', 'jazz & brunch:*'],
      ['jazz brun', 'jazz & brun:*'],
      ['brunches', 'brunches:*'],
      ['running', 'running:*'],
      ['run', 'run:*'],
      ['rooftop ja', 'rooftop & ja:*'],
      ['the jazz', 'the & jazz:*'],
      ['jazz the', 'jazz & the:*'],
      ['harbor zzzq', 'harbor & zzzq:*'],
    ] as const) {
      const found = await searchAll(text);
      expect(new Set(found).size, text).toBe(found.length);
      expect([...found].sort(), text).toEqual((await prefixMatches(tsquery)).sort());
    }
    // "running" is the lexeme "run": "runners" and "running" both complete it.
    expect((await search('running')).map((e) => e.title.replace(/ \d+$/, ''))).toEqual(
      expect.arrayContaining(['Runners Breakfast Meetup', 'Running Club Social']),
    );
  });

  it('ranks title matches first with the expanded words', async () => {
    const found = await search('jazz brun', 100);
    const inTitle = found.filter((e) => /jazz brunch/i.test(e.title));
    expect(found.slice(0, inTitle.length)).toEqual(inTitle);
    expect(inTitle.length).toBeGreaterThan(0);
    expect(found.length).toBeGreaterThan(inTitle.length);
  });

  it('corrects a typo under the old threshold of 0.5 ("brunh" is 0.44 from "brunch")', async () => {
    const found = await search('rooftp brunh');
    expect(found.length).toBeGreaterThan(0);
    // Both words corrected: rooftop and brunch, in the title or the description.
    for (const e of found) {
      expect(`${e.title} ${e.description}`.toLowerCase()).toMatch(/rooftop|roof/);
      expect(`${e.title} ${e.description}`.toLowerCase()).toMatch(/brunch/);
    }
    expect(found.map((e) => e.headline).join(' ')).toContain('<mark>');
  });
});
