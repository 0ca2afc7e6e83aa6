import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry, WaitlistOverview } from '../../../contracts/waitlist';
import { answerApi, fieldRefusal } from '../../test/msw';
import { WaitlistManager } from './waitlist-admin-page';

const EVENT = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';

const PLACES: WaitlistEntry[] = Array.from({ length: 120 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  ticketTypeId: TYPE,
  ticketTypeName: 'Standing',
  position: i + 1,
  email: `fan${String(i + 1).padStart(3, '0')}@example.com`,
  quantity: 1,
  status: 'waiting',
  offeredQuantity: null,
  offeredAt: null,
  offerExpiresAt: null,
  orderId: null,
  joinedAt: '2026-11-01T10:00:00.000Z',
}));

/** The server's side: a page of the places matching `q`, as the API answers it. */
function serve(places: WaitlistEntry[]) {
  const calls = answerApi(({ url }) => {
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page'));
    const pageSize = Number(query.get('pageSize'));
    const q = query.get('q') ?? '';
    const matching = places.filter((p) => p.email.includes(q));
    const body: WaitlistOverview = {
      settings: { offerHours: 24 },
      ticketTypes: [
        { id: TYPE, name: 'Standing', remaining: 0, waiting: places.length, offered: 0 },
      ],
      entries: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
    };
    return HttpResponse.json(body);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WaitlistManager eventId={EVENT} />
    </QueryClientProvider>,
  );
  const asked = () =>
    calls.map((c) => {
      const query = new URL(c.url, 'http://x').searchParams;
      return ['page', 'pageSize', 'q'].map((k) => query.get(k) ?? '').join('/');
    });
  return { asked };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Waiting list in order' })).getAllByRole('row');

describe('WaitlistManager', () => {
  it('asks the server for one page at a time and shows page 2', async () => {
    const { asked } = serve(PLACES);
    expect(await screen.findByText('Showing 1–50 of 120')).toBeTruthy();
    // The header row and 50 places; the summary counts the whole list.
    expect(rows()).toHaveLength(51);
    expect(screen.getByText('120 waiting · 0 offered · 0 on sale')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120')).toBeTruthy();
    expect(screen.getByText('fan051@example.com')).toBeTruthy();
    expect(screen.queryByText('fan050@example.com')).toBeNull();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(asked()).toEqual(['1/50/', '2/50/']);
  });

  it('searches on the server from the first page', async () => {
    const { asked } = serve(PLACES);
    await screen.findByText('Showing 1–50 of 120');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 51–100 of 120');
    fireEvent.change(screen.getByLabelText('Search by email or ticket type'), {
      target: { value: 'fan11' },
    });
    expect(await screen.findByText('Showing 1–10 of 10', {}, { timeout: 5000 })).toBeTruthy();
    expect(asked().at(-1)).toBe('1/50/fan11');
  });

  it('shows the empty state when nobody is on the list', async () => {
    serve([]);
    expect(await screen.findByText('Nobody is on the waiting list')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  // The offer time form: the contract's text on the box before any request (focused), the
  // server's refusal on it, and the body it sends.
  function serveSettings(refuse: boolean) {
    const overview: WaitlistOverview = {
      settings: { offerHours: 24 },
      ticketTypes: [],
      entries: [],
      total: 0,
      page: 1,
      pageSize: 50,
    };
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json(overview)
        : refuse
          ? fieldRefusal('body.offerHours', 'Please choose between 1 and 336 hours')
          : HttpResponse.json({ offerHours: 48 }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <WaitlistManager eventId={EVENT} />
      </QueryClientProvider>,
    );
    return () => calls.filter((c) => c.method !== 'GET');
  }

  it('names a bad offer time with the contract text and focuses it, without sending', async () => {
    const sent = serveSettings(false);
    const hours = await screen.findByLabelText('Offer holds tickets for (hours)');
    expect((hours as HTMLInputElement).value).toBe('24');
    fireEvent.change(hours, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose between 1 and 336 hours')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(hours));
    fireEvent.change(hours, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(hours));
    expect(screen.getByText('Please choose between 1 and 336 hours')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal on the offer time and sends the hours as a number", async () => {
    const sent = serveSettings(true);
    const hours = await screen.findByLabelText('Offer holds tickets for (hours)');
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose between 1 and 336 hours')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(hours));
    expect(sent()).toEqual([
      { method: 'PUT', url: `/api/waitlist/events/${EVENT}/settings`, body: { offerHours: 48 } },
    ]);
  });
});
