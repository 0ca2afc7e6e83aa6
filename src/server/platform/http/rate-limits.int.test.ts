import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hitCounter, sharedRateLimitStore } from './rate-limits';

let t: TestApp;
let fresh: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  // A handle of its own: its first hit may prune (pruning is gated per handle).
  fresh = connectDatabase(t.databaseUrl, { max: 1 });
});
afterAll(async () => {
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
