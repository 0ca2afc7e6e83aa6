import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedItem } from '../../../contracts/promotions';
import { promoCampaigns, promoDailyStats, promoViewerCaps } from '../../db/schema/promotions';
import { derivedKey } from '../../platform/secrets';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueServeToken } from './serve-token';

// Decision 036: view beacons are answered at once and charged in one batch per process. These
// tests run the batching as production does (a long PROMO_VIEW_FLUSH_MS, so only closing an app
// writes its batch) in two app instances on one database, i.e. two server processes.

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;
const SECRET = 'test-session-secret-test-session-secret';

let owner: TestApp;
let vendor: CreatedUser;

beforeAll(async () => {
  // Owns the database; its own beacons (none here) would be written at once.
  owner = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  vendor = await createUser(owner.db, { userType: 'vendor', fullName: 'Bea Batch' });
}, 60_000);
afterAll(() => owner.close());

/**
 * A server process that batches views and keeps viewers' caps in memory, as in production.
 * Closing it (once; again is a no-op) writes its batch, as a stopping server does.
 */
async function batchingApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    shareDatabaseOf: owner,
    env: {
      SESSION_SECRET: SECRET,
      RATE_LIMIT_MULTIPLIER: '1000',
      PROMO_VIEW_FLUSH_MS: '60000',
      ...env,
    },
  });
  let closing: Promise<void> | undefined;
  return { ...t, close: () => (closing ??= t.close()) };
}

async function campaign(values: {
  totalBudgetCents: number;
  dailyBudgetCents: number;
  frequencyCap?: number;
  placement?: 'events_list' | 'event_sidebar';
}) {
  const now = owner.clock.now();
  const [row] = await owner.db
    .insert(promoCampaigns)
    .values({
      ownerId: vendor.id,
      status: 'live',
      headline: 'Batched',
      imageAlt: 'Batched',
      targetPath: `/vendor/${vendor.id}`,
      placement: values.placement ?? 'events_list',
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 5 * DAY),
      dailyBudgetCents: values.dailyBudgetCents,
      totalBudgetCents: values.totalBudgetCents,
      pricing: 'cpm',
      priceCents: 500,
      frequencyCap: values.frequencyCap ?? 1000,
    })
    .returning();
  if (!row) throw new Error('campaign not made');
  return row;
}

const key = derivedKey({ SESSION_SECRET: SECRET }, 'promotion-serve-tokens');
/** Tokens as /serve signs them (each a new serving of the campaign). */
const tokensFor = (campaignId: string, count: number) =>
  Array.from({ length: count }, () => issueServeToken(key, campaignId, owner.clock.now()));

const beacon = (t: TestApp, tokens: string[], viewer: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/promotions/views',
    headers: { 'user-agent': BROWSER, cookie: `mea_pv=${viewer}` },
    payload: { tokens },
  });

async function charged(ids: string[]) {
  const rows = await owner.db
    .select({
      id: promoCampaigns.id,
      spent: promoCampaigns.spentMillicents,
      daySpent: promoCampaigns.daySpentMillicents,
      impressions: sql<number>`coalesce((select sum(${promoDailyStats.impressions}) from ${promoDailyStats} where ${promoDailyStats.campaignId} = ${promoCampaigns.id}), 0)::int`,
    })
    .from(promoCampaigns)
    .where(inArray(promoCampaigns.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

describe('view beacons in batches, two server processes', () => {
  it('charges every counted impression once and never passes a budget under concurrent beacons', async () => {
    // One after the other: two apps starting at once can pass the plugin timeout on a busy box.
    const a = await batchingApp();
    const b = await batchingApp();
    try {
      // Room for every view; and one whose total budget (5 cents) covers exactly 10 views.
      const roomy = await campaign({ totalBudgetCents: 100_000, dailyBudgetCents: 100_000 });
      const tight = await campaign({ totalBudgetCents: 5, dailyBudgetCents: 5 });
      const roomyTokens = tokensFor(roomy.id, 60);
      const tightTokens = tokensFor(tight.id, 40);
      const all = [...roomyTokens, ...tightTokens];
      // Every token is sent to both processes, in beacons of three, all at once; and again to
      // the first one.
      const batches: string[][] = [];
      for (let i = 0; i < all.length; i += 3) batches.push(all.slice(i, i + 3));
      const answers = await Promise.all([
        ...batches.map((tokens, i) => beacon(a, tokens, `${'A'.repeat(21)}${i % 10}`)),
        ...batches.map((tokens, i) => beacon(b, tokens, `${'B'.repeat(21)}${i % 10}`)),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      // Each process takes each serving once: the repeat to the first one is answered 0.
      const taken = (i: number) => answers[i]?.json<{ counted: number }>().counted ?? 0;
      expect(answers.slice(0, batches.length).reduce((n, _, i) => n + taken(i), 0)).toBe(100);
      const again = await beacon(a, all.slice(0, 3), 'C'.repeat(22));
      expect(again.json()).toEqual({ counted: 0 });

      // Nothing is written while the batches wait (the selection and the answer did no write).
      expect((await charged([roomy.id, tight.id])).get(roomy.id)?.spent).toBe(0);
      // Closing a process writes its batch: both batches hold every serving.
      await Promise.all([a.close(), b.close()]);
      const after = await charged([roomy.id, tight.id]);
      // Counted once across both processes and charged once: $5 CPM is 500 millicents a view.
      expect(after.get(roomy.id)).toMatchObject({ impressions: 60, spent: 60 * 500 });
      // The capped charge stops at the budget: 10 of the 40 views, exactly the 5 cents.
      expect(after.get(tight.id)).toMatchObject({ impressions: 10, spent: 5000, daySpent: 5000 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);

  it('keeps a viewer’s frequency cap in the process, before the batch is written', async () => {
    await owner.db
      .update(promoCampaigns)
      .set({ status: 'ended' })
      .where(sql`${promoCampaigns.status} = 'live'`);
    const a = await batchingApp({ PROMO_CAPS_MS: '60000' });
    try {
      const capped = await campaign({
        totalBudgetCents: 10_000,
        dailyBudgetCents: 10_000,
        frequencyCap: 2,
        placement: 'event_sidebar',
      });
      const viewer = 'D'.repeat(22);
      const serve = async () => {
        const response = await a.app.inject({
          url: '/api/promotions/serve?placement=event_sidebar&limit=1',
          headers: { 'user-agent': BROWSER, cookie: `mea_pv=${viewer}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: ServedItem[] }>().items;
      };
      for (let i = 0; i < 2; i++) {
        const [item] = await serve();
        expect(item?.headline).toBe('Batched');
        expect((await beacon(a, [item?.token ?? ''], viewer)).json()).toEqual({ counted: 1 });
      }
      // Capped from this process's own count: nothing is in the database yet.
      expect(await serve()).toEqual([]);
      expect(
        await owner.db
          .select()
          .from(promoViewerCaps)
          .where(sql`${promoViewerCaps.viewer} = ${`a:${viewer}`}`),
      ).toEqual([]);
      await a.close();
      const [cap] = await owner.db
        .select()
        .from(promoViewerCaps)
        .where(sql`${promoViewerCaps.viewer} = ${`a:${viewer}`}`);
      expect(cap).toMatchObject({ campaignId: capped.id, views: 2 });
    } finally {
      await a.close();
    }
  }, 60_000);
});
