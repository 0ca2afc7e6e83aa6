import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import type { EventOrder } from '../../../contracts/tickets';
import type { AttendeeList, EventOrderList } from './api';
import { AttendeesPanel } from './attendees-panel';
import { startDownload } from './start-download';

vi.mock('./start-download', () => ({ startDownload: vi.fn() }));

const EVENT = '11111111-1111-4111-8111-111111111111';

type Attendee = AttendeeList['attendees'][number];
const PEOPLE: Attendee[] = Array.from({ length: 120 }, (_, i) => ({
  ticketId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  orderId: '22222222-2222-4222-8222-222222222222',
  holderName: i < 3 ? `Ada ${i + 1}` : `Guest ${String(i + 1).padStart(3, '0')}`,
  email: `guest${i + 1}@example.com`,
  ticketTypeName: 'General',
  status: 'valid',
  checkedInAt: null,
  purchasedAt: '2026-11-01T10:00:00.000Z',
  paidCents: 2500,
  currency: 'USD',
  // The second was sold at the door for cash.
  boxOfficeMethod: i === 1 ? 'cash' : null,
}));

/** The server's side: a page of the people matching `q`, as the API answers it. */
function serve(people: Attendee[], orders: EventOrder[] = []) {
  server.use(
    http.get(`/api/events/${EVENT}/attendees`, ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matching = people.filter((p) => p.holderName.toLowerCase().includes(q));
      const body: AttendeeList = {
        attendees: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
        sales: {
          totalTicketsSold: people.length,
          freeTicketsSold: 0,
          paidTicketsSold: people.length,
          signupCount: 0,
          earningsCents: 0,
          checkedIn: 0,
          held: 0,
        },
      };
      return HttpResponse.json(body);
    }),
    // No checkout questions on this event: the attendee rows show no answers.
    http.get(`/api/events/${EVENT}/answers`, () =>
      HttpResponse.json({ questions: [], tickets: [] }),
    ),
    http.get(`/api/events/${EVENT}/orders`, ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const body: EventOrderList = {
        orders: orders.slice((page - 1) * pageSize, page * pageSize),
        total: orders.length,
        page,
        pageSize,
      };
      return HttpResponse.json(body);
    }),
  );
  const requests = recordRequests();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The order list links each order to its invoices: the panel lives inside the app's router.
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AttendeesPanel eventId={EVENT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** The pages asked for of `list` (attendees or orders), as `page/pageSize/q`. */
  const asked = (list = '/attendees') =>
    requests
      .map((r) => new URL(r.url))
      .filter((u) => u.pathname.endsWith(list))
      .map((u) => ['page', 'pageSize', 'q'].map((k) => u.searchParams.get(k) ?? '').join('/'));
  return { asked };
}

const rows = () => within(screen.getByRole('table', { name: 'Attendees' })).getAllByRole('row');

describe('AttendeesPanel', () => {
  it('asks the server for one page at a time and pages forward and back', async () => {
    const { asked } = serve(PEOPLE);
    expect(await screen.findByRole('heading', { name: 'Attendees (120)' })).toBeTruthy();
    // The header row and 50 attendees.
    expect(rows()).toHaveLength(51);
    expect(screen.getByText('Showing 1–50 of 120')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120')).toBeTruthy();
    expect(screen.getByText('Guest 051')).toBeTruthy();
    expect(screen.queryByText('Guest 050')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101–120 of 120')).toBeTruthy();
    expect(rows()).toHaveLength(21);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(asked()).toEqual(['1/50/', '2/50/', '3/50/']);
  });

  it('marks a ticket sold at the door with how it was paid', async () => {
    serve(PEOPLE.slice(0, 3));
    const row = await screen.findByRole('row', { name: /Ada 2/ });
    expect(within(row).getByText('Box office · cash')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Ada 1/ })).queryByText(/Box office/)).toBeNull();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { asked } = serve(PEOPLE);
    await screen.findByRole('heading', { name: 'Attendees (120)' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 51–100 of 120');
    const box = screen.getByRole('searchbox', { name: 'Search attendees' });
    for (const text of ['a', 'ad', 'ada']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText('Showing 1–3 of 3')).toBeTruthy();
    expect(screen.getByText('Ada 2')).toBeTruthy();
    // One request for the words typed, not one per key press.
    expect(asked()).toEqual(['1/50/', '2/50/', '1/50/ada']);

    fireEvent.change(box, { target: { value: 'zed' } });
    expect(await screen.findByText('No attendee matches this search.')).toBeTruthy();
  });

  it('says when no one has a ticket yet', async () => {
    serve([]);
    expect(await screen.findByText('No attendees yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages the orders, newest first, 20 at a time', async () => {
    const orders: EventOrder[] = Array.from({ length: 45 }, (_, i) => ({
      id: `33333333-3333-4333-8333-${String(i).padStart(12, '0')}`,
      kind: 'tickets',
      status: 'paid',
      currency: 'USD',
      subtotalCents: 2500,
      discountCents: 0,
      totalCents: 2500,
      refundedCents: 0,
      discountCode: null,
      reservedUntil: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      paidAt: '2026-11-01T10:00:00.000Z',
      buyer: {
        id: '44444444-4444-4444-8444-444444444444',
        name: `Buyer ${String(i + 1).padStart(2, '0')}`,
        email: `b${i + 1}@example.com`,
      },
      items: [],
      tickets: [],
      checkoutUrl: null,
      paymentSessionId: null,
      taxCents: 0,
      netCents: 2500,
      pricesIncludeTax: true,
      reverseCharge: false,
      boxOfficeMethod: null,
    }));
    const { asked } = serve(PEOPLE, orders);
    expect(await screen.findByRole('heading', { name: 'Orders (45)' })).toBeTruthy();
    expect(screen.getByText('Showing 1–20 of 45 orders')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next orders' }));
    expect(await screen.findByText('Showing 21–40 of 45 orders')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next orders' }));
    expect(await screen.findByText('Showing 41–45 of 45 orders')).toBeTruthy();
    expect(within(pages).getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('Buyer 41')).toBeTruthy();
    expect(screen.queryByText('Buyer 20')).toBeNull();
    expect(asked('/orders')).toEqual(['1/20/', '2/20/', '3/20/']);
  });

  it('opens the CSV only once the server says the password was checked recently', async () => {
    let recent = false;
    let answered = 0;
    server.use(
      http.get('/api/auth/two-factor/reauth', () =>
        ++answered && recent
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json(
              {
                error: {
                  code: 'FORBIDDEN',
                  message: 'Please confirm it is you: enter your password again to continue.',
                  details: { reason: 'REAUTH_REQUIRED' },
                },
              },
              { status: 403 },
            ),
      ),
    );
    serve(PEOPLE);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe(`/api/events/${EVENT}/attendees.csv`);
    // No prompt here (the two-factor feature hands it in): a refused check downloads nothing.
    fireEvent.click(link);
    await expect.poll(() => answered).toBe(1);
    expect(vi.mocked(startDownload)).not.toHaveBeenCalled();
    recent = true;
    fireEvent.click(link);
    await expect
      .poll(() => vi.mocked(startDownload).mock.calls)
      .toEqual([[`/api/events/${EVENT}/attendees.csv`]]);
  });
});
