import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hitCounter, pruneNow, sharedRateLimitStore } from './rate-limits';

let t: TestApp;
let fresh: DatabaseHandle;
let pruner: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  // A handle of its own: its first hit may prune (pruning is gated per handle).
  fresh = connectDatabase(t.databaseUrl, { max: 1 });
  pruner = connectDatabase(t.databaseUrl, { max: 1 });
});
afterAll(async () => {
  await pruner?.close();
  await fresh?.close();
  await t?.close();
});

it("a route limit's real-time hit never ends a window counted on the app's clock", async () => {
  // The app's clock is days behind real time here, as in every test app.
  const now = t.clock.now();
  expect(now.getTime()).toBeLessThan(Date.now() - 60_000);
  const key = 'mail:test:app-clock';
  expect((await hitCounter(t.db, { key, windowMs: 60_000, now })).count).toBe(1);

  // The route limit's hit is the first on its handle, so it is the one that may prune.
  const Store = sharedRateLimitStore(fresh.db);
  await new Promise<void>((resolve, reject) =>
    new Store().incr('203.0.113.9', (error) => (error ? reject(error) : resolve()), 60_000),
  );

  // Still the same window: the second hit counts 2, so "one mail a minute" holds. (One
  // connection: this runs after any prune the route limit's hit started.)
  expect((await hitCounter(fresh.db, { key, windowMs: 60_000, now })).count).toBe(2);
});

const rowPage = async (key: string) => {
  const { rows } = await t.db.execute<{ page: string }>(
    sql`select (ctid::text::point)[0]::text as page from rate_limit_counters where key = ${key}`,
  );
  return rows[0]?.page;
};

describe('shared rate-limit counters', () => {
  it('counts every hit of a window, each rewriting the row on its own page', async () => {
    const key = `test:in-place:${crypto.randomUUID()}`;
    const now = new Date();
    const first = await hitCounter(t.db, { key, windowMs: 60_000, now, prune: false });
    expect(first.count).toBe(1);
    const page = await rowPage(key);
    for (let i = 2; i <= 20; i++) {
      const hit = await hitCounter(t.db, { key, windowMs: 60_000, now, prune: false });
      expect(hit.count).toBe(i);
      expect(hit.resetAt.getTime()).toBe(first.resetAt.getTime());
    }
    // A HOT update keeps the new version on the old one's page (an indexed reset_at would not
    // allow it, and the table's pages keep room for it).
    expect(await rowPage(key)).toBe(page);
    const { rows } = await t.db.execute<{ indexes: string[]; options: string[] | null }>(sql`
      select array(select indexname::text from pg_indexes where tablename = 'rate_limit_counters')
        as indexes, (select reloptions from pg_class where relname = 'rate_limit_counters') as options`);
    expect(rows[0]?.indexes).toEqual(['rate_limit_counters_pkey']);
    expect(rows[0]?.options).toContain('fillfactor=50');
  });

  it('prunes windows that ended over a minute ago and keeps the others', async () => {
    const now = t.clock.now();
    const ended = `test:ended:${crypto.randomUUID()}`;
    const open = `test:open:${crypto.randomUUID()}`;
    await t.db.execute(sql`
      insert into rate_limit_counters (key, count, reset_at) values
        (${ended}, 3, ${new Date(now.getTime() - 2 * 60_000)}),
        (${open}, 3, ${new Date(now.getTime() + 60_000)})`);
    pruneNow(pruner.db, now);
    const keys = async () =>
      (
        await t.db.execute<{ key: string }>(
          sql`select key from rate_limit_counters where key in (${ended}, ${open})`,
        )
      ).rows.map((row) => row.key);
    // The prune runs off the caller's path: wait for it.
    await expect.poll(keys, { timeout: 10_000 }).toEqual([open]);
  });
});
