import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Subscriber } from '../../../contracts/marketing';
import { recordRequests, server } from '../../test/msw';
import type { SubscriberPage } from './api';
import { SubscribersTable } from './subscribers-table';

const LIST = '11111111-1111-4111-8111-111111111111';

const PEOPLE: Subscriber[] = Array.from({ length: 60 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: i < 2 ? `lee${i + 1}@example.com` : `fan${String(i + 1).padStart(2, '0')}@example.com`,
  name: '',
  status: 'subscribed',
  source: 'import',
  attributes: {},
  createdAt: '2026-11-01T10:00:00.000Z',
}));

/** The server's side: `limit` people from `offset` among those matching `search`. */
function serve() {
  server.use(
    http.get(`/api/marketing/lists/${LIST}/subscribers`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const search = url.searchParams.get('search') ?? '';
      const matching = PEOPLE.filter((p) => p.email.includes(search));
      const body: SubscriberPage = {
        subscribers: matching.slice(offset, offset + limit),
        total: matching.length,
      };
      return HttpResponse.json(body);
    }),
  );
  const requests = recordRequests();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SubscribersTable listId={LIST} headingId="subs" />
    </QueryClientProvider>,
  );
  /** The pages asked for, as `offset/limit/search`. */
  const asked = () =>
    requests.map((r) => {
      const u = new URL(r.url).searchParams;
      return ['offset', 'limit', 'search'].map((k) => u.get(k) ?? '').join('/');
    });
  return { asked };
}

describe('SubscribersTable', () => {
  it('counts every subscriber and shows them a page at a time', async () => {
    const { asked } = serve();
    expect(await screen.findByRole('heading', { name: 'Subscribers (60)' })).toBeTruthy();
    expect(screen.getByText('Showing 1–25 of 60')).toBeTruthy();
    expect(screen.getByText('fan25@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–50 of 60')).toBeTruthy();
    expect(screen.getByText('fan26@example.com')).toBeTruthy();
    expect(screen.queryByText('fan25@example.com')).toBeNull();
    expect(asked()).toEqual(['0/25/', '25/25/']);
  });

  it('searches once typing pauses, from the first page', async () => {
    const { asked } = serve();
    await screen.findByText('Showing 1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 26–50 of 60');
    const box = screen.getByRole('searchbox', { name: 'Search subscribers' });
    for (const text of ['l', 'le', 'lee']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText('Showing 1–2 of 2')).toBeTruthy();
    expect(screen.getByText('lee2@example.com')).toBeTruthy();
    // One request for the words typed, not one per key press.
    expect(asked()).toEqual(['0/25/', '25/25/', '0/25/lee']);
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No subscriber matches this search.')).toBeTruthy();
  });
});
