import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useUnreadCount } from './unread-count';

/** "Notifications", or "Notifications, 3 unread": what the bell is called for screen readers. */
export function bellLabel(count: number | undefined, i18n: I18n = activeI18n): string {
  return count ? i18n._(msg`Notifications, ${count} unread`) : i18n._(msg`Notifications`);
}

/** The badge text: the count, or 99+ so it fits on the bell. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** spec §2 header: the signed-in visitor's link to /notifications with the unread count. */
export function NotificationBell({ className }: { className?: string }) {
  const count = useUnreadCount();
  const { i18n } = useLingui();
  return (
    <Link
      to={paths.notifications()}
      aria-label={bellLabel(count, i18n)}
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
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground tabular-nums ring-2 ring-background"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
