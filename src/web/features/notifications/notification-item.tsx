import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Bell,
  CarFront,
  Megaphone,
  MessageSquare,
  Store,
  Ticket,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { groupOfType } from '../../../contracts/notification-types';
import type { Notification, NotificationGroup } from '../../../contracts/notifications';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { safeRedirectPath } from '../../lib/paths';
import { externalLink } from './notification-link';
import { formatRelativeTime } from './relative-time';
import { formatDateTime } from '../../lib/dates';

const GROUP_ICONS: Record<NotificationGroup, LucideIcon> = {
  messages: MessageSquare,
  tickets: Ticket,
  vendors: Store,
  rides: CarFront,
  events: Megaphone,
  account: UserRound,
};

/** What the notification's link opens, named by what it is related to. */
export function linkLabel(
  notification: Pick<Notification, 'relatedType' | 'type'>,
  i18n: I18n = activeI18n,
): string {
  switch (notification.relatedType) {
    case 'events':
      return i18n._(msg`View event`);
    case 'messages':
      return i18n._(msg`Open messages`);
    case 'tickets':
      return i18n._(msg`View ticket`);
    case 'payments':
      return notification.type === 'vendor_payment_required'
        ? i18n._(msg`Pay now`)
        : i18n._(msg`View payment`);
    case 'vendor_requests':
      return i18n._(msg`View application`);
    default:
      return i18n._(msg`Open`);
  }
}

function NotificationLink({ notification }: { notification: Notification }) {
  const { i18n, t } = useLingui();
  const label = linkLabel(notification, i18n);
  const title = notification.title;
  const className = buttonClasses({ variant: 'outline', size: 'sm' });
  const internal = safeRedirectPath(notification.link);
  if (internal) {
    return (
      <Link to={internal} className={className} aria-label={t`${label}: ${title}`}>
        {label}
      </Link>
    );
  }
  const external = externalLink(notification);
  if (!external) return null;
  return (
    <a
      href={external}
      className={className}
      rel="noopener noreferrer"
      aria-label={t`${label}: ${title}`}
    >
      {label}
    </a>
  );
}

/** One notification in the list: what, when, a link to what it is about, and Mark read. */
export function NotificationItem({
  notification,
  onMarkRead,
  isMarking,
}: {
  notification: Notification;
  onMarkRead: () => void;
  isMarking: boolean;
}) {
  const Icon = notification.type === 'test' ? Bell : GROUP_ICONS[groupOfType(notification.type)];
  const isUnread = !notification.read;
  const { i18n, t } = useLingui();
  const title = notification.title;
  return (
    <li
      className={cn(
        'flex gap-3 rounded-lg border p-4',
        isUnread ? 'border-primary/30 bg-primary-soft' : 'border-border bg-background',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          isUnread ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
          <h2 className="text-base font-semibold break-words">
            {isUnread ? (
              <span className="sr-only">
                <Trans>Unread:</Trans>{' '}
              </span>
            ) : null}
            {notification.title}
          </h2>
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {formatRelativeTime(notification.createdAt, undefined, i18n)}
          </time>
        </div>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
          {notification.message}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <NotificationLink notification={notification} />
          {isUnread ? (
            <Button
              variant="outline"
              size="sm"
              onClick={onMarkRead}
              disabled={isMarking}
              aria-label={t`Mark read: ${title}`}
            >
              {isMarking ? <Trans>Marking...</Trans> : <Trans>Mark read</Trans>}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
