import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedItem } from '../../../contracts/promotions';
import { events } from '../../db/schema/events';
import { promoCampaigns, promoDailyStats, promoViewerCaps } from '../../db/schema/promotions';
import { derivedKey } from '../../platform/secrets';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCandidateCache } from './promotions.service';
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
  placement?: 'events_list' | 'event_sidebar' | 'search_results';
  eventId?: string;
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
      eventId: values.eventId ?? null,
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

describe('selection’s mirror of the live campaigns (decision 133)', () => {
  it('serves each kind of change within one cache period of the production setting', async () => {
    // The production cache age (a second) on a clock the test moves: a change may be missed
    // while the list is younger than that, and must be served once the first request after it
    // has started the one read that follows.
    let clock = 0;
    const cache = createCandidateCache(owner, 1000, () => clock);
    const list = async () => {
      const { items } = await cache.get('search_results');
      return new Map(items.map((item) => [item.id, item]));
    };
    const afterOnePeriod = async (check: (items: Awaited<ReturnType<typeof list>>) => boolean) => {
      clock += 1000;
      await list();
      await expect.poll(async () => check(await list()), { timeout: 10_000 }).toBe(true);
    };
    const event = await createEvent(owner.db, { userId: vendor.id, title: 'Mirrored' });
    const edited = await campaign({
      totalBudgetCents: 1000,
      dailyBudgetCents: 1000,
      placement: 'search_results',
    });
    const linked = await campaign({
      totalBudgetCents: 1000,
      dailyBudgetCents: 1000,
      placement: 'search_results',
      eventId: event.id,
    });
    const doomed = await campaign({
      totalBudgetCents: 1000,
      dailyBudgetCents: 1000,
      placement: 'search_results',
    });
    const first = await list();
    expect([...first.keys()].sort()).toEqual([edited.id, linked.id, doomed.id].sort());

    // An edit: not before the period is over, then served.
    await owner.db
      .update(promoCampaigns)
      .set({ headline: 'Edited' })
      .where(eq(promoCampaigns.id, edited.id));
    expect((await list()).get(edited.id)?.headline).toBe('Batched');
    await afterOnePeriod((items) => items.get(edited.id)?.headline === 'Edited');

    // Spend moves the weight (remaining budget per remaining second) and, once the next view
    // would pass the daily budget, takes the campaign out.
    const before = (await list()).get(edited.id)?.weight ?? 0;
    await owner.db
      .update(promoCampaigns)
      .set({
        spentMillicents: 500_000,
        daySpentMillicents: 500_000,
        spendDay: owner.clock.now().toISOString().slice(0, 10),
      })
      .where(eq(promoCampaigns.id, edited.id));
    await afterOnePeriod((items) => (items.get(edited.id)?.weight ?? before) < before / 1.9);
    await owner.db
      .update(promoCampaigns)
      .set({ spentMillicents: 999_600, daySpentMillicents: 999_600 })
      .where(eq(promoCampaigns.id, edited.id));
    await afterOnePeriod((items) => !items.has(edited.id));

    // The linked event cancelled; a paused campaign; a deleted one; a new one.
    await owner.db.update(events).set({ eventStatus: 'cancelled' }).where(eq(events.id, event.id));
    await afterOnePeriod((items) => !items.has(linked.id));
    await owner.db
      .update(promoCampaigns)
      .set({ status: 'paused' })
      .where(eq(promoCampaigns.id, doomed.id));
    await afterOnePeriod((items) => !items.has(doomed.id));
    await owner.db
      .update(promoCampaigns)
      .set({ status: 'live' })
      .where(eq(promoCampaigns.id, doomed.id));
    await afterOnePeriod((items) => items.has(doomed.id));
    await owner.db.delete(promoCampaigns).where(eq(promoCampaigns.id, doomed.id));
    const added = await campaign({
      totalBudgetCents: 1000,
      dailyBudgetCents: 1000,
      placement: 'search_results',
    });
    await afterOnePeriod((items) => !items.has(doomed.id) && items.has(added.id));
    expect([...(await list()).keys()]).toEqual([added.id]);
  }, 60_000);
});
