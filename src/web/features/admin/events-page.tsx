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

/** /admin/events: every event with status filters; moderators unpublish, admins also feature. */
export function AdminEventsPage() {
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
      header: 'Event',
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
      header: 'Organizer',
      cell: ({ row }) => row.original.organizer.email,
    },
    {
      id: 'starts',
      header: 'Starts',
      enableSorting: true,
      cell: ({ row }) => formatDate(row.original.startsAt),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex gap-1">
          <Badge variant={row.original.status === 'published' ? 'success' : 'outline'}>
            {row.original.status}
          </Badge>
          {row.original.featured ? <Badge>featured</Badge> : null}
        </span>
      ),
    },
    { id: 'sold', header: 'Sold', cell: ({ row }) => row.original.ticketsSold },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const e = row.original;
        const label = (verb: string) => `${verb} ${e.title}`;
        return (
          <span className="flex flex-wrap justify-end gap-1">
            {e.status === 'published' ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={label('Unpublish')}
                onClick={() => act(e.id, 'unpublish')}
              >
                Unpublish
              </Button>
            ) : null}
            {e.status === 'draft' ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={label('Republish')}
                onClick={() => act(e.id, 'republish')}
              >
                Republish
              </Button>
            ) : null}
            {isAdmin && e.status === 'published' ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={label(e.featured ? 'Unfeature' : 'Feature')}
                onClick={() => act(e.id, e.featured ? 'unfeature' : 'feature')}
              >
                {e.featured ? 'Unfeature' : 'Feature'}
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
        title="Events"
        description="Moderate events: take them off the site, put them back, feature them, move them to another organizer."
      />
      {moderate.error ? (
        <Alert variant="destructive" title={errorMessage(moderate.error, 'That did not work')} />
      ) : null}
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            source.resetPage();
          }}
        >
          <option value="">Any status</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </FilterSelect>
      </div>
      <AdminListTable
        source={source}
        caption="Events"
        columns={columns}
        filterLabel="Search by title, organizer email or id"
        emptyMessage="No events match."
      />
    </PageBody>
  );
}
