import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminEvent, EventModeration } from '../../../contracts/admin';
import { EVENT_STATUSES } from '../../../contracts/events';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { CancelEventButton } from './cancel-event';
import { TransferEventButton } from './transfer-event';
import { Button } from '../../components/ui/button';
import { useSession } from '../session';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AdminListTable, useAdminListTable } from './admin-list';
import { useModerateEvent } from './api';
import { FilterSelect } from './users-page';
import { formatDate } from '../../lib/dates';
import { EVENT_STATUS_LABELS, formatCount, labelOf } from './admin-labels';

/** /admin/events: every event with status filters; moderators unpublish, admins also feature. */
export function AdminEventsPage() {
  const { t, i18n } = useLingui();
  const statusLabel = (value: string) => labelOf(EVENT_STATUS_LABELS, value, (d) => i18n._(d));
  const { user } = useSession();
  const isAdmin = user?.roles.includes('admin') ?? false;
  const [status, setStatus] = useState('');
  const source = useAdminListTable<AdminEvent>('events', 'created', {
    status: status || undefined,
  });
  const moderate = useModerateEvent();
  const act = (eventId: string, action: EventModeration) => moderate.mutate({ eventId, action });

  const columns: ColumnDef<AdminEvent, never>[] = [
    {
      id: 'title',
      header: t`Event`,
      enableSorting: true,
      cell: ({ row }) => (
        <Link
          className="font-medium underline-offset-2 hover:underline"
          to={paths.event(row.original.id)}
        >
          {row.original.title}
        </Link>
      ),
    },
    {
      id: 'organizer',
      header: t`Organizer`,
      cell: ({ row }) => row.original.organizer.email,
    },
    {
      id: 'starts',
      header: t`Starts`,
      enableSorting: true,
      cell: ({ row }) => formatDate(row.original.startsAt),
    },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => (
        <span className="flex gap-1">
          <Badge variant={row.original.status === 'published' ? 'success' : 'outline'}>
            {statusLabel(row.original.status)}
          </Badge>
          {row.original.featured ? (
            <Badge>
              <Trans>featured</Trans>
            </Badge>
          ) : null}
        </span>
      ),
    },
    { id: 'sold', header: t`Sold`, cell: ({ row }) => formatCount(row.original.ticketsSold) },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => {
        const e = row.original;
        const title = e.title;
        return (
          <span className="flex flex-wrap justify-end gap-1">
            {e.status === 'published' ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={t`Unpublish ${title}`}
                onClick={() => act(e.id, 'unpublish')}
              >
                <Trans>Unpublish</Trans>
              </Button>
            ) : null}
            {e.status === 'draft' ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={t`Republish ${title}`}
                onClick={() => act(e.id, 'republish')}
              >
                <Trans>Republish</Trans>
              </Button>
            ) : null}
            {isAdmin && e.status === 'published' ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={e.featured ? t`Unfeature ${title}` : t`Feature ${title}`}
                onClick={() => act(e.id, e.featured ? 'unfeature' : 'feature')}
              >
                {e.featured ? t`Unfeature` : t`Feature`}
              </Button>
            ) : null}
            {isAdmin ? <TransferEventButton event={e} /> : null}
            {isAdmin && (e.status === 'published' || e.status === 'draft') ? (
              <CancelEventButton event={e} />
            ) : null}
          </span>
        );
      },
    },
  ];
  return (
    <PageBody>
      <PageHeader
        title={t`Events`}
        description={t`Moderate events: take them off the site, put them back, feature them, move them to another organizer.`}
      />
      {moderate.error ? (
        <Alert variant="destructive" title={errorMessage(moderate.error, t`That did not work`)} />
      ) : null}
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect
          label={t`Status`}
          value={status}
          onChange={(v) => {
            setStatus(v);
            source.resetPage();
          }}
        >
          <option value="">{t`Any status`}</option>
          {EVENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <AdminListTable
        source={source}
        caption={t`Events`}
        columns={columns}
        filterLabel={t`Search by title, organizer email or id`}
        emptyMessage={t`No events match.`}
        loadFailed={t`Could not load events`}
      />
    </PageBody>
  );
}
