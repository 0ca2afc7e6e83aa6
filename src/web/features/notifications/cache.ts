import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { groupOfType } from '../../../contracts/notification-types';
import type { Notification, NotificationList } from '../../../contracts/notifications';
import type { RealtimeOp } from '../../../contracts/realtime';
import { notificationKeys, type NotificationFilters, type UnreadCountFilter } from './keys';

// spec §4: new notifications arrive through inserts, updates replace the stored copy, and an
// update to read lowers the unread count. These functions apply such changes to every cached
// list and count, so the bell, the banner and the list page agree without refetching.

export type ListData = InfiniteData<NotificationList, string | null>;
export interface NotificationChange {
  op: RealtimeOp;
  notification: Notification;
}

function matchesList(notification: Notification, filters: NotificationFilters): boolean {
  if (filters.unread && notification.read) return false;
  if (filters.group && groupOfType(notification.type) !== filters.group) return false;
  if (filters.type && notification.type !== filters.type) return false;
  return true;
}

const matchesCount = (notification: Notification, filter: UnreadCountFilter) =>
  !filter.type || notification.type === filter.type;

function listFilters(key: QueryKey): NotificationFilters {
  return (key[2] ?? {}) as NotificationFilters;
}

function cachedLists(queryClient: QueryClient): [QueryKey, ListData | undefined][] {
  return queryClient.getQueriesData<ListData>({ queryKey: notificationKeys.lists() });
}

/** The copy of a notification held in any cached list, if one is. */
export function findCached(queryClient: QueryClient, id: string): Notification | undefined {
  for (const [, data] of cachedLists(queryClient)) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

function withItems(data: ListData, map: (items: Notification[], index: number) => Notification[]) {
  return { ...data, pages: data.pages.map((page, i) => ({ ...page, items: map(page.items, i) })) };
}

function applyToList(data: ListData, filters: NotificationFilters, change: NotificationChange) {
  const { notification } = change;
  const isListed = data.pages.some((page) =>
    page.items.some((item) => item.id === notification.id),
  );
  const belongs = matchesList(notification, filters);
  if (isListed) {
    return withItems(data, (items) =>
      belongs
        ? items.map((item) => (item.id === notification.id ? notification : item))
        : // e.g. read now, in an unread-only list: it leaves the list (spec §2 banner)
          items.filter((item) => item.id !== notification.id),
    );
  }
  // Only a new one goes on top: an update of an unlisted one belongs further down, where a
  // later page (or refetch) will find it.
  if (change.op !== 'INSERT' || !belongs || data.pages.length === 0) return data;
  return withItems(data, (items, i) => (i === 0 ? [notification, ...items] : items));
}

function addToCounts(queryClient: QueryClient, notification: Notification, delta: number) {
  if (delta === 0) return;
  for (const [key] of queryClient.getQueriesData<{ count: number }>({
    queryKey: notificationKeys.unreadCounts(),
  })) {
    if (!matchesCount(notification, (key[2] ?? {}) as UnreadCountFilter)) continue;
    queryClient.setQueryData<{ count: number }>(key, (old) =>
      old ? { count: Math.max(0, old.count + delta) } : old,
    );
  }
}

/**
 * Applies inserts and updates (from the realtime socket or a mutation's answer) to the caches.
 * Returns `isCountUncertain` when an update concerned a notification no list holds, so whether it
 * was unread before is unknown: the caller refetches the counts.
 */
export function applyNotificationChanges(
  queryClient: QueryClient,
  changes: readonly NotificationChange[],
): { isCountUncertain: boolean } {
  let isCountUncertain = false;
  for (const change of changes) {
    const { notification } = change;
    const before = findCached(queryClient, notification.id);
    // Already seen at this version or later (a replay, or our own mutation's echo).
    if (before && before.seq >= notification.seq) continue;

    for (const [key, data] of cachedLists(queryClient)) {
      if (!data) continue;
      const next = applyToList(data, listFilters(key), change);
      if (next !== data) queryClient.setQueryData<ListData>(key, next);
    }

    if (before) {
      addToCounts(queryClient, notification, Number(before.read) - Number(notification.read));
    } else if (change.op === 'INSERT') {
      addToCounts(queryClient, notification, notification.read ? 0 : 1);
    } else {
      isCountUncertain = true;
    }
  }
  return { isCountUncertain };
}

/** After "Mark all read" (of one type, or all): every cached copy is read, the counts are 0. */
export function markAllReadInCache(queryClient: QueryClient, type?: string): void {
  const affects = (item: Notification) => !item.read && (!type || item.type === type);
  for (const [key, data] of cachedLists(queryClient)) {
    if (!data) continue;
    const filters = listFilters(key);
    queryClient.setQueryData<ListData>(
      key,
      withItems(data, (items) =>
        items
          .map((item) => (affects(item) ? { ...item, read: true } : item))
          .filter((item) => matchesList(item, filters)),
      ),
    );
  }
  for (const [key] of queryClient.getQueriesData({ queryKey: notificationKeys.unreadCounts() })) {
    const filter = (key[2] ?? {}) as UnreadCountFilter;
    // The total is only known to be 0 when everything was marked; a per-type count when its type was.
    if (!type || filter.type === type) queryClient.setQueryData(key, { count: 0 });
  }
}
