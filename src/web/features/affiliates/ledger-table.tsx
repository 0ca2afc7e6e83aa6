import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { AffiliateLedgerPage } from '../../../contracts/affiliates';
import { Badge } from '../../components/ui/badge';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { apiGet, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { affiliateKeys } from './api';
import { usd } from './parts';

export const LEDGER_PAGE_SIZE = 25;

type Entry = AffiliateLedgerPage['entries'][number];

const KIND_LABEL = {
  commission: msg`Commission`,
  reversal: msg`Refund reversal`,
  payout: msg`Payout`,
};

/** The columns, their names in the page's language (they also label values on phones). */
const ledgerColumns = (i18n: I18n): ColumnDef<Entry, never>[] => [
  {
    id: 'date',
    header: i18n._(msg`Date`),
    cell: ({ row }) => formatDate(row.original.createdAt),
  },
  {
    id: 'entry',
    header: i18n._(msg`Entry`),
    cell: ({ row }) => i18n._(KIND_LABEL[row.original.kind]),
  },
  {
    id: 'event',
    header: i18n._(msg`Event`),
    cell: ({ row }) => row.original.eventTitle ?? row.original.reference ?? '—',
  },
  {
    id: 'status',
    header: i18n._(msg`Status`),
    cell: ({ row }) => {
      const entry = row.original;
      if (entry.kind === 'payout') return <Badge variant="success">{i18n._(msg`Paid`)}</Badge>;
      if (new Date(entry.availableAt) > new Date()) {
        const date = formatDate(entry.availableAt);
        return <Badge variant="warning">{i18n._(msg`Pending until ${date}`)}</Badge>;
      }
      return <Badge>{i18n._(msg`Due`)}</Badge>;
    },
  },
  {
    id: 'amount',
    header: i18n._(msg`Amount`),
    cell: ({ row }) => usd(row.original.amountCents),
    meta: { className: 'text-end font-medium tabular-nums' },
  },
];

const ledgerQuery = (page: number, pageSize: number) => ({
  queryKey: affiliateKeys.ledger({ page, pageSize }),
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
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const columns = useMemo(() => ledgerColumns(i18n), [i18n, locale]);
  return (
    <DataTable
      caption={t`Ledger`}
      captionHidden
      columns={columns}
      data={ledger.data?.entries}
      total={ledger.data?.total ?? 0}
      state={table}
      onStateChange={setTable}
      getRowId={(entry) => entry.id}
      isLoading={ledger.isFetching}
      error={ledger.isError ? errorMessage(ledger.error, t`The ledger could not be loaded`) : null}
      onRetry={() => void ledger.refetch()}
      emptyMessage={t`Nothing yet: commissions appear here when a referred order is paid.`}
    />
  );
}
