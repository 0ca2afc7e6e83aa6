import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../contracts/locales';
import { escapeHtml } from '../mail/templates';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where the web app's route table is in Vite's manifest (src/web/app/route-table.tsx). */
const ROUTE_TABLE_SOURCE = 'app/route-table.tsx';

/**
 * The public pages people land on from a link or a search engine, and the module of each (as
 * Vite's manifest names it, relative to src/web). A page's code is otherwise found only after
 * the entry and the route table have run: three round trips before its first paint.
 */
export const PUBLIC_PAGE_MODULES: readonly {
  path: RegExp;
  source: string;
  /** Parts the page loads lazily but at once, on its first render (above the fold). */
  eager?: readonly string[];
  /** The API answer the page asks for first, fetched with the page. */
  api?: (path: string) => string;
  /**
   * An entry of its own that makes the server's first view usable before the app has loaded,
   * run before the app's entry (only when the page has its first view in the HTML).
   */
  firstView?: string;
  /**
   * With its first view, the app's scripts and preloads wait in a template until that script
   * starts them (after the first interaction or an idle moment): they would otherwise share the
   * main thread with the first tap.
   */
  deferApp?: boolean;
}[] = [
  // Home: the page and its upcoming events (decision 047: the first thing under the headline),
  // whose first card's cover is the largest element a phone paints. Their events are in the
  // page itself (the seo module's page data), not asked of the API.
  {
    path: /^\/$/,
    source: 'features/home/home-page.tsx',
    eager: ['features/home/upcoming-events-section.tsx'],
  },
  { path: /^\/event\/[^/]+$/, source: 'features/events/event-page.tsx' },
  // A shared "choose your seats" link: the map becomes interactive a round trip sooner.
  {
    path: /^\/event\/[0-9a-fA-F-]{36}\/seats$/,
    source: 'features/seating/seat-picker-page.tsx',
    api: (path) => `/api/events/${path.split('/')[2] ?? ''}/seating`,
    // The map painted and choosable from the seating in the HTML, seconds before the app runs.
    firstView: 'features/seating/seat-first-view.ts',
    deferApp: true,
  },
  { path: /^\/events$/, source: 'features/events/events-page.tsx' },
  { path: /^\/search$/, source: 'features/events/search-page.tsx' },
  { path: /^\/categories$/, source: 'features/events/categories-page.tsx' },
  { path: /^\/vendors?(\/[^/]+)?$/, source: 'features/vendors/vendor-pages.tsx' },
  { path: /^\/blog$/, source: 'features/content/blog-list-page.tsx' },
  { path: /^\/blog\/[^/]+$/, source: 'features/content/blog-post-page.tsx' },
  { path: /^\/help$/, source: 'features/content/help-page.tsx' },
  { path: /^\/pricing$/, source: 'features/subscriptions/pricing-page.tsx' },
];

/** The app's entry (index.html's script); the build has others (a first view's script). */
const appEntry = (manifest: Manifest) =>
  manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((key) => manifest[key]?.isEntry);

function readManifest(webDir: string): Manifest | null {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const links = (files: string[]) =>
  files
    .map((name) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(name)}">`)
    .join('');

/**
 * Preload links for the web app's route table and what it imports that the page does not load
 * already. The home page renders without the table; every other page waits for it before its
 * first render, so it is fetched with the page rather than after the entry script has run
 * (decision 076). Empty without a build manifest.
 */
export function routeTablePreload(webDir: string, html: string): string {
  const manifest = readManifest(webDir);
  const table = manifest?.[ROUTE_TABLE_SOURCE];
  if (!manifest || !table) return '';
  const files = [table.file, ...(table.imports ?? []).map((key) => manifest[key]?.file ?? '')];
  return links(files.filter((name) => name && !html.includes(`/${name}"`)));
}

/**
 * For a public page, preload links for its code (its chunk and the chunks it imports, less what
 * the entry and the route table bring) and its message catalogs in the page's language, so they
 * download beside the entry instead of after it has run (decision 087). Built once per page
 * and language; empty for other paths and without a build manifest.
 */
export function publicPagePreloads(webDir: string): (path: string, locale: Locale) => string {
  const manifest = readManifest(webDir);
  const entryKey = manifest && appEntry(manifest);
  if (!manifest || !entryKey) return () => '';
  const loaded = staticClosure(manifest, entryKey);
  staticClosure(manifest, ROUTE_TABLE_SOURCE, loaded);
  const cache = new Map<string, string>();
  return (pagePath, locale) => {
    const page = PUBLIC_PAGE_MODULES.find((candidate) => candidate.path.test(pagePath));
    if (!page || !manifest[page.source]) return '';
    const cacheKey = `${page.source} ${locale}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const closure = new Set<string>();
    for (const source of [page.source, ...(page.eager ?? [])])
      staticClosure(manifest, source, closure);
    const chunks = [...closure].filter((key) => !loaded.has(key));
    // A feature's catalog loader imports its `<language>.po` files; the page waits for them.
    const catalogs = chunks.flatMap((key) =>
      (manifest[key]?.dynamicImports ?? []).filter((imported) =>
        imported.endsWith(`/${locale}.po`),
      ),
    );
    const files = [...chunks, ...catalogs].map((key) => manifest[key]?.file ?? '').filter(Boolean);
    const result = links([...new Set(files)]);
    cache.set(cacheKey, result);
    return result;
  };
}

/**
 * A preload of the API answer a public page asks for first, so it is under way while the app's
 * code downloads (the app's own request then takes it); empty for other pages.
 */
export function pageApiPreload(pagePath: string): string {
  const page = PUBLIC_PAGE_MODULES.find((candidate) => candidate.path.test(pagePath));
  const url = page?.api?.(pagePath);
  return url ? `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">` : '';
}

/**
 * The script that makes a page's first view usable before the app has loaded (`firstView`):
 * `script` goes at the end of the first view (an async module: it runs as soon as it has
 * arrived, with the copy above it parsed, not after the document and its styles like the app's
 * entry, and not behind it), `preload` in the head (what it imports, at once or dynamically).
 * `deferApp` says the app's own tags go in a template for that script to start. Empty for other
 * pages and without a build manifest.
 */
export function firstViewScripts(
  webDir: string,
): (path: string) => { script: string; preload: string; deferApp: boolean } {
  const manifest = readManifest(webDir);
  const none = { script: '', preload: '', deferApp: false };
  if (!manifest) return () => none;
  return (pagePath) => {
    const page = PUBLIC_PAGE_MODULES.find((candidate) => candidate.path.test(pagePath));
    const source = page?.firstView;
    const entry = source ? manifest[source] : undefined;
    if (!source || !entry) return none;
    const closure = staticClosure(manifest, source);
    for (const imported of entry.dynamicImports ?? []) staticClosure(manifest, imported, closure);
    const imports = [...closure].filter((key) => key !== source);
    return {
      // `async` first: the app's scripts are fetched at low priority under a first view, not this.
      script: `<script async type="module" crossorigin src="/${escapeHtml(entry.file)}"></script>`,
      preload: links(
        [entry.file, ...imports.map((key) => manifest[key]?.file ?? '')].filter(Boolean),
      ),
      deferApp: page.deferApp === true,
    };
  };
}

/** The app's tags in a page's head: its entry, module preloads and API preloads. */
const APP_TAG =
  /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload)"[^>]*>/g;

/**
 * Parts of a page's HTML with the app's tags taken out, and the same tags in a template that
 * the page's first-view script adds to the head when it starts the app.
 */
export function deferAppTags(parts: string[]): { parts: string[]; template: string } {
  const tags = parts.flatMap((part) => part.match(APP_TAG) ?? []);
  return {
    parts: parts.map((part) => part.replace(APP_TAG, '')),
    template: tags.length ? `<template data-app-start>${tags.join('')}</template>` : '',
  };
}
