import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_GROUP_NAMES } from '../../../contracts/notification-types';
import type { NotificationGroup } from '../../../contracts/notifications';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button, buttonClasses } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { notificationListQuery, useMarkAllRead, useMarkRead } from './api';
import { NotificationItem } from './notification-item';
import { GROUP_LABELS } from './texts';
import { useUnreadCount } from './unread-count';

function isGroup(value: string | null): value is NotificationGroup {
  return NOTIFICATION_GROUP_NAMES.includes(value as NotificationGroup);
}

/** The filters live in the address (?show=unread&group=tickets), so a reload keeps them. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const isUnreadOnly = params.get('show') === 'unread';
  const groupParam = params.get('group');
  const group = isGroup(groupParam) ? groupParam : undefined;
  const update = (next: { isUnreadOnly?: boolean; group?: NotificationGroup | null }) => {
    const copy = new URLSearchParams(params);
    if (next.isUnreadOnly !== undefined) {
      if (next.isUnreadOnly) copy.set('show', 'unread');
      else copy.delete('show');
    }
    if (next.group !== undefined) {
      if (next.group) copy.set('group', next.group);
      else copy.delete('group');
    }
    setParams(copy, { replace: true });
  };
  return { isUnreadOnly, group, update };
}

function ShowToggle({
  isUnreadOnly,
  onChange,
}: {
  isUnreadOnly: boolean;
  onChange: (isUnreadOnly: boolean) => void;
}) {
  const { t } = useLingui();
  const options = [
    { value: false, key: 'all', label: t`All` },
    { value: true, key: 'unread', label: t`Unread` },
  ];
  return (
    <div role="group" aria-label={t`Show`} className="inline-flex gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => {
        const isActive = option.value === isUnreadOnly;
        return (
          <button
            key={option.key}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
              isActive
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** spec §2 /notifications: newest first, filters, mark read (one or all), more on request. */
export function NotificationList() {
  const id = useId();
  const { isUnreadOnly, group, update } = useListFilters();
  const query = useInfiniteQuery(notificationListQuery({ unread: isUnreadOnly, group }));
  const unreadCount = useUnreadCount();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { i18n, t } = useLingui();
  const groupLabel = group ? i18n._(GROUP_LABELS[group]) : '';

  return (
    <>
      <PageHeader
        title={t`Notifications`}
        description={
          unreadCount === undefined
            ? t`Tickets, messages, vendor applications and updates from your events.`
            : unreadCount === 0
              ? t`You have no unread notifications.`
              : t`You have ${plural(unreadCount, { one: '# unread notification', other: '# unread notifications' })}.`
        }
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => markAllRead.mutate(undefined)}
              disabled={!unreadCount || markAllRead.isPending}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              {markAllRead.isPending ? <Trans>Marking...</Trans> : <Trans>Mark all read</Trans>}
            </Button>
            <Link to={paths.notificationSettings()} className={buttonClasses({ variant: 'ghost' })}>
              <Settings aria-hidden="true" className="size-4" />
              <Trans>Settings</Trans>
            </Link>
          </>
        }
      />

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ShowToggle
          isUnreadOnly={isUnreadOnly}
          onChange={(value) => update({ isUnreadOnly: value })}
        />
        <div className="flex flex-col gap-1.5 sm:w-72">
          <Label htmlFor={`${id}-group`}>
            <Trans>Type</Trans>
          </Label>
          <Select
            id={`${id}-group`}
            value={group ?? ''}
            onChange={(e) => update({ group: isGroup(e.target.value) ? e.target.value : null })}
          >
            <option value="">{t`All types`}</option>
            {NOTIFICATION_GROUP_NAMES.map((name) => (
              <option key={name} value={name}>
                {i18n._(GROUP_LABELS[name])}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t`Loading notifications`} />
        </div>
      ) : query.isError && items.length === 0 ? (
        <LoadFailed
          title={t`Notifications could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={isUnreadOnly ? t`You're all caught up` : t`No notifications yet`}
        >
          <p className="text-sm text-muted-foreground">
            {group
              ? isUnreadOnly
                ? t`Nothing unread in “${groupLabel}”.`
                : t`Nothing in “${groupLabel}” yet.`
              : isUnreadOnly
                ? t`You have read everything. New notifications will show up here.`
                : t`We'll tell you here about your tickets, messages, vendor applications and events.`}
          </p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label={t`Notifications`} className="flex flex-col gap-3">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                isMarking={markRead.isPending && markRead.variables === notification.id}
                onMarkRead={() => markRead.mutate(notification.id)}
              />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
            </Button>
          ) : null}
          {query.isFetchNextPageError ? (
            <LoadFailed title={t`More notifications could not be loaded`} error={query.error} />
          ) : null}
        </div>
      )}
    </>
  );
}
