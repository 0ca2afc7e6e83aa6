import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import type { TicketStatus } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { attendeesCsvUrl, attendeesQuery, type AttendeeList } from './api';
import { EventOrders } from './event-orders';
import { formatDateTime } from '../../lib/dates';

const STATUS: Record<TicketStatus, { label: string; variant: 'success' | 'outline' | 'danger' }> = {
  valid: { label: 'Valid', variant: 'success' },
  checked_in: { label: 'Checked in', variant: 'outline' },
  void: { label: 'Refunded', variant: 'danger' },
};

const when = (iso: string) => formatDateTime(iso);

type Attendee = AttendeeList['attendees'][number];

const COLUMNS: ColumnDef<Attendee, never>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => <span className="font-medium">{row.original.holderName}</span>,
  },
  {
    id: 'email',
    header: 'Email',
    cell: ({ row }) => row.original.email,
    meta: { className: 'break-all' },
  },
  { id: 'ticket', header: 'Ticket', cell: ({ row }) => row.original.ticketTypeName },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const a = row.original;
      return (
        <span>
          <Badge variant={STATUS[a.status].variant}>{STATUS[a.status].label}</Badge>
          {a.checkedInAt ? (
            <span className="block text-xs text-muted-foreground">{when(a.checkedInAt)}</span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: 'paid',
    header: 'Paid',
    cell: ({ row }) => formatMoney(row.original.paidCents, row.original.currency),
    meta: { className: 'text-right tabular-nums' },
  },
];

export const ATTENDEES_PAGE_SIZE = 50;

/** The event's attendees (a page at a time, searched on the server) with CSV export, and its orders. */
export function AttendeesPanel({ eventId }: { eventId: string }) {
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: ATTENDEES_PAGE_SIZE,
  });
  const query = useQuery(
    attendeesQuery(eventId, {
      page: table.page + 1,
      pageSize: table.pageSize,
      q: table.filter.trim(),
    }),
  );
  if (query.isPending) return <Spinner label="Loading attendees" />;
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title="Attendees could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { attendees, total } = query.data;
  // While searching, the total counts the matches, not everyone: the table's footer says so.
  const searching = table.filter.trim() !== '';
  // No one at all (not a search that found no one): the empty state instead of an empty table.
  const nobody = total === 0 && !searching && !query.isPlaceholderData;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="attendees-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="attendees-title" className="text-xl font-bold">
            {searching ? 'Attendees' : `Attendees (${total})`}
          </h2>
          <a
            href={attendeesCsvUrl(eventId)}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
        {nobody ? (
          <EmptyState icon={Users} title="No attendees yet">
            <p className="text-sm text-muted-foreground">
              People who get tickets will be listed here.
            </p>
          </EmptyState>
        ) : (
          <DataTable
            caption="Attendees"
            captionHidden
            columns={COLUMNS}
            data={attendees}
            total={total}
            state={table}
            onStateChange={setTable}
            getRowId={(a) => a.ticketId}
            isLoading={query.isFetching}
            error={
              query.isError ? errorMessage(query.error, 'Attendees could not be loaded') : null
            }
            onRetry={() => void query.refetch()}
            filterLabel="Search attendees"
            emptyMessage="No attendee matches this search."
          />
        )}
      </section>

      <EventOrders eventId={eventId} />
    </div>
  );
}
