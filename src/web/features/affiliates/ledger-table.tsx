import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { AffiliateLedgerPage } from '../../../contracts/affiliates';
import { Badge } from '../../components/ui/badge';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { apiGet, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { affiliateKeys } from './api';
import { usd } from './parts';

export const LEDGER_PAGE_SIZE = 25;

type Entry = AffiliateLedgerPage['entries'][number];

const KIND_LABEL = { commission: 'Commission', reversal: 'Refund reversal', payout: 'Payout' };

const COLUMNS: ColumnDef<Entry, never>[] = [
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.createdAt) },
  { id: 'entry', header: 'Entry', cell: ({ row }) => KIND_LABEL[row.original.kind] },
  {
    id: 'event',
    header: 'Event',
    cell: ({ row }) => row.original.eventTitle ?? row.original.reference ?? '—',
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const entry = row.original;
      if (entry.kind === 'payout') return <Badge variant="success">Paid</Badge>;
      if (new Date(entry.availableAt) > new Date())
        return <Badge variant="warning">Pending until {formatDate(entry.availableAt)}</Badge>;
      return <Badge>Due</Badge>;
    },
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => usd(row.original.amountCents),
    meta: { className: 'text-end font-medium tabular-nums' },
  },
];

const ledgerQuery = (page: number, pageSize: number) => ({
  queryKey: [...affiliateKeys.me, 'ledger', { page, pageSize }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<AffiliateLedgerPage>(`/api/affiliates/me/ledger?page=${page}&pageSize=${pageSize}`, {
      signal,
    }),
  // The last page stays on screen while the next one loads.
  placeholderData: keepPreviousData,
});

/** The affiliate's ledger, newest first, a page at a time (a line for every referred sale). */
export function LedgerTable() {
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: LEDGER_PAGE_SIZE,
  });
  const ledger = useQuery(ledgerQuery(table.page + 1, table.pageSize));
  return (
    <DataTable
      caption="Ledger"
      captionHidden
      columns={COLUMNS}
      data={ledger.data?.entries}
      total={ledger.data?.total ?? 0}
      state={table}
      onStateChange={setTable}
      getRowId={(entry) => entry.id}
      isLoading={ledger.isFetching}
      error={ledger.isError ? errorMessage(ledger.error, 'The ledger could not be loaded') : null}
      onRetry={() => void ledger.refetch()}
      emptyMessage="Nothing yet: commissions appear here when a referred order is paid."
    />
  );
}
