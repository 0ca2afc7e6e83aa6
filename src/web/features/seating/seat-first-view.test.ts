import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventSeating } from '../../../contracts/seating';

// The seat page's own script: it paints the copy's map, and adds the app's tags (which the
// server wrote into a template) to the head only after the first click or key, or once the page
// has been left alone; at once when there is no map to paint.

const EVENT = '0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const seating = {
  eventId: EVENT,
  planId: '1c6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  planName: 'Harbour Hall',
  version: 1,
  plan: {
    width: 400,
    height: 200,
    categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
    sections: [{ id: 'A', name: 'Stalls', kind: 'grid', x: 0, y: 60, rows: 1, seatsPerRow: 4 }].map(
      (section) => ({ ...section, categoryId: 'std' }),
    ),
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

const APP_TAG = '<link rel="modulepreload" crossorigin href="/assets/index-Ab12.js">';
const appTagInHead = () =>
  document.head.querySelector('link[href="/assets/index-Ab12.js"]') !== null;

/** The page as the server writes it: its seating (unless none), the copy, the app's template. */
function page(withSeating: boolean) {
  window.history.replaceState(null, '', `/event/${EVENT}/seats`);
  if (withSeating) {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'mea-page-data';
    data.textContent = JSON.stringify({ kind: 'seats', path: `/event/${EVENT}/seats`, seating });
    document.head.append(data);
  }
  const copy = document.createElement('div');
  copy.id = 'mea-ssr';
  copy.innerHTML =
    '<div data-seat-first-view data-label="Seat map"><div><canvas></canvas>' +
    `<div data-frame></div></div></div><template data-app-start>${APP_TAG}</template>`;
  document.body.append(copy);
}

let runs = 0;
/** The script as the page runs it: a fresh copy of the module each time. */
const run = async () => {
  runs += 1;
  const script = `./seat-first-view.ts?run=${runs}`;
  await import(/* @vite-ignore */ script);
};

beforeEach(() => {
  document.head.querySelector('link[href="/assets/index-Ab12.js"]')?.remove();
});
afterEach(() => {
  vi.useRealTimers();
  document.getElementById('mea-page-data')?.remove();
  document.getElementById('mea-ssr')?.remove();
});

describe('the seat page’s own script', () => {
  it('paints the map and starts the app only after the first click has taken effect', async () => {
    page(true);
    await run();
    const map = await waitFor(() => {
      const svg = document.querySelector<SVGSVGElement>('#mea-ssr svg[role="img"]');
      expect(svg?.getAttribute('aria-label')).toBe('Seat map');
      return svg;
    });
    expect(appTagInHead()).toBe(false);
    map?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(appTagInHead()).toBe(true), { timeout: 5000 });
    // Added once: the template is gone.
    expect(document.querySelector('template[data-app-start]')).toBeNull();
  });

  it('starts the app on the first key, for someone on a keyboard', async () => {
    page(true);
    await run();
    await waitFor(() => expect(document.querySelector('#mea-ssr svg')).not.toBeNull());
    expect(appTagInHead()).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await waitFor(() => expect(appTagInHead()).toBe(true), { timeout: 5000 });
  });

  it('starts the app anyway when nobody touches the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback'] });
    page(true);
    await run();
    await vi.waitFor(() => expect(document.querySelector('#mea-ssr svg')).not.toBeNull());
    await vi.advanceTimersByTimeAsync(1000);
    expect(appTagInHead()).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(appTagInHead()).toBe(true);
  });

  it('starts the app at once when there is no map to paint', async () => {
    page(false);
    await run();
    await waitFor(() => expect(appTagInHead()).toBe(true));
    expect(document.querySelector('#mea-ssr svg')).toBeNull();
  });
});
