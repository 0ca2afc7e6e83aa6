import { describe, expect, it } from 'vitest';
import { forgetsUser, SessionCache } from './session-cache';
import type { AuthUser } from './sessions';

const user = (id: string) => ({ id, fullName: id }) as AuthUser;

describe('SessionCache', () => {
  it('answers until the entry is ttl old', () => {
    const cache = new SessionCache(5000);
    cache.set('t1', user('ana'), 1000);
    expect(cache.get('t1', 5999)?.id).toBe('ana');
    expect(cache.get('t1', 6000)).toBeUndefined();
    expect(cache.get('t2', 1000)).toBeUndefined();
  });

  it('keeps nothing when the ttl is 0', () => {
    const cache = new SessionCache(0);
    cache.set('t1', user('ana'), 0);
    expect(cache.get('t1', 0)).toBeUndefined();
  });

  it('does not keep a lookup that began before a forget (it may carry a revoked session)', () => {
    const cache = new SessionCache(5000);
    const before = cache.epoch;
    cache.forgetUser('ana');
    cache.set('t1', user('ana'), 0, before);
    expect(cache.get('t1', 1)).toBeUndefined();
    const after = cache.epoch;
    cache.set('t1', user('ana'), 0, after);
    expect(cache.get('t1', 1)?.id).toBe('ana');
    cache.clear();
    expect(cache.get('t1', 1)).toBeUndefined();
  });

  it('forgets every session of a person at once', () => {
    const cache = new SessionCache(5000);
    cache.set('phone', user('ana'), 0);
    cache.set('laptop', user('ana'), 0);
    cache.set('ben', user('ben'), 0);
    cache.forgetUser('ana');
    expect(cache.get('phone', 1)).toBeUndefined();
    expect(cache.get('laptop', 1)).toBeUndefined();
    expect(cache.get('ben', 1)?.id).toBe('ben');
  });

  it("lasts its few seconds on the app's clock too, so a moved clock reaches the database", () => {
    const cache = new SessionCache(5000);
    const day = 86_400_000;
    cache.set('phone', user('ana'), 0, cache.epoch, 100 * day);
    expect(cache.get('phone', 1, 100 * day + 1000)?.id).toBe('ana');
    // Thirty days later on the app's clock, a millisecond later in real time: ask the database,
    // which checks the session's expiry and slides it.
    expect(cache.get('phone', 2, 130 * day)).toBeUndefined();
    cache.set('laptop', user('ana'), 0, cache.epoch, 100 * day);
    expect(cache.get('laptop', 1, 99 * day)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new SessionCache(5000, 2);
    cache.set('a', user('a'), 0);
    cache.set('b', user('b'), 0);
    cache.set('c', user('c'), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.id).toBe('c');
  });

  it('is forgotten after writes to accounts, not after other writes or reads', () => {
    expect(forgetsUser('POST', '/api/auth/sign-out')).toBe(true);
    expect(forgetsUser('PATCH', '/api/profile')).toBe(true);
    expect(forgetsUser('POST', '/api/admin/users/1/roles')).toBe(true);
    expect(forgetsUser('PUT', '/api/language')).toBe(true);
    expect(forgetsUser('GET', '/api/auth/me')).toBe(false);
    expect(forgetsUser('POST', '/api/chats/1/messages')).toBe(false);
  });
});
