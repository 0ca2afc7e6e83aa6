import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { createCacheStore } from './cache-store';

const counter = () => {
  let n = 0;
  return async () => `v${++n}`;
};

describe('createCacheStore', () => {
  it('serves an entry for ttlMs on the app clock, then computes again', async () => {
    const clock = fixedClock();
    const cache = createCacheStore<string>({ ttlMs: 1000, maxEntries: 10, clock });
    const compute = counter();
    expect(await cache.get('k', compute)).toBe('v1');
    clock.advance(999);
    expect(await cache.get('k', compute)).toBe('v1');
    expect(cache.peek('k')).toBe('v1');
    clock.advance(1);
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', compute)).toBe('v2');
  });

  it('counts an entry as expired when the clock is set back before it was stored', async () => {
    const clock = fixedClock();
    const cache = createCacheStore<string>({ ttlMs: 60_000, maxEntries: 10, clock });
    cache.set('k', 'old');
    clock.advance(-1);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createCacheStore<string>({ ttlMs: 1000, maxEntries: 10, clock: fixedClock() });
    const compute = counter();
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([
      'v1',
      'v1',
    ]);
  });

  it('keeps no failed computation', async () => {
    const cache = createCacheStore<string>({ ttlMs: 1000, maxEntries: 10, clock: fixedClock() });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('k', () => 'up')).resolves.toBe('up');
    expect(cache.peek('k')).toBe('up');
  });

  it('drops the least recently used entry beyond maxEntries', async () => {
    const cache = createCacheStore<string>({ ttlMs: 60_000, maxEntries: 2, clock: fixedClock() });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.peek('a')).toBe('A'); // a is now used more recently than b
    cache.set('c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('A');
    expect(cache.peek('c')).toBe('C');
  });

  it('forgets by key, by prefix and all', () => {
    const cache = createCacheStore<string>({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock() });
    for (const key of ['s1:a', 's1:b', 's2:a', 'x']) cache.set(key, key);
    cache.delete('x');
    expect(cache.peek('x')).toBeUndefined();
    cache.deletePrefix('s1:');
    expect([cache.peek('s1:a'), cache.peek('s1:b'), cache.peek('s2:a')]).toEqual([
      undefined,
      undefined,
      's2:a',
    ]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a computation that an invalidation overtook', async () => {
    const cache = createCacheStore<string>({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock() });
    let release: (value: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('k');
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', () => 'fresh')).toBe('fresh');
  });
});
