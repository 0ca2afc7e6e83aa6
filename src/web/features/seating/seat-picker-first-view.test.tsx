import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSeating } from '../../../contracts/seating';
import { server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { SeatPickerPage } from './seat-picker-page';

// The seat page started under its first view (the server's copy, whose map takes clicks before
// the app has loaded): the app renders from the seating in the page and keeps the seats chosen
// on the copy.

const EVENT = '0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const seating: EventSeating = {
  eventId: EVENT,
  planId: '1c6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  planName: 'Harbour Hall',
  version: 1,
  plan: {
    width: 400,
    height: 200,
    categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
    sections: [
      {
        id: 'A',
        name: 'Stalls',
        kind: 'grid',
        x: 0,
        y: 60,
        rows: 1,
        seatsPerRow: 4,
        categoryId: 'std',
      },
    ],
    seatFlags: {},
    seatCategories: {},
  },
  categories: [
    {
      id: 'std',
      ticketTypeId: '2c6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      ticketTypeName: 'Standard',
      priceCents: 2500,
      currency: 'USD',
    },
  ],
  held: [],
  sold: [],
} as unknown as EventSeating;

/** The page as the server wrote it: its data, and the copy with seats chosen on its map. */
function firstView(chosen: string[]) {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'mea-page-data';
  data.textContent = JSON.stringify({ kind: 'seats', path: `/event/${EVENT}/seats`, seating });
  document.head.append(data);
  const copy = document.createElement('div');
  copy.id = 'mea-ssr';
  copy.innerHTML = `<div data-first-view><div data-seat-first-view><svg>${chosen
    .map((id) => `<g data-seat="${id}" data-state="selected"></g>`)
    .join('')}</svg></div></div>`;
  document.body.append(copy);
}

/** The signed-out live map's long poll: a cursor, then no change while the test runs. */
const polls = http.get(`/api/events/${EVENT}/seating/changes`, async ({ request }) => {
  if (new URL(request.url).searchParams.has('after')) await delay('infinite');
  return HttpResponse.json({ cursor: 'c1', reset: false, seats: {} });
});

afterEach(() => {
  document.getElementById('mea-page-data')?.remove();
  document.getElementById('mea-ssr')?.remove();
});

const routes = [{ path: '/event/:eventId/seats', element: <SeatPickerPage /> }];

describe('the seat page under its first view', () => {
  it('renders from the page’s seating at once, with the seats chosen on the copy, in their order', async () => {
    // The app's own read (in the background) finds one of them taken meanwhile.
    const now = { ...seating, held: ['A-Row A-3'] };
    server.use(
      polls,
      http.get(`/api/events/${EVENT}/seating`, () => HttpResponse.json(now)),
    );
    firstView(['A-Row A-3', 'A-Row A-1']);
    renderWithRouter(routes, { path: `/event/${EVENT}/seats` });
    // No spinner first: the map and the choice are there in the first render.
    const chosen = within('Your seats');
    expect(chosen.map((item) => item.textContent?.split(' · ')[0])).toEqual([
      'A-Row A-3',
      'A-Row A-1',
    ]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy 2 seats' }).disabled).toBe(
      false,
    );
    // The seat someone took leaves the choice once the app's read says so, and the buyer is told.
    await waitFor(() => expect(within('Your seats')).toHaveLength(1), { timeout: 15_000 });
    expect(screen.getByRole('alert').textContent).toContain(
      'Seat A-Row A-3 was just taken by someone else.',
    );
  });

  it('starts with nothing chosen when the copy has no choice', () => {
    server.use(
      polls,
      http.get(`/api/events/${EVENT}/seating`, () => HttpResponse.json(seating)),
    );
    firstView([]);
    renderWithRouter(routes, { path: `/event/${EVENT}/seats` });
    screen.getByText('No seats chosen yet.');
  });
});

/** The items of the section titled `title`. */
function within(title: string) {
  const section = screen.getByRole('heading', { name: title }).closest('section');
  return [...(section?.querySelectorAll('li') ?? [])];
}
