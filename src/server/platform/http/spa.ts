import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRightToLeft, LOCALES, type Locale } from '../../../contracts/locales';
import { requestLocale } from '../i18n/request-locale';
import { escapeHtml } from '../mail/templates';
import { errorBody } from './errors';
import {
  deferAppTags,
  firstViewScripts,
  pageApiPreload,
  publicPagePreloads,
  routeTablePreload,
} from './page-preload';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/**
 * The built SPA is a few hundred kilobytes, so it is read into memory once at start, with its
 * brotli and gzip variants made at build time: serving a file is then a lookup, not a stat, an
 * open and a stream per request (bench/http.ts measures the difference).
 */
function loadFiles(webDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== '.vite') walk(file);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const body = readFileSync(file);
      const urlPath = '/' + path.relative(webDir, file).split(path.sep).join('/');
      files.set(urlPath, {
        body,
        br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
        gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        // Hashed names under /assets never change; anything else is checked each time.
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      });
    }
  };
  walk(webDir);
  return files;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  vary = 'accept-encoding',
) {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag).header('vary', vary);
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const accepts = request.headers['accept-encoding'] ?? '';
  reply.type(file.contentType);
  if (file.br && accepts.includes('br'))
    return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && accepts.includes('gzip'))
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/** A path that names a file (/assets/…, /media/…, or a last segment with an extension). */
const FILE_PATH = /^\/(?:assets|media)\/|\.[a-z0-9]{1,10}$/i;

/** Media types of JSON: a client whose every Accept range is one of these asked for JSON only. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/i;

function acceptsOnlyJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept
    .split(',')
    .map((range) => (range.split(';')[0] ?? '').trim())
    .filter(Boolean);
  return ranges.length > 0 && ranges.every((range) => JSON_TYPE.test(range));
}

/**
 * Which unknown requests get the app's page (history fallback) rather than a JSON 404. Browsers
 * navigating send `Accept: text/html`, but curl, wget, uptime monitors and load-balancer health
 * checks send `*\/*` or nothing, and they must see the site too; so any GET or HEAD outside
 * /api that does not name a file gets the page, unless the client asked for JSON only. A missing
 * file (a stale hashed asset, an upload) stays a 404 so that a script tag never receives HTML.
 */
export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? url;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if ((accept ?? '').includes('text/html')) return true;
  return !FILE_PATH.test(pathname) && !acceptsOnlyJson(accept);
}

const GENERIC_HEAD =
  /<meta\s+name="description"\s+content="[^"]*"\s*\/?>\s*|<title>[^<]*<\/title>/g;

/**
 * The built page split around its generic title and description, so a page's own head can go
 * in their place; null when the page has neither (nothing to replace).
 */
export function splitIndex(html: string): { before: string; after: string } | null {
  const at = html.search(GENERIC_HEAD);
  if (at < 0) return null;
  const rest = html.slice(at).replace(GENERIC_HEAD, '');
  return { before: html.slice(0, at), after: rest };
}

export interface SpaOptions {
  /** The site's address, for the language alternates of a public page. */
  publicUrl?: string;
  /**
   * The head tags of a public page (by path, in a language; `search` is the query string, for
   * the page's first data), or null for the built page as it is.
   */
  pageHead?: (path: string, locale: Locale, search: string) => Promise<string | null>;
  /**
   * A public page's content rendered on the server (by URL, query included), or null. It goes
   * in `#mea-ssr` before the app's `#root`, which stays `hidden` until the app's page has
   * rendered and removes it (so there is no flash of a spinner over readable content).
   */
  pageBody?: (url: string, locale: Locale) => Promise<string | null>;
}

const ROOT = '<div id="root"></div>';
const HTML_TAG = /<html\b[^>]*>/;

/** The page's `<html>` in a language: the app reads its language and direction from it. */
export function withLanguage(html: string, locale: Locale): string {
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  return html.replace(HTML_TAG, `<html lang="${locale}" dir="${dir}">`);
}

/**
 * A public page in every language the product speaks, for search engines: the same address with
 * `?lang=` (which wins over every other choice, see request-locale.ts), and the bare address for
 * anyone else.
 */
export function languageAlternates(publicUrl: string, path: string): string {
  const base = `${publicUrl.replace(/\/$/, '')}${path}`;
  const link = (hreflang: string, href: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" data-page-head />`;
  return [
    ...LOCALES.map((locale) => link(locale, `${base}?lang=${locale}`)),
    link('x-default', base),
  ].join('\n');
}

/** The page with the given links at the end of its head. */
function withPreload(html: string, links: string): string {
  return links ? html.replace('</head>', () => `${links}</head>`) : html;
}

const MODULE_TAG = /<(script type="module"|link rel="modulepreload")/g;

/** The page's script and module preloads fetched after what it paints first. */
function lowPriorityScripts(html: string): string {
  return html.replace(MODULE_TAG, '<$1 fetchpriority="low"');
}

/** A page request's path is the home page's, which renders without the route table. */
const isHomePath = (url: string) => (url.split('?')[0] ?? url) === '/';

/** index.html once per language, compressed at start like every other file. */
function indexPerLanguage(index: StaticFile, html: string): Map<Locale, StaticFile> {
  return new Map(
    LOCALES.map((locale) => {
      const body = Buffer.from(withLanguage(html, locale), 'utf8');
      const file: StaticFile = {
        ...index,
        body,
        br: brotliCompressSync(body),
        gzip: gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
      return [locale, file];
    }),
  );
}

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any unknown page request (isPageRequest) gets index.html (history fallback)
 * so the client router can show the page or its 404. Unknown /api/* paths get a JSON 404.
 * Public pages get their own title, description and preview tags in place of the
 * generic ones, so a link shared anywhere shows the event, profile or article.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string,
  options: SpaOptions = {},
): Promise<void> {
  const files = existsSync(path.join(webDir, 'index.html'))
    ? loadFiles(webDir)
    : new Map<string, StaticFile>();
  const index = files.get('/index.html');
  const html = index?.body.toString('utf8') ?? '';
  const preloading = withPreload(html, routeTablePreload(webDir, html));
  const pagePreload = publicPagePreloads(webDir);
  const firstViewScript = firstViewScripts(webDir);
  // Per language, for the home page and for every other page (with the route table preloaded).
  const homeIndexes = index ? indexPerLanguage(index, html) : new Map<Locale, StaticFile>();
  const indexes = index ? indexPerLanguage(index, preloading) : new Map<Locale, StaticFile>();
  const homeTemplate = index ? splitIndex(html) : null;
  const template = index ? splitIndex(preloading) : null;

  async function withHead(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
  ): Promise<boolean> {
    const page = isHomePath(request.url) ? homeTemplate : template;
    if (!page || !options.pageHead) return false;
    const at = request.url.indexOf('?');
    const path = at < 0 ? request.url : request.url.slice(0, at);
    const search = at < 0 ? '' : request.url.slice(at);
    // Either part may fail alone (a database outage, a funnel saved in an older shape): the page
    // still works without its preview tags, and the app renders what the server could not.
    const [head, body] = await Promise.all([
      options.pageHead(path, locale, search).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page head failed; serving the generic page');
        return null;
      }),
      options.pageBody && page.after.includes(ROOT)
        ? options.pageBody(request.url, locale).catch((error: unknown) => {
            request.log.warn({ err: error }, 'page body failed; the app renders the page');
            return null;
          })
        : null,
    ]);
    if (head === null) return false;
    // A first view may have a script of its own, which makes it usable before the app has run.
    const firstView = body === null ? null : firstViewScript(path);
    // The page's own code after the entry's and the route table's, at the end of the head.
    const pageLinks = pagePreload(path, locale) + pageApiPreload(path);
    // Or, when the page says so (the seat page), all of the app's tags in a template that its
    // first view's script adds when it starts the app: they would take the first tap's thread.
    const deferred = firstView?.deferApp
      ? deferAppTags([withLanguage(page.before, locale), withPreload(page.after, pageLinks)])
      : null;
    const [before = '', afterHead = ''] = deferred?.parts ?? [
      withLanguage(page.before, locale),
      withPreload(page.after, pageLinks),
    ];
    // With its first view in the HTML, the page paints from the HTML, the styles and its images:
    // the app's code comes after them, not beside them sharing a slow connection. (Deferred, it
    // is wanted at once when it starts.)
    const code = (html: string) => (body === null ? html : lowPriorityScripts(html));
    const after =
      body === null
        ? afterHead
        : code(afterHead).replace(
            ROOT,
            () =>
              `<div id="mea-ssr">${body}${deferred?.template ?? ''}${firstView?.script ?? ''}</div><div id="root" hidden></div>`,
          );
    // Languages are alternates of a page's own address: a page with data but no canonical head
    // of its own (a search) has none.
    const alternates =
      options.publicUrl && head.includes('rel="canonical"')
        ? languageAlternates(options.publicUrl, path)
        : '';
    const html = Buffer.from(
      code(before) + head + (firstView?.preload ?? '') + alternates + after,
      'utf8',
    );
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    // A page is ~2 KB: gzip at level 6 costs tens of microseconds and halves it.
    if ((request.headers['accept-encoding'] ?? '').includes('gzip'))
      reply.header('content-encoding', 'gzip').send(gzipSync(html));
    else reply.send(html);
    return true;
  }

  for (const [urlPath, file] of files) {
    // A route a module serves itself (robots.txt from the seo module) wins over a built file.
    if (urlPath === '/index.html' || app.hasRoute({ method: 'GET', url: urlPath })) continue;
    app.get(urlPath, { schema: { hide: true } }, (request, reply) => send(request, reply, file));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!index || !isPageRequest(request.method, request.url, request.headers.accept)) {
      return reply
        .status(404)
        .send(
          errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
        );
    }
    const locale = await requestLocale(request);
    if (await withHead(request, reply, locale)) return reply;
    // A public page without a head of its own (the seat map) still gets its code and its first
    // API answer preloaded.
    const pagePath = request.url.split('?')[0] ?? '';
    const pageLinks = index ? pagePreload(pagePath, locale) : '';
    if (index && pageLinks) {
      const html = withLanguage(
        withPreload(preloading, pageLinks + pageApiPreload(pagePath)),
        locale,
      );
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language, cookie')
        .type('text/html; charset=utf-8');
      if ((request.headers['accept-encoding'] ?? '').includes('gzip'))
        return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    }
    // The page's language follows the account, the picker's cookie or Accept-Language.
    const localized = (isHomePath(request.url) ? homeIndexes : indexes).get(locale);
    return send(request, reply, localized ?? index, 'accept-encoding, accept-language, cookie');
  });
}
