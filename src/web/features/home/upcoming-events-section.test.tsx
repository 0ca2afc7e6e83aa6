import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contracts/events';
import { HOME_EVENT_POOL } from '../../../contracts/limits';
import { recordRequests, server } from '../../test/msw';
import { eventKeys } from '../events';
import { UpcomingEventsSection } from './upcoming-events-section';

const DAY_MS = 86_400_000;

// Four events a day apart from tomorrow, each as GET /api/events answers it.
const events = [1, 2, 3, 4].map(
  (day) =>
    ({
      id: `00000000-0000-4000-8000-00000000000${day}`,
      title: `Harbor show ${day}`,
      description: 'An evening put together by local hosts.',
      category: 'Music',
      location: 'The Harbor Loft, Oakland, USA',
      venueName: 'The Harbor Loft',
      address: null,
      city: 'Oakland',
      country: 'USA',
      isOnline: false,
      onlineUrl: null,
      startsAt: new Date(Date.now() + day * DAY_MS).toISOString(),
      endsAt: null,
      timezone: 'America/Los_Angeles',
      capacity: 40,
      isFree: true,
      eventStatus: 'published',
      visibility: 'public',
      attendeeVisibility: 'count',
      isReferralBased: false,
      vendorFeeAmount: null,
      currency: 'USD',
      coverImage: null,
      metadata: {},
      organizer: { id: 'o1', fullName: 'Dana Whitfield', businessName: null, avatarUrl: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      publishedAt: '2026-01-01T00:00:00.000Z',
    }) as unknown as Event,
);

/** The page data the server writes into home's HTML (seo module, kind 'home'). */
function serverPageData() {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mea-page-data';
  script.textContent = JSON.stringify({
    kind: 'home',
    path: '/',
    page: { events, nextCursor: null },
  });
  document.head.append(script);
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <UpcomingEventsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  // Unmounted while the idle callbacks are still the test's own.
  cleanup();
  document.getElementById('mea-page-data')?.remove();
  vi.unstubAllGlobals();
});

describe('the home page’s upcoming events', () => {
  it('show the events the server wrote into the page, and ask for them only once it is idle', async () => {
    serverPageData();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    server.use(http.get('/api/events', () => HttpResponse.json({ events, nextCursor: null })));
    const requests = recordRequests();
    const queryClient = renderSection();
    // The first render has the three soonest cards, in order.
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Harbor show 1', 'Harbor show 2', 'Harbor show 3']);
    // A refetch on mount starts as the section subscribes (its effect, run by render): none did.
    const key = eventKeys.list({ limit: HOME_EVENT_POOL });
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(requests).toHaveLength(0);
    // The page's first idle moment asks for them again, and the cards stay.
    expect(idle).toHaveLength(1);
    act(() => idle[0]?.());
    await waitFor(() => expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle'));
    expect(requests.map((r) => new URL(r.url).search)).toEqual([`?limit=${HOME_EVENT_POOL}`]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('ask for the events when the page has none written in', async () => {
    server.use(http.get('/api/events', () => HttpResponse.json({ events, nextCursor: null })));
    const requests = recordRequests();
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Harbor show 1' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(requests.map((r) => new URL(r.url).search)).toEqual([`?limit=${HOME_EVENT_POOL}`]);
  });
});
