import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LIVE_TOAST_MS } from '../../../contracts/limits';
import type { StreamNotification } from '../../../contracts/notifications';
import { buttonClasses, Button } from '../../components/ui/button';
import { apiGet, apiPost, errorMessage } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { streamKeys, streamPaths } from './api';

// spec §3/§4/§7 stream_notifications: the unread ones, newest first, at most 10 (the server's
// limit); dismissing one marks it read. New ones arrive through the realtime socket.

interface StreamNotificationList {
  items: StreamNotification[];
}

export const streamNotificationsQuery = queryOptions({
  queryKey: streamKeys.notifications,
  queryFn: ({ signal }) => apiGet<StreamNotificationList>('/api/stream-notifications', { signal }),
  staleTime: 2000,
});

/** Where a stream notification leads: the stream's watch page when it names one. */
export function streamNotificationTarget(notification: StreamNotification): string {
  const streamId = notification.metadata.streamId;
  return typeof streamId === 'string'
    ? streamPaths.watch(streamId)
    : `/event/${notification.eventId}`;
}

const TITLES: Record<StreamNotification['notificationType'], MessageDescriptor> = {
  stream_invitation: msg`Stream invitation`,
  stream_started: msg`Live now`,
  stream_ended: msg`Stream ended`,
};

function useDismiss() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<StreamNotification>(`/api/stream-notifications/${encodeURIComponent(id)}/read`),
    onSuccess: (read) =>
      queryClient.setQueryData<StreamNotificationList>(streamKeys.notifications, (list) =>
        list ? { items: list.items.filter((n) => n.id !== read.id) } : list,
      ),
    onError: (error) =>
      toast.error(errorMessage(error, t`The notification could not be dismissed.`)),
  });
}

/** The unread list (on /notifications and /mea-stream); nothing at all when there is none. */
export function StreamNotificationList() {
  const { t, i18n } = useLingui();
  const list = useQuery(streamNotificationsQuery);
  const dismiss = useDismiss();
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="stream-notifications-title" className="mb-8 flex flex-col gap-3">
      <h2 id="stream-notifications-title" className="text-lg font-semibold">
        <Trans>Live streams</Trans>
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((n) => {
          const kind = i18n._(TITLES[n.notificationType]);
          const eventTitle = n.eventTitle;
          const message = n.message;
          return (
            <li
              key={n.id}
              className="flex items-start gap-3 rounded-lg border border-border bg-background p-3"
            >
              <Radio aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-sm font-semibold">
                  <Trans>
                    {kind}: {eventTitle}
                  </Trans>
                </p>
                <p className="text-sm text-muted-foreground">{n.message}</p>
                <Link
                  to={streamNotificationTarget(n)}
                  className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {n.notificationType === 'stream_ended' ? t`Open the stream` : t`Watch`}
                </Link>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t`Dismiss: ${message}`}
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate(n.id)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function StreamToast({
  notification,
  onOpen,
  onClose,
}: {
  notification: StreamNotification;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const kind = i18n._(TITLES[notification.notificationType]);
  const eventTitle = notification.eventTitle;
  return (
    <div
      data-testid="stream-toast"
      className="relative flex w-[356px] max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-lg border border-border bg-background p-4 pe-10 text-foreground shadow-lg"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Radio aria-hidden="true" className="size-4 text-primary" />
        <Trans>
          {kind}: {eventTitle}
        </Trans>
      </p>
      <p className="line-clamp-3 text-sm text-muted-foreground">{notification.message}</p>
      <button
        type="button"
        onClick={onOpen}
        className={buttonClasses({ size: 'sm', className: 'self-start' })}
      >
        {notification.notificationType === 'stream_ended' ? t`Open the stream` : t`Watch now`}
      </button>
      <button
        type="button"
        aria-label={t`Close notification`}
        onClick={onClose}
        className="absolute top-2 end-2 rounded-sm p-1.5 text-muted-foreground hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Mounted by the live notifications (already a lazy chunk, signed in only): new stream
 * notifications update the list and pop up with a way to the stream. Renders nothing itself.
 */
export function StreamNotificationsLive() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const unsubscribe = realtime.subscribe('stream_notifications', ({ events }) => {
      void queryClient.invalidateQueries({ queryKey: streamKeys.notifications });
      for (const { op, notification } of events) {
        if (op !== 'INSERT' || notification.read) continue;
        // The stream's own page reads its status again (live now, or ended).
        void queryClient.invalidateQueries({ queryKey: streamKeys.all });
        toast.custom(
          (id) => (
            <StreamToast
              notification={notification}
              onOpen={() => {
                toast.dismiss(id);
                void navigate(streamNotificationTarget(notification));
              }}
              onClose={() => toast.dismiss(id)}
            />
          ),
          { id: `stream-notification-${notification.id}`, duration: LIVE_TOAST_MS },
        );
      }
    });
    return unsubscribe;
  }, [queryClient, navigate]);
  return null;
}
