import type { NotificationGroup } from '../../../contracts/notifications';

// Query keys of the notification caches, in one place: the realtime updates, the mutations and
// the pages must agree on them. Type-only contract imports keep this out of zod (first load).

export interface NotificationFilters {
  /** Only unread notifications. */
  unread?: boolean;
  group?: NotificationGroup;
  type?: string;
  /** Page size; the server's default when absent. */
  limit?: number;
}

export interface UnreadCountFilter {
  type?: string;
}

export const notificationKeys = {
  /** Everything that a new or changed notification can make stale (lists and counts). */
  all: ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (filters: NotificationFilters) => ['notifications', 'list', filters] as const,
  unreadCounts: () => ['notifications', 'unread-count'] as const,
  unreadCount: (filter: UnreadCountFilter = {}) =>
    ['notifications', 'unread-count', filter] as const,
  // Outside `all`: a new notification does not change the settings.
  settings: () => ['notification-settings'] as const,
  unsubscribe: (token: string) => ['notification-unsubscribe', token] as const,
  pushSubscriptions: () => ['push', 'subscriptions'] as const,
  pushPublicKey: () => ['push', 'public-key'] as const,
};
