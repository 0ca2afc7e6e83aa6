import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBED } from '../../../contracts/subscriptions';
import { CheckCache } from './check-cache';

const answer = { ...UNSUBSCRIBED, plan: 'Pro' };

describe('CheckCache', () => {
  it('keeps an answer for its ttl, then asks again', () => {
    const cache = new CheckCache(1000);
    cache.set('a', answer, 0, cache.epoch);
    expect(cache.get('a', 999)).toBe(answer);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('forgets one person, or everyone for a batch', () => {
    const cache = new CheckCache(1000);
    cache.set('a', answer, 0, cache.epoch);
    cache.set('b', answer, 0, cache.epoch);
    cache.forget('a');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe(answer);
    cache.forget(null);
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('does not keep a lookup that began before a change was heard', () => {
    const cache = new CheckCache(1000);
    const epoch = cache.epoch;
    cache.forget('someone else');
    cache.set('a', answer, 0, epoch);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('a ttl of 0 keeps nothing', () => {
    const cache = new CheckCache(0);
    cache.set('a', answer, 0, cache.epoch);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
