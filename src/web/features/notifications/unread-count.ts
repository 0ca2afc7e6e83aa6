import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_FETCH_THROTTLE_MS, NOTIFICATION_REFRESH_MS } from '../../../contracts/limits';
import { apiGet } from '../../lib/api-client';
import { notificationKeys, type UnreadCountFilter } from './keys';
import type { UnreadCount } from '../../../contracts/notifications';

// The header bell's count is on every signed-in page, so this file stays tiny and zod-free.

/** GET /api/notifications/unread-count → { count }. */
export const unreadCountQuery = (filter: UnreadCountFilter = {}) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(filter),
    queryFn: ({ signal }) =>
      apiGet<UnreadCount>(
        `/api/notifications/unread-count${filter.type ? `?type=${encodeURIComponent(filter.type)}` : ''}`,
        { signal },
      ),
    // spec §9: at most one fetch per 2 s; a background refresh every 5 minutes. Live changes
    // arrive through the realtime socket in between.
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });

/** The signed-in visitor's unread count (of one type, if given), or undefined while unknown. */
export function useUnreadCount(filter: UnreadCountFilter = {}): number | undefined {
  return useQuery(unreadCountQuery(filter)).data?.count;
}
