import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MOBILE_BANNER_MS } from '../../../contracts/limits';
import type { Notification } from '../../../contracts/notifications';
import { Button } from '../../components/ui/button';
import { notificationTarget } from './notification-link';

export const BANNER_SHOWN_KEY = 'mea.banner-shown';
const SHOWN_KEPT = 50;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

/** The ids already shown in this browser session (a reload does not show them again). */
function readShown(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStore()?.getItem(BANNER_SHOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers `id` as shown; false when it already was. */
function markShown(id: string): boolean {
  const shown = readShown();
  if (shown.includes(id)) return false;
  sessionStore()?.setItem(BANNER_SHOWN_KEY, JSON.stringify([...shown, id].slice(-SHOWN_KEPT)));
  return true;
}

/**
 * spec §2 mobile banner: shows the newest unread notification; hides after 5 s or when closed.
 * Dismiss and Got it mark it read (which removes it from the unread list). Each notification is
 * shown once per browser session, so a closed banner does not come back on every page load.
 */
export function MobileBanner({
  notification,
  onMarkRead,
}: {
  notification: Notification | undefined;
  onMarkRead: (notification: Notification) => void;
}) {
  const [visibleId, setVisibleId] = useState<string | null>(null);
  const newestId = notification?.id;
  const { t } = useLingui();

  useEffect(() => {
    if (newestId && markShown(newestId)) setVisibleId(newestId);
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
      aria-label={t`New notification`}
      className="fixed inset-x-2 top-2 z-50 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      <div role="status" className="flex flex-col gap-1 pe-8">
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
          <Trans>Dismiss</Trans>
        </Button>
        <Button size="sm" onClick={markRead}>
          <Trans>Got it</Trans>
        </Button>
      </div>
      <button
        type="button"
        aria-label={t`Close`}
        onClick={() => setVisibleId(null)}
        className="absolute top-2 end-2 rounded-sm p-2 text-muted-foreground hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
