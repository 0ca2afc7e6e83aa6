import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Search over more events than it ranks at once (docs/decisions/005: the newest matches form a
// bounded candidate set; pages past it go on with older matches).
let t: TestApp;
type Listed = { id: string; title: string };
const page = async (query: string) => {
  const response = await t.app.inject({ url: `/api/events?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { events: Listed[]; nextCursor: string | null };
};

// More than the 200 candidates ranked at once; one in five has the word in its title.
const MATCHES = 300;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().getTime();
  const organizer = await createUser(t.db, { userType: 'organizer' });
  for (let i = 0; i < MATCHES; i++) {
    const inTitle = i % 5 === 0;
    await createEvent(t.db, {
      userId: organizer.id,
      title: inTitle ? `Lantern Walk ${i}` : `Evening Stroll ${i}`,
      description: inTitle ? 'A slow walk by the water.' : 'Bring a lantern for the walk.',
      createdAt: new Date(now - i * 60_000),
    });
  }
});
afterAll(() => t.close());

describe('search over many matches', () => {
  it('shows the newest title matches first for a very common word', async () => {
    const first = await page('search=lantern&limit=20');
    expect(first.events.map((e) => e.title)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Lantern Walk ${k * 5}`),
    );
  });

  it('pages through every match once, past the ranked candidates', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: { events: Listed[]; nextCursor: string | null } = await page(
        `search=lantern&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...body.events.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('corrects mistyped words from similar title words, and leaves out words like nothing', async () => {
    const corrected = await page('search=lantrn%20walkk&limit=5');
    expect(corrected.events.map((e) => e.title)).toEqual(
      Array.from({ length: 5 }, (_, k) => `Lantern Walk ${k * 5}`),
    );
    const partly = await page('search=lantrn%20qxzv&limit=5');
    expect(partly.events.map((e) => e.title)[0]).toBe('Lantern Walk 0');
    expect((await page('search=qxzvqxzv')).events).toEqual([]);
  });

  it('applies every list filter to the walk over the newest events', async () => {
    // Newer than the 300 above, so the walk meets them first; each differs in one filter.
    const host = await createUser(t.db, { userType: 'organizer' });
    const at = new Date(t.clock.now().getTime() + 60_000);
    const startsAt = new Date(at.getTime() + 10 * 86_400_000);
    const made = {
      paid: { isFree: false },
      referral: { isReferralBased: true },
      tasting: { category: 'Tasting' as const },
      dated: { startsAt },
      host: { userId: host.id },
    };
    const ids: Record<string, string> = {};
    for (const [name, values] of Object.entries(made)) {
      const organizer = await createUser(t.db, { userType: 'organizer' });
      ids[name] = (
        await createEvent(t.db, {
          userId: organizer.id,
          title: `Lantern ${name}`,
          createdAt: at,
          ...values,
        })
      ).id;
    }
    const only = async (filter: string) =>
      (await page(`search=lantern&limit=50&${filter}`)).events.map((e) => e.id);
    expect(await only('is_free=false')).toEqual([ids.paid]);
    expect(await only('is_referral_based=true')).toEqual([ids.referral]);
    expect(await only('category=Tasting')).toEqual([ids.tasting]);
    expect(await only(`date=${startsAt.toISOString().slice(0, 10)}`)).toEqual([ids.dated]);
    expect(await only(`organizer_id=${host.id}`)).toEqual([ids.host]);
  });
});
