import { describe, expect, it } from 'vitest';
import { HistoryCache } from './history-cache';

/** Reads a page "from the database" through the cache's ticket protocol. */
function store(cache: HistoryCache, chatId: string, json: string, now = 0, limit = 50) {
  cache.end(chatId, cache.begin(chatId), { limit, json, now });
}

describe('HistoryCache', () => {
  it('keeps a page per chat and page size until its time is up', () => {
    const cache = new HistoryCache(5000);
    store(cache, 'a', '{"a":50}');
    store(cache, 'a', '{"a":20}', 0, 20);
    expect(cache.get('a', 50, 4999)).toBe('{"a":50}');
    expect(cache.get('a', 20, 4999)).toBe('{"a":20}');
    expect(cache.get('b', 50, 0)).toBeUndefined();
    expect(cache.get('a', 50, 5000)).toBeUndefined();
  });

  it('forgets every page of a chat that changed, and only that chat', () => {
    const cache = new HistoryCache(5000);
    store(cache, 'a', 'A');
    store(cache, 'a', 'A20', 0, 20);
    store(cache, 'b', 'B');
    cache.forget('a');
    expect(cache.get('a', 50, 0)).toBeUndefined();
    expect(cache.get('a', 20, 0)).toBeUndefined();
    expect(cache.get('b', 50, 0)).toBe('B');
  });

  it('does not keep a page whose read began before a change to its chat', () => {
    const cache = new HistoryCache(5000);
    const early = cache.begin('a');
    const other = cache.begin('b');
    cache.forget('a');
    cache.end('a', early, { limit: 50, json: 'stale', now: 0 });
    cache.end('b', other, { limit: 50, json: 'B', now: 0 });
    expect(cache.get('a', 50, 0)).toBeUndefined();
    expect(cache.get('b', 50, 0)).toBe('B');
    // A read that begins after the change is kept.
    store(cache, 'a', 'fresh');
    expect(cache.get('a', 50, 0)).toBe('fresh');
  });

  it('stays within its byte budget by dropping the oldest chats first', () => {
    const cache = new HistoryCache(5000, 10);
    store(cache, 'a', 'aaaa');
    store(cache, 'b', 'bbbb');
    store(cache, 'c', 'cccc');
    expect(cache.get('a', 50, 0)).toBeUndefined();
    expect([cache.get('b', 50, 0), cache.get('c', 50, 0)]).toEqual(['bbbb', 'cccc']);
    store(cache, 'd', 'x'.repeat(11));
    expect(cache.get('d', 50, 0)).toBeUndefined();
  });

  it('keeps nothing when its time is zero', () => {
    const cache = new HistoryCache(0);
    store(cache, 'a', 'A');
    expect(cache.get('a', 50, 0)).toBeUndefined();
  });
});
