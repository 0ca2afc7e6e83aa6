import type { Locale } from '../../../contracts/locales';
import { pageShell } from './first-view';
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
};

const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap';

/**
 * The home page's hero (hero.tsx): the headline, usually the page's largest element, paints from
 * the HTML. The events under it come with the app, in the place its own loading box keeps.
 */
export function renderHomeFirstView(siteName: string, locale: Locale): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
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
    ].join(''),
  );
}
