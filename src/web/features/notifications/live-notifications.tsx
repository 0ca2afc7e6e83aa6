import { i18n } from '@lingui/core';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { NOTIFICATION_FETCH_THROTTLE_MS, SYSTEM_TOAST_MS } from '../../../contracts/limits';
import type { NotificationSettings } from '../../../contracts/notifications';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { useIsMobile } from '../../lib/use-media-query';
import { SESSION_QUERY_KEY } from '../session';
import { notificationListQuery, notificationSettingsQuery, useMarkRead } from './api';
import { applyNotificationChanges } from './cache';
import { notificationKeys, type NotificationFilters } from './keys';
import { isInAppOn, liveAlertFor } from './live-alert';
import { showLiveToast } from './live-toast';
import { MobileBanner } from './mobile-banner';
import { playNotificationSound } from './sound';
import { NOTICES } from './texts';
import { throttle } from './throttle';
import { loadStreamNotifications } from '../streaming';
import { lazyPage } from '../../app/lazy-page';

// The signed-in visitor's live notifications, loaded after the first paint by
// live-notifications-loader.tsx so none of this weighs on the first load: the realtime socket,
// cache updates, toasts with sound, the mobile banner and load-error toasts. The push prompt is
// not here: it is asked at the moments it helps (push-prompt.ts).

// Stream notifications: their list and live pop-ups live in the streaming feature.
const StreamNotificationsLive = lazyPage(() =>
  loadStreamNotifications().then((m) => m.StreamNotificationsLive),
);

const BANNER_LIST: NotificationFilters = { unread: true, limit: 1 };
const LOAD_ERROR_TOAST_ID = 'notification-load-error';

const isNotificationQuery = (key: readonly unknown[]) => key[0] === notificationKeys.all[0];

/**
 * spec §8: a failed load of notifications says so (once, however many lists failed), except for
 * a plain network failure, which the next refresh will mend by itself.
 */
function reportLoadErrors(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (!isNotificationQuery(event.query.queryKey)) return;
    const { error } = event.action;
    if (isNetworkError(error) || (error instanceof ApiError && error.status === 401)) return;
    toast.error(i18n._(NOTICES.loadFailedTitle), {
      id: LOAD_ERROR_TOAST_ID,
      description: i18n._(NOTICES.loadFailed),
      duration: SYSTEM_TOAST_MS,
    });
  });
}

function useRealtimeNotifications({
  settings,
  isMobile,
}: {
  settings: NotificationSettings | undefined;
  isMobile: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The socket handlers are set up once; they read the latest values through this ref.
  const latest = useRef({ settings, isMobile, navigate });
  useEffect(() => {
    latest.current = { settings, isMobile, navigate };
  });

  useEffect(() => {
    // The lists and count were fetched moments ago, when the page loaded: the first refresh
    // (catching what arrived before the socket was ready) waits out the throttle window.
    const refreshAll = throttle(
      () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      NOTIFICATION_FETCH_THROTTLE_MS,
      { startAt: Date.now() },
    );
    const refreshCounts = throttle(
      () => void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCounts() }),
      NOTIFICATION_FETCH_THROTTLE_MS,
    );
    const unsubscribers = [
      realtime.subscribe('notifications', ({ events }) => {
        const { isCountUncertain } = applyNotificationChanges(queryClient, events);
        if (isCountUncertain) refreshCounts();
        const now = Date.now();
        for (const { op, notification } of events) {
          if (op !== 'INSERT') continue;
          const alert = liveAlertFor(notification, latest.current.settings, now);
          if (alert.sound) playNotificationSound();
          // On a phone the banner shows it instead (spec §2); one surface at a time.
          if (alert.toast && !latest.current.isMobile) {
            showLiveToast(notification, (path) => void latest.current.navigate(path));
          }
        }
      }),
      realtime.subscribe('resync', refreshAll),
      realtime.onStatus((status) => {
        if (status.status === 'open' && !status.resumed) refreshAll();
        // The session ended on the server: let the app notice (guards redirect, header updates).
        if (status.status === 'unauthorized')
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }),
      reportLoadErrors(queryClient),
    ];
    const release = realtime.connect();
    const onOnline = () => realtime.reconnectNow();
    window.addEventListener('online', onOnline);
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      window.removeEventListener('online', onOnline);
      refreshAll.cancel();
      refreshCounts.cancel();
      release();
    };
  }, [queryClient]);
}

function MobileNotificationBanner({
  isMobile,
  settings,
}: {
  isMobile: boolean;
  settings: NotificationSettings | undefined;
}) {
  const newest = useInfiniteQuery({ ...notificationListQuery(BANNER_LIST), enabled: isMobile });
  const markRead = useMarkRead();
  if (!isMobile) return null;
  const notification = newest.data?.pages[0]?.items[0];
  // In-app off for its group: the row stays in the list, but nothing pops up (decision 007).
  const isSilenced = notification && !isInAppOn(notification, settings);
  return (
    <MobileBanner
      notification={isSilenced ? undefined : notification}
      onMarkRead={(n) => markRead.mutate(n.id)}
    />
  );
}

/** Mounted once per signed-in visit (keyed by the user), inside the main layout. */
export function LiveNotifications() {
  const isMobile = useIsMobile();
  const settings = useQuery(notificationSettingsQuery).data;
  useRealtimeNotifications({ settings, isMobile });
  return (
    <>
      <MobileNotificationBanner isMobile={isMobile} settings={settings} />
      <Suspense fallback={null}>
        <StreamNotificationsLive />
      </Suspense>
    </>
  );
}
