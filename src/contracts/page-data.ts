import type { HelpIndex, Post, PostList } from './content';
import type { CategoryList, Event, EventDetail } from './events';
import type { Locale } from './locales';
import type { EventSeating } from './seating';
import type { VendorDirectoryResponse, VendorPage } from './vendors';

/** One page of an event list as the API answers it (`GET /api/events`, `/api/events/search`). */
interface EventListPage<T extends Event = Event> {
  events: T[];
  nextCursor: string | null;
}

/**
 * A public page's first data, written into the page by the server (`#mea-page-data`) so the app
 * starts with it instead of asking the API once its code has run. As a signed-out visitor sees
 * it; `path` is the page it belongs to (the app uses it only there).
 */
export type PageData =
  | {
      kind: 'event';
      path: string;
      event: EventDetail;
      /** Whether the event has a live stream (else the page does not ask for one). */
      hasStream: boolean;
    }
  | { kind: 'vendor'; path: string; vendor: VendorPage }
  /** Home: the events its upcoming section picks from (GET /api/events?limit=HOME_EVENT_POOL). */
  | { kind: 'home'; path: '/'; page: EventListPage }
  /** /events without filters: its first page. */
  | { kind: 'events'; path: '/events'; page: EventListPage }
  /** /search?q= without filters: the first page of results for `q` (trimmed). */
  | {
      kind: 'search';
      path: '/search';
      q: string;
      page: EventListPage<Event & { headline: string }>;
    }
  /** /vendors without filters: the directory's first page. */
  | { kind: 'vendors'; path: '/vendors'; directory: VendorDirectoryResponse }
  /** /blog without tag, search or page: its newest posts (GET /api/blog/posts). */
  | { kind: 'blog'; path: '/blog'; list: PostList }
  /** /categories: every category with its count of upcoming events (GET /api/categories). */
  | { kind: 'categories'; path: '/categories'; list: CategoryList }
  /**
   * /help without a query: its index in the page's language (GET /api/help?lang=), which the
   * app uses only while it shows that language.
   */
  | { kind: 'help'; path: '/help'; locale: Locale; index: HelpIndex }
  /** A published post's page, by id or slug as its address has it (GET /api/blog/posts/:id). */
  | { kind: 'post'; path: string; post: Post }
  /** An event's seat page: its seating (GET /api/events/:id/seating), for a public event sold by seat. */
  | { kind: 'seats'; path: string; seating: EventSeating };

/**
 * How many events a list page (/events, /search, a category) shows before "Load more": a
 * phone's first screens, not fifty cards to lay out before the page answers a tap.
 */
export const EVENT_LIST_PAGE_SIZE = 12;

/**
 * How wide an event card draws its cover (the lists, home's upcoming events); the server's
 * first views and the preload of home's first cover use the same, so the browser picks the
 * candidate already on its way.
 */
export const EVENT_CARD_SIZES = '(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw';

/**
 * How wide a blog card draws its cover: one column on a phone, two from `sm`, three from `lg`
 * in a 72rem page. The server preloads /blog's first cover with the same, so the browser picks
 * the candidate already on its way.
 */
export const POST_CARD_SIZES = '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw';

/** How wide a post's page draws its cover (a 48rem column); the server preloads the same. */
export const POST_PAGE_COVER_SIZES = '(min-width: 768px) 48rem, 100vw';

/**
 * How wide the event page draws its cover; the server preloads the same candidate the browser
 * will pick, so it must be the `sizes` of the page's <img>.
 */
export const EVENT_PAGE_COVER_SIZES =
  '(min-width: 1152px) 768px, (min-width: 1024px) calc(100vw - 384px), 100vw';
