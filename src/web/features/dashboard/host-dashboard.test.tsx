import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HostDashboard } from '../../../contracts/dashboard';
import { server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { HostDashboardView } from './host-dashboard';

const EVENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const days = (sold: { date: string; tickets: number; cents: number }[]) =>
  Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 4 + i)).toISOString().slice(0, 10);
    const hit = sold.find((s) => s.date === date);
    return {
      date,
      tickets: hit?.tickets ?? 0,
      revenue: hit ? [{ currency: 'USD', cents: hit.cents }] : [],
    };
  });

const EMPTY: HostDashboard = {
  timeZone: 'UTC',
  today: '2026-12-03',
  upcoming: { total: 0, events: [] },
  sales: { days: days([]), tickets: 0, revenue: [] },
  checkIns: { today: 0, events: [] },
  vendorApplications: { pending: 0, events: [] },
  messages: { unread: 0, chats: [] },
  nextActions: [{ kind: 'create_event', eventId: null, eventTitle: null, count: 1 }],
  sections: ['events', 'sales', 'checkIns', 'vendorApplications', 'messages', 'setup'],
};

const BUSY: HostDashboard = {
  ...EMPTY,
  upcoming: {
    total: 1,
    events: [
      {
        id: EVENT,
        title: 'Harbour Lights Gala',
        status: 'published',
        startsAt: '2026-12-12T19:00:00.000Z',
        endsAt: null,
        timezone: 'UTC',
        sold: 40,
        capacity: 100,
        checkedIn: 0,
        ticketTypes: 1,
        revenue: [{ currency: 'USD', cents: 100000 }],
      },
    ],
  },
  sales: {
    days: days([{ date: '2026-12-01', tickets: 40, cents: 100000 }]),
    tickets: 40,
    revenue: [{ currency: 'USD', cents: 100000 }],
  },
  vendorApplications: {
    pending: 3,
    events: [{ id: EVENT, title: 'Harbour Lights Gala', pending: 3 }],
  },
  nextActions: [
    {
      kind: 'answer_vendor_applications',
      eventId: EVENT,
      eventTitle: 'Harbour Lights Gala',
      count: 3,
    },
  ],
};

function show(answer: () => Response) {
  server.use(http.get('/api/dashboard/host', answer));
  return renderWithRouter([{ path: '/organizer-dashboard', element: <HostDashboardView /> }], {
    path: '/organizer-dashboard',
  });
}

describe('the host dashboard', () => {
  it('shows an event sold against capacity, the sales in a table, and the next action', async () => {
    show(() => HttpResponse.json(BUSY));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(within(upcoming).getByText('40 of 100 sold')).toBeTruthy();
    expect(within(upcoming).getByText('Revenue $1,000.00')).toBeTruthy();
    expect(
      within(upcoming).getByRole('meter', { name: 'Harbour Lights Gala: tickets sold' }),
    ).toBeTruthy();
    const table = within(screen.getByRole('region', { name: 'Sales, last 30 days' })).getByRole(
      'table',
    );
    expect(within(table).getByRole('rowheader', { name: 'Dec 1' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '$1,000.00' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /^Answer 3 vendor applications/ }).getAttribute('href'),
    ).toBe(`/vendor_requests/${EVENT}`);
    expect(screen.getByRole('link', { name: /^Funnels/ }).getAttribute('href')).toBe('/funnels');
    expect(screen.getByRole('link', { name: /^Live streams/ }).getAttribute('href')).toBe(
      '/mea-stream',
    );
  });

  it('says plainly when nothing is hosted yet, and offers the first step', async () => {
    show(() => HttpResponse.json(EMPTY));
    expect(await screen.findByRole('heading', { name: 'No upcoming events' })).toBeTruthy();
    expect(screen.getByText('No tickets sold in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      screen.getByRole('link', { name: /^Create your first event/ }).getAttribute('href'),
    ).toBe('/create-event');
  });

  it('shows a team member only the sections their role opens', async () => {
    // A door helper switched to the owner's account: the events and the doors, nothing else.
    show(() => HttpResponse.json({ ...BUSY, nextActions: [], sections: ['events', 'checkIns'] }));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(within(upcoming).getByText('40 of 100 sold')).toBeTruthy();
    expect(within(upcoming).queryByText(/^Revenue/)).toBeNull();
    expect(within(upcoming).getByRole('link', { name: 'Check-in' })).toBeTruthy();
    expect(within(upcoming).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sales, last 30 days' })).toBeNull();
    expect(screen.getByText("Today's check-ins")).toBeTruthy();
    expect(screen.queryByText('Vendor applications')).toBeNull();
    expect(screen.queryByText('Unread messages')).toBeNull();
  });

  it("shows the server's message and a retry when the dashboard cannot load", async () => {
    show(() =>
      HttpResponse.json(
        {
          error: { code: 'FORBIDDEN', message: 'Only organizers and venues have a host dashboard' },
        },
        { status: 403 },
      ),
    );
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeTruthy();
    expect(screen.getByText('Only organizers and venues have a host dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
