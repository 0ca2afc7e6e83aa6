import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { Subscriber } from '../../../contracts/marketing';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { errorMessage } from '../../lib/api-client';
import { subscribersQuery } from './api';

export const SUBSCRIBERS_PAGE_SIZE = 25;

const COLUMNS: ColumnDef<Subscriber, never>[] = [
  {
    id: 'email',
    header: 'Email',
    cell: ({ row }) => row.original.email,
    meta: { className: 'break-all' },
  },
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  { id: 'status', header: 'Status', cell: ({ row }) => row.original.status },
  { id: 'source', header: 'Source', cell: ({ row }) => row.original.source },
];

/**
 * A list's subscribers, a page at a time: lists grow to many thousands, so the server pages and
 * searches (the table waits for a pause in typing before it asks).
 */
export function SubscribersTable({ listId, headingId }: { listId: string; headingId: string }) {
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  });
  const search = table.filter.trim();
  const subscribers = useQuery(
    subscribersQuery(listId, {
      search,
      limit: table.pageSize,
      offset: table.page * table.pageSize,
    }),
  );
  const total = subscribers.data?.total;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {/* While searching, the total counts the matches: the table's footer says so. */}
        {search ? 'Subscribers' : `Subscribers (${total?.toLocaleString() ?? '…'})`}
      </h3>
      <DataTable
        caption="Subscribers"
        captionHidden
        columns={COLUMNS}
        data={subscribers.data?.subscribers}
        total={total ?? 0}
        state={table}
        onStateChange={setTable}
        getRowId={(s) => s.id}
        isLoading={subscribers.isFetching}
        error={
          subscribers.isError
            ? errorMessage(subscribers.error, 'Could not load the subscribers')
            : null
        }
        onRetry={() => void subscribers.refetch()}
        filterLabel="Search subscribers"
        emptyMessage={search ? 'No subscriber matches this search.' : 'No subscribers yet.'}
      />
    </section>
  );
}
