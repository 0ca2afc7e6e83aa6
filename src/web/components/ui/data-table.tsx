import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from './alert';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { Spinner } from './spinner';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name where the header is not plain text, and on phones beside each value. */
    label?: string;
    /** Classes for the column's cells (alignment, width). */
    className?: string;
  }
}

/**
 * What the server is asked for: one sort column, a search text and a page. The table is fully
 * controlled: the screen keeps this (in the URL or in state) and fetches with it.
 */
export interface DataTableState {
  sort: { id: string; desc: boolean } | null;
  filter: string;
  /** 0-based. */
  page: number;
  pageSize: number;
}

export interface DataTableProps<T> {
  /** The table's accessible name, shown above it. */
  caption: ReactNode;
  /** Where a heading beside the table already shows the name: the caption is for screen readers. */
  captionHidden?: boolean;
  /** Columns sort only where `enableSorting: true` (the server must support that sort). */
  columns: ColumnDef<T, never>[];
  /** The current page's rows; undefined while the first page loads. */
  data: T[] | undefined;
  /** All rows matching the filter on the server, for the page count. */
  total: number;
  state: DataTableState;
  onStateChange: (next: DataTableState) => void;
  getRowId: (row: T) => string;
  isLoading?: boolean;
  /** A failed fetch: shown instead of the rows, with a retry button when `onRetry` is given. */
  error?: string | null;
  onRetry?: () => void;
  emptyMessage?: string;
  /** Shows a search box with this label (the server filters). */
  filterLabel?: string;
  /** Wait after typing before asking the server, so each key press is not a request. */
  filterDelayMs?: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A table whose rows come from the server already sorted, filtered and paginated (admin and
 * report screens). Accessible table markup (caption, column headers with `aria-sort`, sort
 * buttons, `aria-busy` while loading); below the `sm` breakpoint each row becomes a card with
 * the column name beside each value.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  data,
  total,
  state,
  onStateChange,
  getRowId,
  isLoading = false,
  error,
  onRetry,
  emptyMessage,
  filterLabel,
  filterDelayMs = 300,
}: DataTableProps<T>) {
  const { t } = useLingui();
  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  const sorting: SortingState = state.sort ? [state.sort] : [];
  const table = useReactTable<T>({
    data: data ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    sortDescFirst: false,
    defaultColumn: { enableSorting: false },
    pageCount,
    state: {
      sorting,
      pagination: { pageIndex: state.page, pageSize: state.pageSize },
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      // A new order starts again at the first page.
      onStateChange({ ...state, sort: next[0] ?? null, page: 0 });
    },
  });

  const colSpan = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  const first = total === 0 ? 0 : state.page * state.pageSize + 1;
  const last = Math.min(total, (state.page + 1) * state.pageSize);
  const shownPage = Math.min(state.page + 1, pageCount);

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={colSpan} className="p-4">
          <Alert variant="destructive" title={error}>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                <Trans>Try again</Trans>
              </Button>
            ) : null}
          </Alert>
        </td>
      </tr>
    );
  } else if (data === undefined) {
    body = (
      <tr>
        <td colSpan={colSpan} className="p-6 text-center">
          <Spinner />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colSpan} className="p-6 text-center text-sm text-muted-foreground">
          {emptyMessage ?? t`Nothing to show.`}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        className="border-b border-border last:border-0 max-sm:mb-3 max-sm:block max-sm:rounded-md max-sm:border max-sm:last:border"
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            data-label={columnLabel(cell.column.columnDef)}
            className={cn(
              'px-3 py-2 align-top text-sm',
              'max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:text-end',
              'max-sm:before:text-start max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
              cell.column.columnDef.meta?.className,
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="flex flex-col gap-3">
      {filterLabel ? (
        <FilterBox
          label={filterLabel}
          value={state.filter}
          delayMs={filterDelayMs}
          onChange={(filter) => onStateChange({ ...state, filter, page: 0 })}
        />
      ) : null}
      <div className="overflow-x-auto rounded-md border border-border max-sm:border-0">
        <table
          className="w-full border-collapse text-start max-sm:block"
          aria-busy={isLoading || data === undefined}
        >
          <caption
            className={
              captionHidden
                ? 'sr-only'
                : 'px-3 py-2 text-start text-sm font-semibold max-sm:block max-sm:px-0'
            }
          >
            {caption}
          </caption>
          {/* Phones show each column name beside its value: the header row is for screen readers. */}
          <thead className="bg-muted max-sm:sr-only">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        header.column.getCanSort()
                          ? sorted
                            ? ARIA_SORT[sorted]
                            : 'none'
                          : undefined
                      }
                      className={cn(
                        'px-3 py-2 text-sm font-medium',
                        header.column.columnDef.meta?.className,
                      )}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          {content}
                          <SortIcon sorted={sorted} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="max-sm:block">{body}</tbody>
        </table>
      </div>
      <nav
        aria-label={t`Pages`}
        className="flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <p className="text-muted-foreground" aria-live="polite">
          {total === 0 ? t`No results` : t`Showing ${first}–${last} of ${total}`}
          {isLoading && data !== undefined ? ` ${t`(updating…)`}` : ''}
        </p>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={state.page === 0}
            onClick={() => onStateChange({ ...state, page: state.page - 1 })}
          >
            <Trans>Previous</Trans>
          </Button>
          <span>
            <Trans>
              Page {shownPage} of {pageCount}
            </Trans>
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={state.page + 1 >= pageCount}
            onClick={() => onStateChange({ ...state, page: state.page + 1 })}
          >
            <Trans>Next</Trans>
          </Button>
        </div>
      </nav>
    </div>
  );
}

function columnLabel<T>(column: ColumnDef<T, never>): string | undefined {
  return column.meta?.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className="size-3.5" />;
}

/** The search box: applies after a pause in typing, or at once on Enter. */
function FilterBox({
  label,
  value,
  delayMs,
  onChange,
}: {
  label: string;
  value: string;
  delayMs: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The state can change from outside (a reset, the URL): follow it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs, onChange]);
  return (
    <form
      role="search"
      className="flex max-w-sm flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (text !== value) onChange(text);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
