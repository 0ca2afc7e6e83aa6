import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { createResponseCache } from '../../platform/http/response-cache';
import { zoneOffsetMs } from '../../../contracts/zoned-time';
import { eventIsPublic, postIsPublic, profileIsPublic } from './seo.policy';
import { breadcrumbs, escapeHtml, renderHead, summary, type PageHead } from './seo.presenter';
import * as q from './seo.queries';
import { renderEventFirstView } from './first-view';
import { renderAuthFirstView } from './first-view-auth';
import { renderHomeFirstView } from './first-view-home';
import { isSeatPagePath, renderSeatsFirstView } from './first-view-seats';
import { renderVendorFirstView } from './first-view-vendor';
import { renderEventsFirstView, renderSearchFirstView } from './first-view-lists';
import {
  renderBlogFirstView,
  renderHelpFirstView,
  renderPostFirstView,
  renderPricingFirstView,
} from './first-view-content';
import { renderCategoriesFirstView, renderVendorsFirstView } from './first-view-directory';
import { pageData, renderPageData } from './page-data';
import { poolLimitsOfEvent } from '../tickets/tickets.service';
import { isUuid } from '../../../contracts/ids';

export interface SeoDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_NAME'>;
}

const SITE_DESCRIPTION = msg`Find events, sell tickets, hire vendors and book venues.`;
/** Share images drawn for events without a cover (share-image.ts). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const EVENTS = msg`Events`;
const CATEGORIES = msg`Categories`;
const VENDORS = msg`Vendors`;
const VENUES = msg`Venues`;
const ORGANIZERS = msg`Organizers`;
const BLOG = msg`Blog`;

/** Titles of the public list pages; the rest of the app keeps the built page's generic head. */
const LIST_PAGES: Record<
  string,
  { title: MessageDescriptor | null; description: MessageDescriptor }
> = {
  '/': { title: null, description: SITE_DESCRIPTION },
  '/events': {
    title: EVENTS,
    description: msg`Upcoming events: concerts, parties, conferences and more.`,
  },
  '/categories': { title: CATEGORIES, description: msg`Browse events by category.` },
  '/vendors': {
    title: VENDORS,
    description: msg`DJs, caterers, photographers, rentals and more for your event.`,
  },
  '/venues': { title: VENUES, description: msg`Venues to book for your next event.` },
  '/organizers': {
    title: ORGANIZERS,
    description: msg`The people and companies behind the events.`,
  },
  '/blog': { title: BLOG, description: msg`News, guides and stories about events.` },
  '/help': { title: msg`Help & FAQ`, description: msg`Answers to common questions.` },
  '/pricing': {
    title: msg`Pricing`,
    description: msg`Plans for organizers, vendors and venues.`,
  },
};

/** `2026-12-05T19:00:00+01:00`: the instant as the event's wall clock with its offset. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offsetMs = zoneOffsetMs(instant, timeZone);
  const local = new Date(instant.getTime() + offsetMs).toISOString().slice(0, 19);
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/**
 * "Sat, Dec 5, 2026, 7:00 PM" in the event's own time zone, with the zone's short name; in
 * another language as its readers write it.
 */
export function whenLine(startsAt: Date, timeZone: string, locale: Locale = SOURCE_LOCALE): string {
  return new Intl.DateTimeFormat(locale === SOURCE_LOCALE ? 'en-US' : locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(startsAt);
}

export const placeLine = (
  e: Pick<q.EventHeadRow, 'isOnline' | 'venueName' | 'city' | 'country'>,
  locale: Locale = SOURCE_LOCALE,
) =>
  e.isOnline
    ? translate(locale, msg`Online`)
    : [e.venueName, e.city, e.country].filter((part) => part && part.trim()).join(', ');

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * A public event for its share image or designed cover; the id comes from a file name, so one
 * that is not a uuid, a draft and a private event all answer 404 alike.
 */
export async function publicEventHead(deps: Pick<SeoDeps, 'db'>, id: string | undefined) {
  const event = id && isUuid(id) ? await q.eventHead(deps.db, { id }) : null;
  if (!event || !eventIsPublic(event)) throw new AppError('NOT_FOUND', msg`Event not found`);
  return event;
}

/** The offers' stock as the buyer's ticket list shows it: no more than their pools have left. */
async function withPoolLimits<
  T extends { id: string; offers: { ticketTypeId: string; remaining: number }[] },
>(db: Database, event: T): Promise<T> {
  if (!event.offers.length) return event;
  const limits = await poolLimitsOfEvent(db, { eventId: event.id });
  return {
    ...event,
    offers: event.offers.map((offer) => {
      const limit = limits.get(offer.ticketTypeId);
      return limit === undefined
        ? offer
        : { ...offer, remaining: Math.min(offer.remaining, limit) };
    }),
  };
}

type Tr = (message: MessageDescriptor) => string;
const cancelledTitle = (_: Tr, title: string) => _(msg`Cancelled: ${title}`);
const categoryTitle = (_: Tr, category: string) => _(msg`${category} events`);
const categoryLine = (_: Tr, category: string, site: string) =>
  _(msg`Upcoming ${category} events on ${site}.`);
const onSite = (_: Tr, name: string, site: string) => _(msg`${name} on ${site}.`);
const profileLine = (_: Tr, name: string, what: string, site: string) =>
  what ? _(msg`${name}: ${what} on ${site}.`) : onSite(_, name, site);
const rideTitle = (_: Tr, event: string) => _(msg`Ride to ${event}`);
const rideLine = (_: Tr, area: string, when: string, cancelled: boolean) =>
  cancelled ? _(msg`Cancelled · From ${area} · ${when}`) : _(msg`From ${area} · ${when}`);

export function createSeo(deps: SeoDeps) {
  const base = deps.config.PUBLIC_URL;
  const site = deps.config.APP_NAME;
  const titled = (title: string) => (title ? `${title} | ${site}` : site);

  /**
   * The page heads in one language: the head's own words are translated; names, titles and
   * descriptions that people wrote stay as written.
   */
  function headsIn(locale: Locale) {
    const _ = (message: MessageDescriptor) => translate(locale, message);
    const generic = (path: string): PageHead => ({
      title: site,
      description: _(SITE_DESCRIPTION),
      canonical: `${base}${path}`,
      type: 'website',
      noindex: true,
    });

    function eventPage(event: NonNullable<Awaited<ReturnType<typeof q.eventHead>>>): PageHead {
      const url = `${base}/event/${event.id}`;
      const where = placeLine(event, locale);
      const when = whenLine(event.startsAt, event.timezone, locale);
      const cancelled = event.eventStatus === 'cancelled';
      const image = event.coverImage
        ? { url: `${base}${event.coverImage}-large.webp`, width: 1600, height: 900 }
        : {
            url: `${base}/og/event/${event.id}.png?v=${event.updatedAt.getTime()}`,
            ...SHARE_IMAGE,
          };
      const now = deps.clock.now();
      const jsonLd = {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        description: summary(event.description, 500),
        startDate: isoInZone(event.startsAt, event.timezone),
        ...(event.endsAt ? { endDate: isoInZone(event.endsAt, event.timezone) } : {}),
        eventStatus: `https://schema.org/${cancelled ? 'EventCancelled' : 'EventScheduled'}`,
        eventAttendanceMode: `https://schema.org/${event.isOnline ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'}`,
        location: event.isOnline
          ? { '@type': 'VirtualLocation', url }
          : {
              '@type': 'Place',
              name: event.venueName || event.city || where,
              address: {
                '@type': 'PostalAddress',
                ...(event.address ? { streetAddress: event.address } : {}),
                ...(event.city ? { addressLocality: event.city } : {}),
                ...(event.country ? { addressCountry: event.country } : {}),
              },
            },
        image: [image.url],
        url,
        organizer: {
          '@type': event.organizerType === 'attendee' ? 'Person' : 'Organization',
          name: event.organizerName,
          url: `${base}/organizers/${event.organizerId}`,
        },
        ...(event.offers.length
          ? {
              offers: event.offers.map((offer) => ({
                '@type': 'Offer',
                name: offer.name,
                price: money(offer.priceCents),
                priceCurrency: offer.currency,
                availability: `https://schema.org/${offer.remaining > 0 && (!offer.salesEnd || new Date(offer.salesEnd) > now) ? 'InStock' : 'SoldOut'}`,
                ...(offer.salesStart
                  ? { validFrom: new Date(offer.salesStart).toISOString() }
                  : {}),
                url: `${base}/event/${event.id}`,
              })),
            }
          : {}),
      };
      return {
        title: titled(cancelled ? cancelledTitle(_, event.title) : event.title),
        description: summary([when, where, event.description].filter(Boolean).join(' · '), 200),
        canonical: url,
        type: 'event',
        image: { ...image, alt: `${event.title}, ${when}${where ? `, ${where}` : ''}` },
        jsonLd: [
          jsonLd,
          breadcrumbs([
            { name: _(EVENTS), url: `${base}/events` },
            { name: event.title, url },
          ]),
        ],
      };
    }

    async function profilePage(kind: 'vendor' | 'venue' | 'organizer', id: string, path: string) {
      const profile = await q.profileHead(deps.db, { id });
      if (!profile || !profileIsPublic(profile) || profile.userType !== kind) return generic(path);
      const canonical = `${base}${path}`;
      const what = [profile.service ?? profile.category, profile.serviceArea].filter(Boolean);
      const description = summary(
        profile.description?.trim() || profileLine(_, profile.name, what.join(' · '), site),
        200,
      );
      const image = profile.avatarUrl?.startsWith('/')
        ? { url: `${base}${profile.avatarUrl}`, width: 400, height: 400, alt: profile.name }
        : undefined;
      const list = _({ vendor: VENDORS, venue: VENUES, organizer: ORGANIZERS }[kind]);
      const listPath = { vendor: '/vendors', venue: '/venues', organizer: '/organizers' }[kind];
      return {
        title: titled(profile.name),
        description,
        canonical,
        type: 'profile',
        image,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': kind === 'organizer' ? 'Organization' : 'LocalBusiness',
            name: profile.name,
            description,
            url: canonical,
            ...(image ? { image: image.url } : {}),
            ...(profile.serviceArea ? { areaServed: profile.serviceArea } : {}),
          },
          breadcrumbs([
            { name: list, url: `${base}${listPath}` },
            { name: profile.name, url: canonical },
          ]),
        ],
      } satisfies PageHead;
    }

    async function postPage(idOrSlug: string, path: string): Promise<PageHead> {
      const post = await q.postHead(deps.db, { idOrSlug, byId: isUuid(idOrSlug) });
      if (!post || !postIsPublic(post, deps.clock.now())) return generic(path);
      const canonical = `${base}/blog/${post.slug}`;
      const description = summary(post.seoDescription || post.excerpt, 200);
      const image = post.coverImage
        ? { url: `${base}${post.coverImage}`, width: 1600, height: 900, alt: post.title }
        : undefined;
      return {
        title: titled(post.seoTitle || post.title),
        description,
        canonical,
        type: 'article',
        image,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Article',
            headline: post.title,
            description,
            ...(image ? { image: [image.url] } : {}),
            datePublished: post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined,
            dateModified: new Date(post.updatedAt).toISOString(),
            author: { '@type': 'Person', name: post.authorName || site },
            publisher: { '@type': 'Organization', name: site },
            mainEntityOfPage: canonical,
          },
          breadcrumbs([
            { name: _(BLOG), url: `${base}/blog` },
            { name: post.title, url: canonical },
          ]),
        ],
      };
    }

    /** The head of a public page, or null for pages that keep the built page's generic head. */
    async function headFor(path: string): Promise<PageHead | null> {
      const [, first, second, ...rest] = path.replace(/\/+$/, '').split('/');
      // Not to be indexed (a sign-in form), but drawn from the HTML like the public pages.
      if (first === 'auth' && !second) return generic('/auth');
      if (rest.length === 0 && second) {
        const id = decodeURIComponent(second);
        if (first === 'event') {
          const event = isUuid(id) ? await q.eventHead(deps.db, { id }) : null;
          return event && eventIsPublic(event)
            ? eventPage(await withPoolLimits(deps.db, event))
            : generic(path);
        }
        if (first === 'vendor' || first === 'venues' || first === 'organizers') {
          if (!isUuid(id)) return generic(path);
          const kind = first === 'vendor' ? 'vendor' : first === 'venues' ? 'venue' : 'organizer';
          return profilePage(kind, id, path);
        }
        if (first === 'categories') {
          const category = await q.categoryHead(deps.db, { slug: id });
          if (!category) return generic(path);
          return {
            title: titled(categoryTitle(_, category.name)),
            description: categoryLine(_, category.name.toLowerCase(), site),
            canonical: `${base}/categories/${category.slug}`,
            type: 'website',
            jsonLd: [
              breadcrumbs([
                { name: _(CATEGORIES), url: `${base}/categories` },
                { name: category.name, url: `${base}/categories/${category.slug}` },
              ]),
            ],
          };
        }
        if (first === 'blog') return postPage(id, path);
        if (first === 'f') {
          const funnel = await q.funnelHead(deps.db, { slug: id });
          if (!funnel?.published) return generic(path);
          return {
            title: funnel.seoTitle || titled(funnel.name),
            description: summary(funnel.seoDescription || onSite(_, funnel.name, site), 200),
            canonical: `${base}/f/${funnel.slug}`,
            type: 'website',
          };
        }
        if (first === 'shared-ryder') {
          const ride = isUuid(id) ? await q.rideHead(deps.db, { id }) : null;
          if (!ride || !eventIsPublic(ride)) return generic(path);
          const when = whenLine(ride.departsAt, ride.timezone, locale);
          return {
            title: titled(rideTitle(_, ride.eventTitle)),
            description: summary(
              rideLine(_, ride.departureArea, when, ride.status === 'cancelled'),
              200,
            ),
            canonical: `${base}/shared-ryder/${ride.id}`,
            type: 'website',
            // A trip is shared to be followed, not to be found by strangers.
            noindex: true,
          };
        }
        return null;
      }
      const list = LIST_PAGES[path === '' ? '/' : path.replace(/\/+$/, '') || '/'];
      if (!list) return null;
      return {
        title: titled(list.title ? _(list.title) : ''),
        description: _(list.description),
        canonical: `${base}${path.replace(/\/+$/, '') || '/'}`,
        type: 'website',
      };
    }

    return headFor;
  }

  /** The head of a public page in a language, or null for the built page's generic head. */
  const headFor = (path: string, locale: Locale = SOURCE_LOCALE) => headsIn(locale)(path);

  // A page's head is one query; a shared link brings bursts of crawlers to one page, so the
  // rendered tags are kept for a few seconds, per language.
  const cache = createResponseCache({ ttlMs: 5_000, clock: deps.clock, maxEntries: 5_000 });
  const bodyCache = createResponseCache({ ttlMs: 5_000, clock: deps.clock, maxEntries: 5_000 });
  const NONE = '';
  return {
    headFor,
    /**
     * The rendered tags for this path (and its page's first data, which may depend on the query
     * string `search`), or null to serve the built page unchanged.
     */
    async headHtml(
      path: string,
      locale: Locale = SOURCE_LOCALE,
      search = '',
    ): Promise<string | null> {
      const html = await cache.get(`${locale} ${path}${search}`, async () => {
        const [head, data] = await Promise.all([
          headFor(path, locale),
          pageData(deps, path, search, locale),
        ]);
        if (!data) return head ? renderHead(head, site) : NONE;
        // A page with data but no head of its own (a search) keeps the site's title and
        // description, which the page's own head would otherwise have replaced.
        const own = head
          ? renderHead(head, site)
          : `<title>${escapeHtml(site)}</title>\n    <meta name="description" content="${escapeHtml(translate(locale, SITE_DESCRIPTION))}" />`;
        return `${own}\n    ${renderPageData(data, deps.clock.now())}`;
      });
      return html === NONE ? null : html;
    },
    /**
     * The first view of a public page as HTML (first-view*.ts), or null: the other pages are
     * drawn by the app alone. Only pages with their data in the HTML have one, and a list only
     * for the query string the data was written for.
     */
    async bodyHtml(url: string, locale: Locale = SOURCE_LOCALE): Promise<string | null> {
      const at = url.indexOf('?');
      const path = at < 0 ? url : url.slice(0, at);
      if (!FIRST_VIEW_PATH.test(path) && !isSeatPagePath(path)) return null;
      // A list's view is drawn only for the query its data was written for (pageData), the
      // sign-in page's for its Sign In tab; the others ignore the query string (a shared link's
      // tracking, the home page's notices).
      const search = at < 0 || !LIST_PATH.test(path) ? '' : url.slice(at);
      const html = await bodyCache.get(`${locale} ${path}${search}`, async () => {
        // Pages whose top needs no data (pricing, the sign-in page): drawn from the web catalogs.
        const page = path.replace(/\/+$/, '');
        if (page === '/pricing') return renderPricingFirstView(site, locale);
        // The Sign In tab only: another tab or a confirmation's notice is the app's to draw.
        if (page === '/auth')
          return [...new URLSearchParams(search).keys()].every((key) => key === 'redirect')
            ? renderAuthFirstView(site, locale)
            : NONE;
        const data = await pageData(deps, path, search, locale);
        // Its index when the data has it (no query), else its hero over the articles' place.
        if (page === '/help')
          return renderHelpFirstView(site, locale, data?.kind === 'help' ? data : null);
        const cards = { locale, now: deps.clock.now() };
        if (path === '/')
          return renderHomeFirstView(site, cards, data?.kind === 'home' ? data : null);
        if (data?.kind === 'event') return renderEventFirstView(data, site);
        if (data?.kind === 'seats') return renderSeatsFirstView(data, site, locale);
        if (data?.kind === 'vendor') return renderVendorFirstView(data, site, locale);
        if (data?.kind === 'events') return renderEventsFirstView(data, site, cards) ?? NONE;
        if (data?.kind === 'search') return renderSearchFirstView(data, site, cards) ?? NONE;
        if (data?.kind === 'vendors') return renderVendorsFirstView(data, site, locale) ?? NONE;
        if (data?.kind === 'categories') return renderCategoriesFirstView(data, site, locale);
        if (data?.kind === 'blog') return renderBlogFirstView(data, site, cards) ?? NONE;
        if (data?.kind === 'post') return renderPostFirstView(data, site, cards);
        return NONE;
      });
      return html === NONE ? null : html;
    },
  };
}

const LIST_PATH = /^\/(events|search|vendors|blog|help|auth)\/?$/;
/**
 * The pages that may have a first view: home, an event's, a vendor's, a post's, the lists
 * (events, search, vendors, categories, blog), the help center, pricing and the sign-in page.
 */
const FIRST_VIEW_PATH =
  /^(\/|(\/(event|vendor|blog)\/[^/]+|\/(events|search|vendors|categories|blog|help|pricing|auth))\/?)$/;
