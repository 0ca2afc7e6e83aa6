import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MOBILE_BANNER_MS } from '../../../contracts/limits';
import type { Notification } from '../../../contracts/notifications';
import { Button } from '../../components/ui/button';
import { notificationTarget } from './notification-link';

/**
 * spec §2 mobile banner: shows the newest unread notification; hides after 5 s or when closed.
 * Dismiss and Got it mark it read (which removes it from the unread list). Each notification is
 * shown once per visit, so a closed banner does not come back on the next refresh.
 */
export function MobileBanner({
  notification,
  onMarkRead,
}: {
  notification: Notification | undefined;
  onMarkRead: (notification: Notification) => void;
}) {
  const [visibleId, setVisibleId] = useState<string | null>(null);
  const shown = useRef(new Set<string>());
  const newestId = notification?.id;

  useEffect(() => {
    if (!newestId || shown.current.has(newestId)) return;
    shown.current.add(newestId);
    setVisibleId(newestId);
  }, [newestId]);

  useEffect(() => {
    if (!visibleId) return;
    const timer = setTimeout(() => setVisibleId(null), MOBILE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [visibleId]);

  if (!notification || notification.id !== visibleId) return null;
  const markRead = () => {
    setVisibleId(null);
    onMarkRead(notification);
  };
  return (
    <section
      aria-label="New notification"
      className="fixed inset-x-2 top-2 z-50 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      <div role="status" className="flex flex-col gap-1 pr-8">
        <Link
          to={notificationTarget(notification)}
          onClick={() => setVisibleId(null)}
          className="font-semibold hover:underline"
        >
          {notification.title}
        </Link>
        <p className="line-clamp-2 text-sm text-muted-foreground">{notification.message}</p>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={markRead}>
          Dismiss
        </Button>
        <Button size="sm" onClick={markRead}>
          Got it
        </Button>
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => setVisibleId(null)}
        className="absolute top-2 right-2 rounded-sm p-2 text-muted-foreground hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
