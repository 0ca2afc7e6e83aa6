import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../contracts/tickets';
import { server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { DashboardPage } from './dashboard-page';

const ticket = (id: string, title: string, startsAt: string, isPast: boolean): Ticket => ({
  id,
  orderId: '00000000-0000-4000-8000-0000000000aa',
  status: 'valid',
  code: `${id}.code`,
  checkedInAt: null,
  ticketTypeName: 'General admission',
  paidCents: 0,
  currency: 'USD',
  holderName: 'Priya Shah',
  event: {
    id: `${id.slice(0, -1)}e`,
    title,
    startsAt,
    endsAt: null,
    timezone: 'UTC',
    location: 'Blue Room',
    isOnline: false,
    coverImage: null,
  },
  createdAt: '2026-11-01T10:00:00.000Z',
  isPast,
});

function show(userType: 'attendee' | 'organizer' = 'attendee') {
  server.use(
    http.get('/api/me/tickets', () =>
      HttpResponse.json({
        tickets: [
          ticket(
            '00000000-0000-4000-8000-000000000001',
            'Tomorrow Brunch',
            '2026-12-04T11:00:00.000Z',
            false,
          ),
          ticket(
            '00000000-0000-4000-8000-000000000002',
            'Autumn Fair',
            '2026-11-20T11:00:00.000Z',
            true,
          ),
        ],
      }),
    ),
    http.get('/api/notifications/unread-count', () => HttpResponse.json({ count: 2 })),
    http.get('/api/teams/memberships', () => HttpResponse.json({ teams: [] })),
  );
  return renderWithRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    path: '/dashboard',
    user: makeUser({ userType }),
  });
}

describe('/dashboard', () => {
  it("lists tomorrow's event as upcoming and reads a past ticket as past", async () => {
    show();
    const next = await screen.findByRole('region', { name: 'Your next events' });
    expect(await within(next).findByText('Tomorrow Brunch')).toBeTruthy();
    expect(within(next).queryByText('Autumn Fair')).toBeNull();
    expect(screen.queryByText(/You have no upcoming events/)).toBeNull();

    const tickets = screen.getByRole('region', { name: 'Your tickets' });
    const past = within(tickets).getByRole('link', { name: /Autumn Fair/ });
    expect(within(past).getByText('Past event')).toBeTruthy();
    expect(within(past).queryByText('Valid')).toBeNull();
    const upcoming = within(tickets).getByRole('link', { name: /Tomorrow Brunch/ });
    expect(within(upcoming).getByText('Valid')).toBeTruthy();

    expect(await screen.findByText('You have 2 unread messages.')).toBeTruthy();
  });

  it('points an organizer to their own dashboard', async () => {
    show('organizer');
    expect(
      (await screen.findByRole('link', { name: 'Open your Organizer Dashboard' })).getAttribute(
        'href',
      ),
    ).toBe('/organizer-dashboard');
  });
});
