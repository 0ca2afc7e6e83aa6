import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events';
import { recordRequests, requestPath, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { AttendingPage } from './attending-page';
import { MyStuffPage } from './my-stuff-page';

function publicEvent(overrides: Partial<Event>): Event {
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    title: 'Jazz on the Roof',
    description: '',
    category: 'Music',
    location: 'Lisbon',
    venueName: null,
    address: null,
    city: 'Lisbon',
    country: null,
    currency: 'USD',
    isOnline: false,
    onlineUrl: null,
    startsAt: '2031-06-06T19:00:00.000Z',
    endsAt: null,
    timezone: 'UTC',
    date: '2031-06-06',
    time: '19:00',
    capacity: null,
    isFree: true,
    eventStatus: 'published',
    visibility: 'public',
    attendeeVisibility: 'list',
    isReferralBased: false,
    vendorFeeAmount: null,
    coverImage: null,
    metadata: {},
    organizer: {
      id: '00000000-0000-4000-8000-00000000000b',
      fullName: 'Ana',
      businessName: null,
      avatarUrl: null,
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const events = [
  publicEvent({}),
  publicEvent({
    id: '00000000-0000-4000-8000-00000000000c',
    title: 'Quiet Supper Club',
    attendeeVisibility: 'hidden',
  }),
];

/** The public list answers; anything personal would be an unhandled (failing) request. */
function publicApi() {
  server.use(http.get('/api/events', () => HttpResponse.json({ events, nextCursor: null })));
  return recordRequests();
}

const pages = [
  { path: '/attending', element: <AttendingPage />, prompt: /your tickets/ },
  { path: '/mea-attending', element: <AttendingPage />, prompt: /your tickets/ },
  {
    path: '/mea-events',
    element: <MyStuffPage title="My Events Calendar" />,
    prompt: /you created/,
  },
  { path: '/mea-mystuff', element: <MyStuffPage title="My Stuff" />, prompt: /you created/ },
];

describe('public pages signed out (spec §2)', () => {
  it.each(pages)('$path shows upcoming public events and a sign-in prompt', async (page) => {
    const requests = publicApi();
    renderWithRouter([{ path: page.path, element: page.element }], { path: page.path });

    const list = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(await within(list).findByRole('link', { name: 'Jazz on the Roof' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Quiet Supper Club' })).toBeTruthy();
    // Who is going, only where the organizer shows the guest list or its count.
    const going = within(list).getAllByRole('link', { name: /^Who is going/ });
    expect(going.map((link) => link.getAttribute('href'))).toEqual([
      '/event/00000000-0000-4000-8000-00000000000a/attending',
    ]);

    const prompt = screen.getByRole('region', { name: 'Your events' });
    expect(within(prompt).getByText(page.prompt)).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(page.path)}`,
    );
    expect(requests.map(requestPath)).toEqual(['/api/events?limit=6']);
  });
});
