import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fixedClock } from '../clock';
import { applyCacheNotice, clearCaches, defineCache } from './shared-cache';

// Stand-ins for database handles: the registry only uses them as keys (NOTIFY is the int test's).
const handle = () => ({}) as Database;

describe('defineCache', () => {
  it('keeps entries per database handle', () => {
    const cache = defineCache<string>({ name: 'test.per-db', ttlMs: 1000, maxEntries: 10 });
    const clock = fixedClock();
    const one = { db: handle(), clock };
    const two = { db: handle(), clock };
    cache.in(one).set('k', 'one');
    expect(cache.in(one).peek('k')).toBe('one');
    expect(cache.in(two).peek('k')).toBeUndefined();
  });

  it('takes its time-to-live from the deps it is first read with', () => {
    const cache = defineCache<
      string,
      { db: Database; clock: ReturnType<typeof fixedClock> } & { ms: number }
    >({
      name: 'test.ttl-from-deps',
      ttlMs: (deps) => deps.ms,
      maxEntries: 10,
    });
    const deps = { db: handle(), clock: fixedClock(), ms: 50 };
    cache.in(deps).set('k', 'v');
    deps.clock.advance(49);
    expect(cache.in(deps).peek('k')).toBe('v');
    deps.clock.advance(1);
    expect(cache.in(deps).peek('k')).toBeUndefined();
  });

  it('applies notices from other processes by key, prefix or all', () => {
    const cache = defineCache<string>({ name: 'test.notices', ttlMs: 60_000, maxEntries: 10 });
    const deps = { db: handle(), clock: fixedClock() };
    const store = cache.in(deps);
    for (const key of ['a:1', 'a:2', 'b:1', 'c']) store.set(key, key);
    applyCacheNotice(deps.db, { c: 'test.notices', k: 'c', o: 'another process' });
    expect(store.peek('c')).toBeUndefined();
    applyCacheNotice(deps.db, { c: 'test.notices', p: 'a:', o: 'another process' });
    expect([store.peek('a:1'), store.peek('a:2'), store.peek('b:1')]).toEqual([
      undefined,
      undefined,
      'b:1',
    ]);
    applyCacheNotice(deps.db, { c: 'test.other-cache', o: 'another process' });
    expect(store.peek('b:1')).toBe('b:1');
    applyCacheNotice(deps.db, { c: 'test.notices', o: 'another process' });
    expect(store.size).toBe(0);
    store.set('k', 'v');
    clearCaches(deps.db);
    expect(store.size).toBe(0);
  });

  it('refills on a notice from another process, only where the cache was read, keeping entries', async () => {
    const refilled: Database[] = [];
    const cache = defineCache<string>({
      name: 'test.refill',
      ttlMs: 60_000,
      maxEntries: 10,
      refill: async (db) => {
        refilled.push(db);
      },
    });
    const read = { db: handle(), clock: fixedClock() };
    const unread = handle();
    cache.in(read).set('k', 'v');
    await applyCacheNotice(read.db, { c: 'test.refill', f: 1, o: 'another process' });
    await applyCacheNotice(unread, { c: 'test.refill', f: 1, o: 'another process' });
    expect(refilled).toEqual([read.db]);
    expect(cache.in(read).peek('k')).toBe('v');
  });

  it('refuses a second cache of the same name', () => {
    defineCache<string>({ name: 'test.twice', ttlMs: 1, maxEntries: 1 });
    expect(() => defineCache<string>({ name: 'test.twice', ttlMs: 1, maxEntries: 1 })).toThrow(
      'cache test.twice is defined twice',
    );
  });
});
