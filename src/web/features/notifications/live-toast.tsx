import { useLingui } from '@lingui/react/macro';
import { Bell, X } from 'lucide-react';
import { toast } from 'sonner';
import { LIVE_TOAST_MS } from '../../../contracts/limits';
import type { Notification } from '../../../contracts/notifications';
import { notificationTarget } from './notification-link';

function LiveToast({
  notification,
  onOpen,
  onClose,
}: {
  notification: Notification;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="relative flex w-[356px] max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-background text-foreground shadow-lg">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-lg p-4 pe-10 text-start hover:bg-muted/60"
      >
        <Bell aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-semibold">{notification.title}</span>
          <span className="line-clamp-3 text-sm text-muted-foreground">{notification.message}</span>
        </span>
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

/** spec §9 live toast: 5 s; clicking it opens the notification's page. */
export function showLiveToast(notification: Notification, open: (path: string) => void): void {
  toast.custom(
    (id) => (
      <LiveToast
        notification={notification}
        onOpen={() => {
          toast.dismiss(id);
          open(notificationTarget(notification));
        }}
        onClose={() => toast.dismiss(id)}
      />
    ),
    { id: `notification-${notification.id}`, duration: LIVE_TOAST_MS },
  );
}
