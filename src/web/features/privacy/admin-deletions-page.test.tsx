import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PendingDeletionList } from '../../../contracts/privacy';
import { server } from '../../test/msw';
import { formatDate } from '../../lib/dates';
import { AdminDeletionsPage } from './admin-deletions-page';

function renderWith(list: PendingDeletionList) {
  server.use(http.get('/api/privacy/admin/deletions', () => HttpResponse.json(list)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminDeletionsPage />
    </QueryClientProvider>,
  );
}

describe('AdminDeletionsPage', () => {
  it('lists each pending deletion with its email, when it was asked and when it is erased', async () => {
    renderWith({
      deletions: [
        {
          userId: '11111111-1111-4111-8111-111111111111',
          email: 'ada@example.com',
          name: 'Ada Obi',
          requestedAt: '2026-11-20T09:00:00.000Z',
          eraseAfter: '2026-12-04T09:00:00.000Z',
        },
        {
          userId: '22222222-2222-4222-8222-222222222222',
          email: 'lee@example.com',
          name: '',
          requestedAt: '2026-11-25T09:00:00.000Z',
          eraseAfter: '2026-12-09T09:00:00.000Z',
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Pending deletions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Requested', 'Erased on']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      [
        'ada@example.com',
        formatDate('2026-11-20T09:00:00.000Z'),
        formatDate('2026-12-04T09:00:00.000Z'),
      ],
      [
        'lee@example.com',
        formatDate('2026-11-25T09:00:00.000Z'),
        formatDate('2026-12-09T09:00:00.000Z'),
      ],
    ]);
  });

  it('says so when no one is waiting to be deleted', async () => {
    renderWith({ deletions: [] });
    expect(await screen.findByRole('heading', { name: 'No pending deletions' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
