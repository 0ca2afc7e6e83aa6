import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AffiliateLedgerPage } from '../../../contracts/affiliates';
import { recordRequests, server } from '../../test/msw';
import { LedgerTable } from './ledger-table';

type Entry = AffiliateLedgerPage['entries'][number];
const ENTRIES: Entry[] = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  kind: 'payout',
  amountCents: -100,
  eventTitle: null,
  reference: `PAYOUT-${String(30 - i).padStart(2, '0')}`,
  availableAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
}));

function serve(entries: Entry[]) {
  server.use(
    http.get('/api/affiliates/me/ledger', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const body: AffiliateLedgerPage = {
        entries: entries.slice((page - 1) * pageSize, page * pageSize),
        total: entries.length,
        page,
        pageSize,
      };
      return HttpResponse.json(body);
    }),
  );
  const requests = recordRequests();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LedgerTable />
    </QueryClientProvider>,
  );
  return () => requests.map((r) => new URL(r.url).search);
}

describe('LedgerTable', () => {
  it('asks the server for 25 entries at a time, newest first', async () => {
    const asked = serve(ENTRIES);
    expect(await screen.findByText('Showing 1–25 of 30')).toBeTruthy();
    expect(screen.getByText('PAYOUT-30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeTruthy();
    expect(screen.getByText('PAYOUT-01')).toBeTruthy();
    expect(screen.queryByText('PAYOUT-30')).toBeNull();
    expect(asked()).toEqual(['?page=1&pageSize=25', '?page=2&pageSize=25']);
  });

  it('says what will appear when there is nothing yet', async () => {
    serve([]);
    expect(
      await screen.findByText(
        'Nothing yet: commissions appear here when a referred order is paid.',
      ),
    ).toBeTruthy();
  });
});
