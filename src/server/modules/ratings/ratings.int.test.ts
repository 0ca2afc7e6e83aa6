import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userExperienceRatings, userRatingPrompts } from '../../db/schema/ratings';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Spec §2: the experience dialog after a checkout and after creating an event opens
// once per account and rating type, never again, whatever the person did with it.
let t: TestApp;
const people: Record<'ana' | 'ben' | 'admin', CreatedUser> = {} as never;
const cookies: Record<string, string> = {};

const claim = (who: string | null, ratingType: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ratings/prompts',
    headers: who ? { cookie: cookies[who] } : {},
    payload: { ratingType },
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  people.ana = await createUser(t.db, { fullName: 'Ana Asked' });
  people.ben = await createUser(t.db, { userType: 'organizer', fullName: 'Ben Builder' });
  people.admin = await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' });
  for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
}, 60_000);
afterAll(() => t.close());

describe('the experience question, once per account and rating type', () => {
  it('asks the first time only, for each type separately and for each account', async () => {
    const first = await claim('ana', 'checkout');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ask: true });
    // Dismissed or rated, it makes no difference: the second claim is refused.
    expect((await claim('ana', 'checkout')).json()).toEqual({ ask: false });
    expect((await claim('ana', 'checkout')).json()).toEqual({ ask: false });
    expect((await claim('ana', 'event_creation')).json()).toEqual({ ask: true });
    expect((await claim('ben', 'checkout')).json()).toEqual({ ask: true });
    const rows = await t.db
      .select()
      .from(userRatingPrompts)
      .where(eq(userRatingPrompts.userId, people.ana.id));
    expect(rows.map((r) => r.ratingType).sort()).toEqual(['checkout', 'event_creation']);
  });

  it('lets exactly one of several claims at once win (two tabs, a double render)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => claim('ben', 'event_creation')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((r) => r.json().ask === true)).toHaveLength(1);
  });

  it('needs a session and a known rating type (the error names the field)', async () => {
    expect((await claim(null, 'checkout')).statusCode).toBe(401);
    const unknown = await claim('ana', 'signup');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error.details)).toContain('ratingType');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/ratings/prompts',
      headers: { cookie: cookies.ana },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('stores the rating given in the dialog with its type and the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: { cookie: cookies.ana },
      payload: { ratingType: 'checkout', rating: 3, feedback: '  quick  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(userExperienceRatings)
      .where(
        and(
          eq(userExperienceRatings.userId, people.ana.id),
          eq(userExperienceRatings.ratingType, 'checkout'),
        ),
      );
    expect(row).toMatchObject({ rating: 3, feedback: 'quick' });
  });
});

describe('admin analytics', () => {
  it('shows the experience ratings of the period per rating type', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await t.db.insert(userExperienceRatings).values([
      { userId: people.ben.id, ratingType: 'event_creation', rating: 2, createdAt: now },
      { userId: people.ana.id, ratingType: 'event_creation', rating: 5, createdAt: now },
      { userId: null, ratingType: 'signup', rating: 7, createdAt: now },
      // Outside a 30-day period: not counted.
      { userId: people.ben.id, ratingType: 'signup', rating: 10, createdAt: old },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics?days=30',
      headers: { cookie: cookies.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byType = res.json().ratingsByType as { ratingType: string }[];
    expect(byType).toContainEqual({ ratingType: 'event_creation', count: 2, average: 3.5 });
    expect(byType).toContainEqual({ ratingType: 'signup', count: 1, average: 7 });
    expect(byType).toContainEqual({ ratingType: 'checkout', count: 1, average: 3 });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics?days=30',
      headers: { cookie: cookies.ana },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
