import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useUnreadCount } from './unread-count';

/** "Notifications", or "Notifications, 3 unread": what the bell is called for screen readers. */
export function bellLabel(count: number | undefined): string {
  return count ? `Notifications, ${count} unread` : 'Notifications';
}

/** The badge text: the count, or 99+ so it fits on the bell. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** spec §2 header: the signed-in visitor's link to /notifications with the unread count. */
export function NotificationBell({ className }: { className?: string }) {
  const count = useUnreadCount();
  return (
    <Link
      to={paths.notifications()}
      aria-label={bellLabel(count)}
      className={buttonClasses({
        variant: 'ghost',
        size: 'icon',
        className: cn('relative', className),
      })}
    >
      <Bell aria-hidden="true" className="size-5" />
      {count ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground tabular-nums ring-2 ring-background"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
