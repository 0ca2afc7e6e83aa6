import type { ColumnDef } from '@tanstack/react-table';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableState } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
  tickets: number;
}

const PEOPLE: Person[] = Array.from({ length: 25 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  email: `person${i + 1}@example.com`,
  tickets: (i * 7) % 5,
}));

const columns: ColumnDef<Person, never>[] = [
  { accessorKey: 'name', header: 'Name', enableSorting: true },
  { accessorKey: 'email', header: 'Email' },
  {
    accessorKey: 'tickets',
    header: () => <abbr title="Tickets bought">Tix</abbr>,
    meta: { label: 'Tickets', className: 'text-right' },
    enableSorting: true,
  },
];

/** What a server does with the table's state: the test's stand-in for an API. */
function serverPage(state: DataTableState) {
  let rows = PEOPLE.filter((p) => p.name.toLowerCase().includes(state.filter.toLowerCase()));
  if (state.sort) {
    const { id, desc } = state.sort;
    const key = id as keyof Person;
    rows = [...rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    if (desc) rows.reverse();
  }
  const start = state.page * state.pageSize;
  return { rows: rows.slice(start, start + state.pageSize), total: rows.length };
}

function Screen({ onState }: { onState?: (state: DataTableState) => void }) {
  const [state, setState] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: 10,
  });
  const page = serverPage(state);
  return (
    <DataTable
      caption="Attendees"
      columns={columns}
      data={page.rows}
      total={page.total}
      state={state}
      onStateChange={(next) => {
        onState?.(next);
        setState(next);
      }}
      getRowId={(p) => p.id}
      filterLabel="Search by name"
    />
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('is a table named by its caption, with column headers and one row per item', () => {
    render(<Screen />);
    const table = screen.getByRole('table', { name: 'Attendees' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Email', 'Tix']);
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 25')).toBeTruthy();
  });

  it('sorts on the server: ascending, descending, then unsorted, back to page 1', () => {
    const onState = vi.fn();
    render(<Screen onState={onState} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe(
      null,
    );

    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(onState).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: { id: 'name', desc: false }, page: 0 }),
    );
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(firstNames()[0]).toBe('Person 01');

    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstNames()[0]).toBe('Person 25');

    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ sort: null }));
  });

  it('pages with Previous and Next, disabled at the ends', () => {
    render(<Screen />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('Showing 21–25 of 25')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(previous);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('filters on the server after a pause in typing, and at once on Enter', () => {
    vi.useFakeTimers();
    try {
      const onState = vi.fn();
      render(<Screen onState={onState} />);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      const search = screen.getByRole('searchbox', { name: 'Search by name' });
      fireEvent.change(search, { target: { value: 'Person 1' } });
      expect(onState).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(300));
      expect(onState).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: 'Person 1', page: 0 }),
      );
      expect(screen.getByText('Showing 1–10 of 10')).toBeTruthy();

      fireEvent.change(search, { target: { value: 'Person 25' } });
      fireEvent.submit(screen.getByRole('search'));
      expect(firstNames()).toEqual(['Person 25']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when nothing matches', () => {
    render(
      <DataTable
        caption="Attendees"
        columns={columns}
        data={[]}
        total={0}
        state={{ sort: null, filter: 'zz', page: 0, pageSize: 10 }}
        onStateChange={() => undefined}
        getRowId={(p) => p.id}
        emptyMessage="No attendees match."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No attendees match.' })).toBeTruthy();
    expect(screen.getByText('No results')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('shows a busy table while the first page loads, and an error with a retry', () => {
    const props = {
      caption: 'Attendees',
      columns,
      total: 0,
      state: { sort: null, filter: '', page: 0, pageSize: 10 },
      onStateChange: () => undefined,
      getRowId: (p: Person) => p.id,
    };
    const { rerender } = render(<DataTable {...props} data={undefined} isLoading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    const onRetry = vi.fn();
    rerender(
      <DataTable {...props} data={undefined} error="Could not load attendees" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load attendees');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names each value with its column for the phone layout', () => {
    render(<Screen />);
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'Email', 'Tickets']);
    expect(cells[2]?.className).toContain('text-right');
  });
});
