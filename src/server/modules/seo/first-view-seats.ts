import { isUuid } from '../../../contracts/ids';
import { intlLocale, type Locale } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { PageData } from '../../../contracts/page-data';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { getEventSeating } from '../seating/seating.service';
import { pageShell } from './first-view';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

/** An event's seat page ("choose your seats", a link organizers share for a sale). */
const SEAT_PAGE = /^\/event\/([^/]+)\/seats\/?$/;

export const isSeatPagePath = (path: string) => SEAT_PAGE.test(path);

/**
 * The seat page's data: the event's seating exactly as `GET /api/events/:id/seating` answers a
 * signed-out visitor (the same for everyone who may see the event), or null when the event is
 * not public, not sold by seat or not a seat page's. The map paints from it before the app runs.
 */
export async function seatPageData(
  deps: { db: Database; clock: Clock },
  path: string,
): Promise<Extract<PageData, { kind: 'seats' }> | null> {
  const id = decodeURIComponent(SEAT_PAGE.exec(path)?.[1] ?? '');
  if (!isUuid(id)) return null;
  try {
    const seating = await getEventSeating(deps, { actor: null, eventId: id });
    return seating ? { kind: 'seats', path: `/event/${id}/seats`, seating } : null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

// The words of the seat page (seat-picker-page.tsx, seat-map.tsx), from its own catalog.
const seating = (message: string) => webText('seating', message);
const SEAT_PAGE_TEXTS = {
  back: seating('Back to the event'),
  title: seating('Choose your seats'),
  categories: seating('Seat categories'),
  taken: seating('Taken'),
  wheelchair: seating('Wheelchair space'),
  map: seating('Seat map'),
  free: webText('shell', 'Free'),
};

/**
 * The top of the seat page as the app draws it (the back link, the title, the legend) and the
 * frame of its map, which the seat page's own small script (web seat-first-view.ts) fills from
 * the page data: it paints the seats and takes clicks before the app has loaded. The lists and
 * best available come with the app, which replaces this copy keeping the seats chosen on it.
 */
export function renderSeatsFirstView(
  data: Extract<PageData, { kind: 'seats' }>,
  siteName: string,
  locale: Locale,
): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const { seating } = data;
  const prices = new Map(seating.categories.map((c) => [c.id, c]));
  const legend = seating.plan.categories.map((category) => {
    const price = prices.get(category.id);
    const amount = price
      ? ` · ${formatMoney(price.priceCents, price.currency, { locale: intlLocale(locale), free: translateWeb(locale, SEAT_PAGE_TEXTS.free) })}`
      : '';
    return `<li class="flex items-center gap-2"><span aria-hidden="true" class="inline-block size-4 rounded-full" style="background-color: ${escapeHtml(category.color)}"></span>${escapeHtml(category.name + amount)}</li>`;
  });
  // The app's zoom buttons' places: they work once the app has loaded.
  const zoom =
    '<span aria-hidden="true" class="inline-flex size-10 rounded-md border border-border bg-background"></span>';
  return pageShell(
    siteName,
    [
      '<div class="mx-auto px-4 py-8 md:py-12 max-w-6xl"><div class="flex flex-col gap-6">',
      '<header class="flex flex-col gap-2">',
      `<a href="/event/${escapeHtml(seating.eventId)}" class="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"><span class="size-4"></span>${say(SEAT_PAGE_TEXTS.back)}</a>`,
      `<h1 class="text-3xl font-extrabold tracking-tight">${say(SEAT_PAGE_TEXTS.title)}</h1>`,
      '</header>',
      `<ul aria-label="${say(SEAT_PAGE_TEXTS.categories)}" class="flex flex-wrap gap-4 text-sm">${legend.join('')}`,
      `<li class="flex items-center gap-2"><span aria-hidden="true" class="inline-block size-4 rounded-full bg-[#c4c4c4]"></span>${say(SEAT_PAGE_TEXTS.taken)}</li>`,
      `<li class="flex items-center gap-2"><span aria-hidden="true">♿</span>${say(SEAT_PAGE_TEXTS.wheelchair)}</li></ul>`,
      '<div class="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">',
      `<div data-seat-first-view data-label="${say(SEAT_PAGE_TEXTS.map)}" class="flex flex-col gap-2">`,
      `<div class="flex items-center gap-2">${zoom}${zoom}</div>`,
      '<div class="relative overflow-hidden rounded-lg border border-border bg-card">',
      '<canvas aria-hidden="true" class="pointer-events-none absolute start-0 top-0"></canvas>',
      '<div data-frame class="relative max-h-[70vh] overflow-auto touch-pan-x touch-pan-y"></div>',
      '</div></div></div></div></div>',
    ].join(''),
  );
}
