import type { EventDetail } from './events';

/**
 * A public page's first data, written into the page by the server (`#mea-page-data`) so the app
 * starts with it: today the event page, as a signed-out visitor sees it.
 */
export interface PageData {
  /** The page it belongs to: the app uses it only there. */
  path: string;
  event: EventDetail;
  /** Whether the event has a live stream (else the page does not ask for one). */
  hasStream: boolean;
}

/**
 * How wide the event page draws its cover; the server preloads the same candidate the browser
 * will pick, so it must be the `sizes` of the page's <img>.
 */
export const EVENT_PAGE_COVER_SIZES =
  '(min-width: 1152px) 768px, (min-width: 1024px) calc(100vw - 384px), 100vw';
