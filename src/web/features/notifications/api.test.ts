import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { notificationListQuery } from './api';

/** What the page asked for: the path and query string, as the app wrote them. */
const asked = (request: Request | undefined) => {
  const url = new URL(request?.url ?? '');
  return url.pathname + url.search;
};

describe('notificationListQuery', () => {
  it('asks for the next page with the previous nextCursor and the filters', async () => {
    server.use(
      http.get('/api/notifications', () =>
        HttpResponse.json({ items: [], nextCursor: 'c2', unreadCount: 0 }),
      ),
    );
    const requests = recordRequests();
    const query = notificationListQuery({ unread: true, group: 'tickets', limit: 20 });
    expect(query.initialPageParam).toBeNull();
    const page = await query.queryFn({ pageParam: 'c1', signal: new AbortController().signal });
    expect(asked(requests[0])).toBe(
      '/api/notifications?limit=20&before=c1&unread=true&group=tickets',
    );
    expect(query.getNextPageParam(page)).toBe('c2');
    await notificationListQuery().queryFn({
      pageParam: null,
      signal: new AbortController().signal,
    });
    expect(asked(requests[1])).toBe('/api/notifications');
  });
});
