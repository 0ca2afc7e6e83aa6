import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defineCache } from './shared-cache';

// Two apps on one database play two server processes: each has its own entries (the cache is
// kept per database handle) and hears the other's invalidations through NOTIFY.
const cache = defineCache<string>({
  name: 'test.across-instances',
  ttlMs: 60_000,
  maxEntries: 100,
});

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ shareDatabaseOf: a });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const fill = (t: TestApp, keys: string[]) => {
  for (const key of keys) cache.in(t).set(key, `${key} from ${t === a ? 'a' : 'b'}`);
};

describe('invalidation across instances', () => {
  it('keeps entries per instance', () => {
    fill(a, ['k']);
    expect(cache.in(b).peek('k')).toBeUndefined();
  });

  it('forgets a key at once where it was invalidated and soon in the other instance', async () => {
    fill(a, ['k', 'other']);
    fill(b, ['k', 'other']);
    await cache.invalidate(a, 'k');
    expect(cache.in(a).peek('k')).toBeUndefined();
    await expect.poll(() => cache.in(b).peek('k')).toBeUndefined();
    expect(cache.in(b).peek('other')).toBe('other from b');
    expect(cache.in(a).peek('other')).toBe('other from a');
  });

  it('forgets by prefix and all, both ways', async () => {
    fill(a, ['s1:x', 's1:y', 's2:x']);
    fill(b, ['s1:x', 's1:y', 's2:x']);
    await cache.invalidatePrefix(b, 's1:');
    await expect
      .poll(() => [cache.in(a).peek('s1:x'), cache.in(a).peek('s1:y')])
      .toEqual([undefined, undefined]);
    expect(cache.in(a).peek('s2:x')).toBe('s2:x from a');
    await cache.invalidateAll(b);
    await expect.poll(() => cache.in(a).size).toBe(0);
  });

  it('does not make the sender forget what it stored after invalidating', async () => {
    await cache.invalidate(a, 'mine');
    fill(a, ['mine', 'marker']);
    // A listener hears notices in the order they were sent: once a heard b's later one, it has
    // heard its own, and skipped it.
    await cache.invalidate(b, 'marker');
    await expect.poll(() => cache.in(a).peek('marker')).toBeUndefined();
    expect(cache.in(a).peek('mine')).toBe('mine from a');
  });

  it('shows a site settings change made through one instance on the other at once', async () => {
    const admin = await createUser(a.db, { roles: ['admin'] });
    const site = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/site' })).json<{
        maintenanceBanner: string;
      }>();
    expect((await site(b)).maintenanceBanner).toBe('');
    const changed = await a.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: await a.sessionCookie(admin) },
      payload: { maintenanceBanner: 'Back soon' },
    });
    expect(changed.statusCode).toBe(200);
    // b's clock never moves, so only the notice can make it read the settings again.
    await expect.poll(async () => (await site(b)).maintenanceBanner).toBe('Back soon');
  });
});
