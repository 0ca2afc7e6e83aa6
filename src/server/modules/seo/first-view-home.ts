import type { PageData } from '../../../contracts/page-data';
import { pageShell } from './first-view';
import { eventCard, type CardContext } from './first-view-lists';
import { homeUpcoming } from './page-data';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

// The words of the home page's hero, as the app's hero.tsx writes them (the first of its
// rotating headlines: the one it shows first).
const home = (message: string) => webText('home', message);
export const HOME_TEXTS = {
  kicker: home('The events marketplace'),
  headline: home('Discover events worth showing up for'),
  line: home(
    'Attendees find events, organizers sell tickets and hire vendors, vendors and venues get booked and paid.',
  ),
  signIn: home('Sign In'),
  register: home('Register'),
  pause: home('Pause headlines'),
  upcoming: home('Upcoming events'),
  showEvents: home('Show events'),
  comingUp: home('Coming up'),
  thisWeekend: home('This weekend'),
  seeAll: home('See all events'),
};

const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap';

const PILL =
  'min-h-10 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The upcoming events section (upcoming-events-section.tsx) with its "Coming up" cards: the first
 * card's cover is a phone's largest element, which then paints from the HTML instead of after
 * the app, its section's code and an API call. "Near you" is left out: it is offered only when
 * the visitor's own time zone has events, which the server does not know. With no upcoming event
 * the app's empty state draws the section.
 */
function upcomingSection(data: Extract<PageData, { kind: 'home' }>, ctx: CardContext): string {
  const events = homeUpcoming(data.page.events, ctx.now);
  if (events.length === 0) return '';
  const say = (text: WebText) => escapeHtml(translateWeb(ctx.locale, text));
  return [
    '<section data-home-events aria-labelledby="home-upcoming" class="mx-auto max-w-6xl px-4 pt-4 pb-10 md:pt-6 md:pb-12">',
    '<div class="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">',
    `<h2 id="home-upcoming" class="text-3xl font-bold tracking-tight">${say(HOME_TEXTS.upcoming)}</h2>`,
    `<div role="group" aria-label="${say(HOME_TEXTS.showEvents)}" class="flex flex-wrap gap-2">`,
    `<span class="${PILL} inline-flex items-center border-primary bg-primary text-primary-foreground">${say(HOME_TEXTS.comingUp)}</span>`,
    `<span class="${PILL} inline-flex items-center border-border bg-background">${say(HOME_TEXTS.thisWeekend)}</span>`,
    '</div></div>',
    `<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${events.map((event, i) => eventCard(event, i, ctx)).join('')}</ul>`,
    '<div class="mt-8 flex justify-center">',
    `<a href="/events" class="${BUTTON} h-10 border border-border bg-background px-4 text-sm text-foreground">${say(HOME_TEXTS.seeAll)}</a>`,
    '</div></section>',
  ].join('');
}

/**
 * The home page's hero (hero.tsx) and, with the page's data, its upcoming events: the headline
 * and the first event's cover paint from the HTML. The sections under them come with the app,
 * in the places their own loading boxes keep.
 */
export function renderHomeFirstView(
  siteName: string,
  ctx: CardContext,
  data: Extract<PageData, { kind: 'home' }> | null,
): string {
  const say = (text: WebText) => escapeHtml(translateWeb(ctx.locale, text));
  return pageShell(
    siteName,
    [
      '<section class="bg-gradient-to-b from-primary-soft to-background">',
      '<div class="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 pt-10 pb-6 text-center md:pt-14 md:pb-8">',
      `<p class="text-sm font-semibold tracking-wide text-primary uppercase">${say(HOME_TEXTS.kicker)}</p>`,
      `<h1 class="min-h-[3.4em] text-4xl font-extrabold tracking-tight text-balance md:min-h-[2.1em] md:text-6xl">${say(HOME_TEXTS.headline)}</h1>`,
      `<p class="max-w-2xl text-lg text-muted-foreground">${say(HOME_TEXTS.line)}</p>`,
      '<div class="flex flex-wrap justify-center gap-3">',
      `<a href="/auth" class="${BUTTON} h-12 bg-primary px-6 text-base text-primary-foreground">${say(HOME_TEXTS.signIn)}</a>`,
      `<a href="/auth" class="${BUTTON} h-12 border border-border bg-background px-6 text-base text-foreground">${say(HOME_TEXTS.register)}</a>`,
      '</div>',
      // The pause button's look (its icon's place and its words); the app's button replaces it.
      `<span class="${BUTTON} h-8 px-3 text-sm text-muted-foreground"><span aria-hidden="true" class="size-4"></span>${say(HOME_TEXTS.pause)}</span>`,
      '</div></section>',
      data ? upcomingSection(data, ctx) : '',
    ].join(''),
  );
}
