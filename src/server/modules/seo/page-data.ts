import { isUuid } from '../../../contracts/ids';
import { EVENT_PAGE_COVER_SIZES, type PageData } from '../../../contracts/page-data';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/http/errors';
import { getEvent, presentEvent } from '../events/events.service';
import { escapeHtml, scriptJson } from './seo.presenter';
import { eventHasStream } from './seo.queries';

/**
 * What a public page shows first, in the page itself: the app starts with it instead of asking
 * the API after its code has loaded, so the largest element (the event's cover and title) paints
 * without a round trip. As a signed-out visitor sees it; the app still asks the API in the
 * background, so a signed-in organizer's own view replaces it.
 */
export async function pageData(db: Database, path: string): Promise<PageData | null> {
  const match = /^\/event\/([^/]+)\/?$/.exec(path);
  const id = match?.[1] ? decodeURIComponent(match[1]) : '';
  if (!isUuid(id)) return null;
  try {
    const [event, hasStream] = await Promise.all([
      getEvent({ db }, { id, actor: null }),
      eventHasStream(db, { eventId: id }),
    ]);
    return {
      path: `/event/${id}`,
      event: { ...presentEvent(event), accessToken: null },
      hasStream,
    };
  } catch (error) {
    // Not public (a draft, a private event) or gone: the page asks the API as before.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The page data as a script the app reads at start (`data-page-head`: dropped on navigation),
 * and the event's cover preloaded, so it downloads beside the app's code rather than after it.
 */
export function renderPageData(data: PageData): string {
  const script = `<script type="application/json" id="mea-page-data" data-page-head>${scriptJson(data)}</script>`;
  const cover = data.event.coverImage;
  if (!cover) return script;
  const srcset = `${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`;
  const preload = `<link rel="preload" as="image" href="${escapeHtml(cover.medium)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${EVENT_PAGE_COVER_SIZES}" fetchpriority="high" data-page-head />`;
  return `${preload}\n    ${script}`;
}
