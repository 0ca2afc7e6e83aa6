import { isUuid } from '../../../contracts/ids';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import type { Event } from '../../../contracts/events';
import { HOME_EVENT_POOL, HOME_UPCOMING_EVENTS } from '../../../contracts/limits';
import {
  EVENT_CARD_SIZES,
  EVENT_LIST_PAGE_SIZE,
  EVENT_PAGE_COVER_SIZES,
  POST_CARD_SIZES,
  POST_PAGE_COVER_SIZES,
  type PageData,
} from '../../../contracts/page-data';
import { VendorDirectoryQuerySchema } from '../../../contracts/vendors';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { listPublicPosts, readHelpIndex, readPost } from '../content/content.service';
import { getEvent, listCategories, listEvents, presentEvent } from '../events/events.service';
import { getVendorPage, listVendors } from '../vendors/vendors.service';
import { isSeatPagePath, seatPageData } from './first-view-seats';
import { escapeHtml, scriptJson } from './seo.presenter';
import { eventHasStream } from './seo.queries';

/** Longest search term the API takes (GET /api/events/search). */
const MAX_SEARCH = 200;

/** A detail page's data, or null when the thing is not public or gone (the app asks the API). */
async function unlessMissing<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * What a public page shows first, in the page itself: the app starts with it instead of asking
 * the API after its code has loaded, so the largest element (an event's cover and title, a
 * list's first cards) paints without a round trip. As a signed-out visitor sees it, and exactly
 * as the API answers the app's own first request; the app still asks the API in the background
 * where a signed-in person may see more (an organizer's own event).
 *
 * `search` is the request's query string ("" or "?q=…"): a list is written only for the query
 * the app will ask for first (no filters; /search with its term alone). `locale` is the page's
 * language, for the data that depends on it (the help center's articles).
 */
export async function pageData(
  deps: { db: Database; clock: Clock },
  path: string,
  search = '',
  locale: Locale = SOURCE_LOCALE,
): Promise<PageData | null> {
  const { db } = deps;
  if (isSeatPagePath(path)) return seatPageData(deps, path);
  const params = new URLSearchParams(search);
  const [, first, second, ...rest] = path.replace(/\/+$/, '').split('/');
  const id = second && rest.length === 0 ? decodeURIComponent(second) : '';
  if (first === 'event' && isUuid(id)) {
    const found = await unlessMissing(() =>
      Promise.all([getEvent({ db }, { id, actor: null }), eventHasStream(db, { eventId: id })]),
    );
    if (!found) return null;
    const [event, hasStream] = found;
    return {
      kind: 'event',
      path: `/event/${id}`,
      event: { ...presentEvent(event), accessToken: null },
      hasStream,
    };
  }
  if (first === 'vendor' && isUuid(id)) {
    const vendor = await unlessMissing(() => getVendorPage({ db }, { vendorId: id }));
    return vendor ? { kind: 'vendor', path: `/vendor/${id}`, vendor } : null;
  }
  // A published post (a writer's draft is the app's to ask for, signed in).
  if (first === 'blog' && id && second) {
    const post = await readPost(deps, { idOrSlug: id, includeDrafts: false });
    return post ? { kind: 'post', path: `/blog/${second}`, post } : null;
  }
  if (second) return null;
  // Home, whatever its query string (a confirmation link's notice): the pool its upcoming
  // section picks from, so its first cards and their covers do not wait for an API call.
  if (!first) {
    const { rows, nextCursor } = await listEvents(deps, { limit: HOME_EVENT_POOL });
    return { kind: 'home', path: '/', page: { events: rows.map(presentEvent), nextCursor } };
  }
  if (first === 'events' && params.size === 0) {
    const { rows, nextCursor } = await listEvents(deps, { limit: EVENT_LIST_PAGE_SIZE });
    return {
      kind: 'events',
      path: '/events',
      page: { events: rows.map(presentEvent), nextCursor },
    };
  }
  const q = params.get('q')?.trim() ?? '';
  if (first === 'search' && params.size === 1 && q && q.length <= MAX_SEARCH) {
    const { rows, nextCursor } = await listEvents(deps, { limit: EVENT_LIST_PAGE_SIZE, search: q });
    const events = rows.map((row) => ({
      ...presentEvent(row),
      headline: 'headline' in row ? String(row.headline) : '',
    }));
    return { kind: 'search', path: '/search', q, page: { events, nextCursor } };
  }
  if (first === 'vendors' && params.size === 0) {
    const directory = await listVendors({ db }, VendorDirectoryQuerySchema.parse({}));
    return { kind: 'vendors', path: '/vendors', directory };
  }
  // Whatever its query string: the page has no filters, and the app asks for the same list.
  if (first === 'categories')
    return {
      kind: 'categories',
      path: '/categories',
      list: { categories: await listCategories(deps) },
    };
  // The index only: a search's or an article's answer depends on what the reader typed.
  if (first === 'help' && params.size === 0)
    return { kind: 'help', path: '/help', locale, index: await readHelpIndex(deps, locale) };
  if (first === 'blog' && params.size === 0) {
    return { kind: 'blog', path: '/blog', list: await listPublicPosts(deps, { page: 1 }) };
  }
  return null;
}

/** The cover a page paints largest and the `sizes` its <img> has, or null. */
function leadCover(
  data: PageData,
  now: Date,
): { cover: NonNullable<Event['coverImage']>; sizes: string } | null {
  if (data.kind === 'event')
    return data.event.coverImage
      ? { cover: data.event.coverImage, sizes: EVENT_PAGE_COVER_SIZES }
      : null;
  if (data.kind === 'post') {
    const { coverSizes } = data.post;
    return coverSizes ? { cover: coverSizes, sizes: POST_PAGE_COVER_SIZES } : null;
  }
  if (data.kind === 'blog') {
    const first = data.list.items[0];
    return first?.coverSizes ? { cover: first.coverSizes, sizes: POST_CARD_SIZES } : null;
  }
  if (data.kind !== 'home') return null;
  const cover = homeUpcoming(data.page.events, now)[0]?.coverImage;
  return cover ? { cover, sizes: EVENT_CARD_SIZES } : null;
}

/**
 * The page data as a script the app reads at start (`data-page-head`: dropped on navigation),
 * and the cover the page paints largest (an event's, home's first upcoming card's, /blog's first
 * post's, a post's own) preloaded at the size the page's <img> will pick, so it downloads beside the app's code rather than after.
 */
export function renderPageData(data: PageData, now: Date): string {
  const script = `<script type="application/json" id="mea-page-data" data-page-head>${scriptJson(data)}</script>`;
  const lead = leadCover(data, now);
  if (!lead) return script;
  const { cover, sizes } = lead;
  const srcset = `${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`;
  const preload = `<link rel="preload" as="image" href="${escapeHtml(cover.medium)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}" fetchpriority="high" data-page-head />`;
  return `${preload}\n    ${script}`;
}

/**
 * Home's "Coming up" list as the app picks it (web features/home/home-events.ts): events not
 * yet over, soonest first, HOME_UPCOMING_EVENTS of them.
 */
export function homeUpcoming<T extends Event>(events: readonly T[], now: Date): T[] {
  return events
    .filter((e) => Date.parse(e.endsAt ?? e.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, HOME_UPCOMING_EVENTS);
}
