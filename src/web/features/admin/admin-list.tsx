import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../components/ui/data-table';
import { errorMessage } from '../../lib/api-client';
import { queryString, useAdminList } from './api';
import { useTableState } from './use-table-state';

type ListKind = 'users' | 'events' | 'orders';

/**
 * One of the console's server-paged lists (users, events, orders): the table's state, the page
 * the server sends for it, and `resetPage` for a filter that changes what is listed.
 */
export function useAdminListTable<Row>(
  kind: ListKind,
  defaultSort: string,
  filters: Record<string, string | undefined>,
) {
  const table = useTableState(defaultSort, filters);
  const list = useAdminList<{ rows: Row[]; total: number }>(kind, queryString(table.params));
  const resetPage = () => table.setState((s) => ({ ...s, page: 0 }));
  return { table, list, resetPage };
}

/** The DataTable of such a list; `loadFailed` says what could not be loaded. */
export function AdminListTable<Row extends { id: string }>({
  source,
  caption,
  columns,
  filterLabel,
  emptyMessage,
  loadFailed,
}: {
  source: ReturnType<typeof useAdminListTable<Row>>;
  caption: string;
  columns: ColumnDef<Row, never>[];
  filterLabel: string;
  emptyMessage: string;
  loadFailed: string;
}) {
  const { table, list } = source;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={list.data?.rows}
      total={list.data?.total ?? 0}
      state={table.state}
      onStateChange={table.setState}
      getRowId={(row) => row.id}
      isLoading={list.isFetching}
      error={list.error ? errorMessage(list.error, loadFailed) : null}
      onRetry={() => void list.refetch()}
      filterLabel={filterLabel}
      emptyMessage={emptyMessage}
    />
  );
}
