import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { createResponseCache } from './response-cache';

describe('createResponseCache', () => {
  it('serves a result until it expires, sharing concurrent misses', async () => {
    const clock = fixedClock();
    const cache = createResponseCache({ ttlMs: 1000, clock });
    let computed = 0;
    const compute = async () => `v${++computed}`;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([
      'v1',
      'v1',
    ]);
    clock.advance(999);
    expect(await cache.get('k', compute)).toBe('v1');
    clock.advance(2);
    expect(await cache.get('k', compute)).toBe('v2');
  });

  it('forgets everything on clear, including a computation started before it', async () => {
    const clock = fixedClock();
    const cache = createResponseCache({ ttlMs: 60_000, clock });
    let release: (v: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most maxEntries keys', async () => {
    const clock = fixedClock();
    const cache = createResponseCache({ ttlMs: 60_000, clock, maxEntries: 2 });
    let computed = 0;
    const compute = async () => `v${++computed}`;
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    expect(await cache.get('a', compute)).toBe('v4');
  });
});
