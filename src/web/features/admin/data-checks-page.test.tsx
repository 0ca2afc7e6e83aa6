import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DataCheckReport } from '../../../contracts/data-checks';
import { server } from '../../test/msw';
import { AdminDataChecksPage } from './data-checks-page';

const HOLDS = {
  name: 'ticket_type_stock',
  description: "A ticket type's stock left is its quantity less held and issued tickets.",
  violations: 0,
  examples: [],
};
const FAILS = {
  name: 'event_tickets_sold',
  description: "An event's tickets sold is its tickets not void.",
  violations: 7,
  examples: [{ id: '11111111-1111-4111-8111-111111111111', expected: '4', actual: '0' }],
};

function renderWith(reports: DataCheckReport[]) {
  let calls = 0;
  server.use(
    http.get('/api/admin/data-checks', () =>
      HttpResponse.json(reports[Math.min(calls++, reports.length - 1)]),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminDataChecksPage />
    </QueryClientProvider>,
  );
}

const report = (checks: DataCheckReport['checks']): DataCheckReport => ({
  checkedAt: '2026-12-03T08:00:00.000Z',
  checks,
  failed: checks.filter((c) => c.violations > 0).length,
});

describe('AdminDataChecksPage', () => {
  it('lists each check with what disagrees and its examples, and checks again on request', async () => {
    renderWith([
      report([FAILS, HOLDS]),
      report([{ ...FAILS, violations: 0, examples: [] }, HOLDS]),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('1 of 2 checks do not hold.');
    const examples = screen.getByRole('list', { name: 'Examples for event_tickets_sold' });
    expect(examples.textContent).toContain('11111111-1111-4111-8111-111111111111');
    expect(examples.textContent).toContain('Expected 4, stored 0');
    expect(within(examples).getByText('and 6 more')).toBeTruthy();
    expect(screen.getByText('7 rows disagree')).toBeTruthy();
    expect(screen.getByText('Holds')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('All 2 checks hold.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Examples/ })).toBeNull();
  });

  it('says when the checks could not run', async () => {
    server.use(
      http.get('/api/admin/data-checks', () =>
        HttpResponse.json(
          { error: { code: 'FORBIDDEN', message: 'Admins only' } },
          { status: 403 },
        ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminDataChecksPage />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The checks could not run');
  });
});
