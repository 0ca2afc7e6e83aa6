import { EVENT_PAGE_COVER_SIZES, type PageData } from '../../../contracts/page-data';
import { escapeHtml } from './seo.presenter';

/**
 * The top of the event page as HTML, with the same classes as the app's own (the header bar,
 * the cover, the title): the browser paints the page's largest element once the HTML, the
 * styles and the cover have arrived, instead of after the app's code has downloaded and run.
 * The app renders into a hidden root beside it and swaps it for its own page in one frame
 * (web/app/server-first-view.ts); the swapped-in elements are new ones, so nothing counts as
 * moved. `data-first-view` tells the app this copy is one it may replace on any page.
 */
export function renderEventFirstView(
  data: Extract<PageData, { kind: 'event' }>,
  siteName: string,
): string {
  const { event } = data;
  const cover = event.coverImage;
  const image = cover
    ? `<img src="${escapeHtml(cover.medium)}" srcset="${escapeHtml(`${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`)}" sizes="${EVENT_PAGE_COVER_SIZES}" alt="" width="1600" height="900" fetchpriority="high" class="aspect-video w-full bg-muted object-cover" />`
    : // The app draws a designed cover here; the placeholder keeps its place meanwhile.
      `<div class="aspect-[4/1] w-full bg-muted"></div>`;
  return pageShell(
    siteName,
    [
      '<article class="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">',
      '<div class="grid gap-8 lg:grid-cols-[1fr_20rem]"><div class="flex min-w-0 flex-col gap-6">',
      `<div class="overflow-hidden rounded-xl">${image}</div>`,
      '<header class="flex flex-col gap-4">',
      // The row of the category and price badges, kept empty: their words are the app's to translate.
      '<div class="flex flex-wrap gap-2"><span class="invisible inline-flex items-center rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap">&nbsp;</span></div>',
      `<h1 class="text-3xl font-extrabold tracking-tight text-balance md:text-4xl">${escapeHtml(event.title)}</h1>`,
      '</header></div></div></article>',
    ].join(''),
  );
}

/**
 * The layout around every first view: the header bar as the app draws it before it knows who is
 * signed in (the menu button's place on phones, the logo and the site's name), then the page.
 */
export function pageShell(siteName: string, main: string): string {
  return [
    '<div data-first-view class="flex min-h-screen flex-col">',
    '<header class="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">',
    '<div class="mx-auto flex min-h-16 max-w-7xl items-center gap-x-1.5 px-3 py-2 md:gap-x-4 md:px-4">',
    // Where the app has its menu button (phones), then the logo's square and the name.
    '<span class="size-9 md:hidden"></span>',
    '<a href="/" class="flex min-w-0 items-center gap-2 rounded-md"><span class="size-8 rounded-lg bg-primary"></span>',
    `<span class="truncate text-base font-bold tracking-tight md:text-lg">${escapeHtml(siteName)}</span></a>`,
    '</div></header>',
    `<main class="min-h-svh flex-1">${main}</main></div>`,
  ].join('');
}
