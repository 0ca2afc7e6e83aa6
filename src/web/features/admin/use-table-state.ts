import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableState } from '../../components/ui/data-table';

/** A DataTable's state and the query string the server reads from it (page is 1-based there). */
export function useTableState(defaultSort: string, extra: Record<string, string | undefined>) {
  // The global search links here with ?q=, which starts the table's search box.
  const [search] = useSearchParams();
  const [state, setState] = useState<DataTableState>({
    sort: { id: defaultSort, desc: true },
    filter: search.get('q') ?? '',
    page: 0,
    pageSize: 25,
  });
  const params: Record<string, string | number | undefined> = {
    page: state.page + 1,
    pageSize: state.pageSize,
    q: state.filter.trim() || undefined,
    sort: state.sort?.id,
    dir: state.sort ? (state.sort.desc ? 'desc' : 'asc') : undefined,
    ...extra,
  };
  return { state, setState, params };
}
