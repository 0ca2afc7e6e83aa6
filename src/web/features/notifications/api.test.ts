import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationListQuery } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('notificationListQuery', () => {
  it('asks for the next page with the previous nextCursor and the filters', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ items: [], nextCursor: 'c2', unreadCount: 0 }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const query = notificationListQuery({ unread: true, group: 'tickets', limit: 20 });
    expect(query.initialPageParam).toBeNull();
    const page = await query.queryFn({ pageParam: 'c1', signal: new AbortController().signal });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/notifications?limit=20&before=c1&unread=true&group=tickets',
    );
    expect(query.getNextPageParam(page)).toBe('c2');
    await notificationListQuery().queryFn({
      pageParam: null,
      signal: new AbortController().signal,
    });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/notifications');
  });
});
