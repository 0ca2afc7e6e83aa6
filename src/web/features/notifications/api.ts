import { i18n } from '@lingui/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  NOTIFICATION_FETCH_THROTTLE_MS,
  NOTIFICATION_REFRESH_MS,
  SYSTEM_TOAST_MS,
} from '../../../contracts/limits';
import type {
  AnnouncementInput,
  Notification,
  NotificationList,
  NotificationSettings,
  PushSubscriptionInput,
} from '../../../contracts/notifications';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { applyNotificationChanges, markAllReadInCache } from './cache';
import { notificationKeys, type NotificationFilters } from './keys';
import { NOTICES } from './texts';

// One place per endpoint of issue #6 (the bell's unread count lives in unread-count.ts).

const enc = encodeURIComponent;

export interface AnnouncementPreview {
  recipients: number;
  push: { title: string; body: string };
  subject: string;
  html: string;
  text: string;
}
export interface AnnouncementResult {
  recipients: number;
  emailed: number;
  pushed: number;
}
export interface UnsubscribeResult {
  group: string;
  label: string;
}
export interface PushSubscriptionList {
  subscriptions: { endpoint: string; createdAt: string }[];
}

function listPath(filters: NotificationFilters, before: string | null): string {
  const params = new URLSearchParams();
  if (filters.limit) params.set('limit', String(filters.limit));
  if (before) params.set('before', before);
  if (filters.unread) params.set('unread', 'true');
  if (filters.group) params.set('group', filters.group);
  if (filters.type) params.set('type', filters.type);
  const query = params.toString();
  return `/api/notifications${query ? `?${query}` : ''}`;
}

/**
 * GET /api/notifications, newest first, one page per `nextCursor`, for useInfiniteQuery.
 * (A plain object rather than `infiniteQueryOptions()`: calling that helper here made the
 * bundler split it and lib/upload out of the entry chunk, +0.3 KB on every first load.)
 */
export const notificationListQuery = (filters: NotificationFilters = {}) => ({
  queryKey: notificationKeys.list(filters),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    apiGet<NotificationList>(listPath(filters, pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: NotificationList) => last.nextCursor,
  // spec §9: fetched at most every 2 s; refreshed in the background every 5 minutes.
  staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
  refetchInterval: NOTIFICATION_REFRESH_MS,
});

const systemError = (message: string) => toast.error(message, { duration: SYSTEM_TOAST_MS });

/** POST /api/notifications/:id/read; the answer replaces the cached copy (spec §4). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<Notification>(`/api/notifications/${enc(id)}/read`),
    onSuccess: (notification) => {
      applyNotificationChanges(queryClient, [{ op: 'UPDATE', notification }]);
    },
    onError: () => systemError(i18n._(NOTICES.markReadFailed)),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type?: string) =>
      apiPost<{ updated: number }>('/api/notifications/read-all', type ? { type } : {}),
    onSuccess: (_result, type) => {
      markAllReadInCache(queryClient, type);
      // Marking one type read lowers the total by an amount only the server knows.
      if (type) void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCounts() });
    },
    onError: () => systemError(i18n._(NOTICES.markAllReadFailed)),
  });
}

/** POST /api/notifications/test: a `test` notification for yourself, delivered like any other. */
export function useSendTestNotification() {
  return useMutation({
    mutationFn: () => apiPost<Notification>('/api/notifications/test'),
  });
}

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings(),
  queryFn: ({ signal }) => apiGet<NotificationSettings>('/api/notifications/settings', { signal }),
  staleTime: 5 * 60 * 1000,
});

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<NotificationSettings>('/api/notifications/settings', {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(), saved),
  });
}

/**
 * POST /api/notifications/unsubscribe { token }: the e-mail footer's one-click link, signed in or
 * not. Idempotent, so it is read like a query (once per token, no retry of a refused token).
 */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => apiPost<UnsubscribeResult>('/api/notifications/unsubscribe', { token }),
    staleTime: Infinity,
    retry: false,
  });

// Web push (spec §4 "Push"). The browser side of subscribing is in push.ts.

export const pushSubscriptionsQuery = queryOptions({
  queryKey: notificationKeys.pushSubscriptions(),
  queryFn: ({ signal }) => apiGet<PushSubscriptionList>('/api/push/subscriptions', { signal }),
});

/** POST /api/push/subscriptions (an upsert on user and endpoint). */
export const savePushSubscription = (input: PushSubscriptionInput) =>
  apiPost<void>('/api/push/subscriptions', input);

/** DELETE /api/push/subscriptions { endpoint }. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest<void>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });

// Organizer announcements (spec §7 send-event-notification), owner or admin of the event.

export function usePreviewAnnouncement(eventId: string) {
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      apiPost<AnnouncementPreview>(`/api/events/${enc(eventId)}/announcements/preview`, input),
  });
}

export function useSendAnnouncement(eventId: string) {
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      apiPost<AnnouncementResult>(`/api/events/${enc(eventId)}/announcements`, input),
  });
}
