import { EVENT_CATEGORIES } from '../../../contracts/enums';
import type { Event } from '../../../contracts/events';
import { intlLocale, type Locale } from '../../../contracts/locales';
import { EVENT_CARD_SIZES, type PageData } from '../../../contracts/page-data';
import { pageShell } from './first-view';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

// The words of the event lists' tops, as the app's events feature writes them (events-page.tsx,
// search-page.tsx, event-browser.tsx, search-results.tsx, event-filters-bar.tsx,
// event-search-field.tsx, event-card.tsx).
const ev = (message: string) => webText('events', message);
export const LIST_TEXTS = {
  events: ev('Events'),
  eventsLine: ev('Upcoming events, newest first.'),
  createEvent: ev('Create event'),
  searchEvents: ev('Search events'),
  searchPlaceholder: ev('Title, description or place'),
  search: ev('Search'),
  searchTitle: ev('Search: {term}'),
  category: ev('Category'),
  allCategories: ev('All categories'),
  date: ev('Date'),
  price: ev('Price'),
  freeAndPaid: ev('Free and paid'),
  showing: ev('{0, plural, one {Showing # event} other {Showing # events}}'),
  results: ev('{0, plural, one {# result} other {# results}}'),
  resultsSoFar: ev('{0, plural, one {# result so far} other {# results so far}}'),
  online: ev('Online'),
  free: ev('Free'),
  paid: ev('Paid'),
  cancelled: ev('Cancelled'),
};

/** What the first view of a list draws of its events: the cards a phone or laptop shows first. */
const FIRST_CARDS = 6;
const BADGE =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';
export const BOX =
  'flex h-10 w-full items-center rounded-md border border-input bg-background px-3 text-sm text-muted-foreground';
export const LABEL = 'text-sm leading-none font-medium';

/** The version tag of a designed cover's address, as the app writes it (event-cover.tsx). */
function coverVersion(text: string): string {
  let hash = 5381;
  for (const char of text) hash = (Math.imul(hash, 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

/** "Thu, Dec 3 · 7:00 PM" in the event's zone and the page's language (web/lib/dates.ts). */
function cardDate(iso: string, timeZone: string, locale: Locale, now: Date): string {
  const lang = intlLocale(locale);
  const date = new Date(iso);
  const year = (d: Date) => new Intl.DateTimeFormat(lang, { timeZone, year: 'numeric' }).format(d);
  const day = new Intl.DateTimeFormat(lang, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year(date) === year(now) ? {} : { year: 'numeric' }),
  }).format(date);
  const time = new Intl.DateTimeFormat(lang, { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day} · ${time.format(date)}`;
}

/** A search headline's text with its matches marked, escaped (web highlight.ts). */
function highlighted(fragment: string): string {
  return fragment
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .map((part) => {
      const match = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
      return match
        ? `<mark class="rounded-sm bg-warning-soft px-0.5 text-foreground">${escapeHtml(match[1] ?? '')}</mark>`
        : escapeHtml(part);
    })
    .join('');
}

export interface CardContext {
  locale: Locale;
  now: Date;
}

/** An event category's name in the page's language, as the app names it (category-label.ts). */
export function categoryLabel(locale: Locale, name: string): string {
  return (EVENT_CATEGORIES as readonly string[]).includes(name)
    ? translateWeb(locale, webText('events', name))
    : name;
}

/** An event card as the app draws it (event-card.tsx, event-cover.tsx). */
export function eventCard(
  event: Event & { headline?: string },
  index: number,
  ctx: CardContext,
): string {
  const say = (text: WebText) => escapeHtml(translateWeb(ctx.locale, text));
  const cover = event.coverImage;
  // The first card's cover is usually the page's largest element: it is fetched first.
  const loading = index === 0 ? 'fetchpriority="high"' : 'loading="lazy"';
  const image = cover
    ? `<img src="${escapeHtml(cover.medium)}" srcset="${escapeHtml(`${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`)}" sizes="${EVENT_CARD_SIZES}" alt="" width="1600" height="900" ${loading} decoding="async" class="aspect-video w-full bg-muted object-cover" />`
    : `<img src="/og/cover/${escapeHtml(event.id)}.webp?v=${coverVersion(`${event.title}\n${event.category}`)}" sizes="${EVENT_CARD_SIZES}" alt="" width="1600" height="900" ${loading} decoding="async" class="aspect-video w-full bg-muted object-cover" />`;
  const headline = event.headline
    ? `<p class="line-clamp-3 text-sm text-muted-foreground">${highlighted(event.headline)}</p>`
    : '';
  return [
    '<li><article class="group relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm">',
    image,
    '<div class="flex flex-1 flex-col gap-2 p-4">',
    `<p class="text-sm font-medium text-primary"><time datetime="${escapeHtml(event.startsAt)}">${escapeHtml(cardDate(event.startsAt, event.timezone, ctx.locale, ctx.now))}</time></p>`,
    `<h3 class="text-lg leading-snug font-semibold"><a href="/event/${escapeHtml(encodeURIComponent(event.id))}" class="after:absolute after:inset-0">${escapeHtml(event.title)}</a></h3>`,
    // The pin's place; the icon comes with the app.
    `<p class="flex items-start gap-1.5 text-sm text-muted-foreground"><span aria-hidden="true" class="mt-0.5 size-4 shrink-0"></span><span class="line-clamp-2">${event.isOnline ? say(LIST_TEXTS.online) : escapeHtml(event.location)}</span></p>`,
    headline,
    '<div class="mt-auto flex flex-wrap gap-2 pt-2">',
    `<span class="${BADGE} border border-border text-foreground">${escapeHtml(categoryLabel(ctx.locale, event.category))}</span>`,
    event.isFree
      ? `<span class="${BADGE} bg-success-soft text-success">${say(LIST_TEXTS.free)}</span>`
      : `<span class="${BADGE} border border-border text-foreground">${say(LIST_TEXTS.paid)}</span>`,
    event.eventStatus === 'cancelled'
      ? `<span class="${BADGE} bg-destructive-soft text-destructive">${say(LIST_TEXTS.cancelled)}</span>`
      : '',
    '</div></div></article></li>',
  ].join('');
}

/** The first cards of a list, in the app's grid, under the line counting them. */
function eventCards(
  events: (Event & { headline?: string })[],
  count: string,
  ctx: CardContext,
): string {
  const cards = events.slice(0, FIRST_CARDS).map((event, i) => eventCard(event, i, ctx));
  return [
    `<h2 class="text-sm font-normal text-muted-foreground">${escapeHtml(count)}</h2>`,
    `<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${cards.join('')}</ul>`,
  ].join('');
}

/**
 * The filters bar's look (event-filters-bar.tsx): its labels and boxes at their size, showing
 * what the unfiltered app shows. Not a form: the app's own fields replace it within a second.
 */
function filtersBar(locale: Locale, withCategory: boolean): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const field = (width: string, label: WebText, value: string) =>
    `<div class="flex ${width} flex-1 flex-col gap-1.5 sm:flex-none"><span class="${LABEL}">${say(label)}</span><span class="${BOX}">${value}</span></div>`;
  return [
    '<div class="flex flex-wrap items-end gap-3">',
    withCategory ? field('min-w-44', LIST_TEXTS.category, say(LIST_TEXTS.allCategories)) : '',
    field('min-w-40', LIST_TEXTS.date, ''),
    field('min-w-32', LIST_TEXTS.price, say(LIST_TEXTS.freeAndPaid)),
    '</div>',
  ].join('');
}

/** A list page's title row (page-header.tsx) inside the page's body (PageBody). */
export function listPage(title: string, line: string, actions: string, body: string): string {
  return [
    '<div class="mx-auto max-w-6xl px-4 py-8 md:py-12">',
    '<div class="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between"><div class="flex flex-col gap-2">',
    `<h1 class="text-3xl font-extrabold tracking-tight md:text-4xl">${escapeHtml(title)}</h1>`,
    line ? `<p class="text-muted-foreground">${escapeHtml(line)}</p>` : '',
    '</div>',
    actions ? `<div class="flex flex-wrap gap-2">${actions}</div>` : '',
    `</div><div class="flex flex-col gap-6">${body}</div></div>`,
  ].join('');
}

/** /events: the title, the search and filters, and the first cards of upcoming events. */
export function renderEventsFirstView(
  data: Extract<PageData, { kind: 'events' }>,
  siteName: string,
  ctx: CardContext,
): string | null {
  const { events } = data.page;
  // An empty list is the app's to explain (its message and link): it draws the page alone.
  if (events.length === 0) return null;
  const say = (text: WebText) => escapeHtml(translateWeb(ctx.locale, text));
  const create = `<a href="/create-event" class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium whitespace-nowrap text-foreground"><span aria-hidden="true" class="size-4"></span>${say(LIST_TEXTS.createEvent)}</a>`;
  const search = [
    '<div class="flex flex-col gap-1.5">',
    `<span class="${LABEL}">${say(LIST_TEXTS.searchEvents)}</span>`,
    `<div class="flex gap-2"><span class="${BOX}">${say(LIST_TEXTS.searchPlaceholder)}</span>`,
    `<span class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium whitespace-nowrap text-foreground"><span aria-hidden="true" class="size-4"></span>${say(LIST_TEXTS.search)}</span></div></div>`,
  ].join('');
  const count = translateWeb(ctx.locale, LIST_TEXTS.showing, { 0: events.length });
  return pageShell(
    siteName,
    listPage(
      translateWeb(ctx.locale, LIST_TEXTS.events),
      translateWeb(ctx.locale, LIST_TEXTS.eventsLine),
      create,
      [
        `<div class="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">${search}${filtersBar(ctx.locale, true)}</div>`,
        eventCards(events, count, ctx),
      ].join(''),
    ),
  );
}

/** /search?q=: the title with the term, the filters and the first results with their matches. */
export function renderSearchFirstView(
  data: Extract<PageData, { kind: 'search' }>,
  siteName: string,
  ctx: CardContext,
): string | null {
  const { events, nextCursor } = data.page;
  // No results: the app's message and suggestions (which need the categories) draw the page.
  if (events.length === 0) return null;
  const count = translateWeb(
    ctx.locale,
    nextCursor ? LIST_TEXTS.resultsSoFar : LIST_TEXTS.results,
    { 0: events.length },
  );
  return pageShell(
    siteName,
    listPage(
      translateWeb(ctx.locale, LIST_TEXTS.searchTitle, { term: data.q }),
      '',
      '',
      `${filtersBar(ctx.locale, true)}${eventCards(events, count, ctx)}`,
    ),
  );
}
