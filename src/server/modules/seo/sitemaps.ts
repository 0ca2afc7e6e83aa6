import { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import * as q from './seo.queries';

// sitemaps.org: an index of sitemap files, each at most 50,000 URLs. Event files are written as
// the rows arrive, in batches of one keyset query each, so a file never sits whole in memory.

export const URLS_PER_SITEMAP = 50_000;
const BATCH = 2_000;

const xmlText = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const lastmod = (at: Date | string) => new Date(at).toISOString();

const url = (loc: string, modified?: Date | string) =>
  `<url><loc>${xmlText(loc)}</loc>${modified ? `<lastmod>${lastmod(modified)}</lastmod>` : ''}</url>\n`;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

export async function sitemapIndex(db: Database, base: string, now: Date): Promise<string> {
  const events = await q.countPublicEvents(db);
  const files = ['static', 'categories', 'profiles', 'posts'];
  for (let page = 0; page < Math.max(1, Math.ceil(events / URLS_PER_SITEMAP)); page++)
    files.push(`events-${page + 1}`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (name) =>
          `<sitemap><loc>${xmlText(`${base}/sitemaps/${name}.xml`)}</loc><lastmod>${lastmod(now)}</lastmod></sitemap>\n`,
      )
      .join('') +
    '</sitemapindex>\n'
  );
}

/** Events file `page` (1-based), streamed. */
export function eventSitemap(db: Database, base: string, page: number): Readable {
  async function* lines() {
    yield URLSET_OPEN;
    let after = await q.publicEventPageStart(db, {
      page: page - 1,
      pageSize: URLS_PER_SITEMAP,
    });
    let written = 0;
    if (page === 1 || after) {
      while (written < URLS_PER_SITEMAP) {
        const rows = await q.publicEventBatch(db, {
          afterId: after,
          limit: Math.min(BATCH, URLS_PER_SITEMAP - written),
        });
        if (!rows.length) break;
        yield rows.map((row) => url(`${base}/event/${row.id}`, row.updatedAt)).join('');
        written += rows.length;
        after = rows[rows.length - 1]?.id ?? null;
        if (rows.length < BATCH) break;
      }
    }
    yield URLSET_CLOSE;
  }
  return Readable.from(lines());
}

const STATIC_PATHS = [
  '/',
  '/events',
  '/categories',
  '/vendors',
  '/venues',
  '/organizers',
  '/blog',
  '/help',
  '/faq',
  '/pricing',
  '/about',
  '/contact',
  '/careers',
  '/privacy-policy',
  '/terms',
  '/cookies',
  '/accessibility',
  '/affiliate-program',
  '/features/create-events',
  '/features/ticket-sales',
  '/features/payment-processing',
  '/features/event-ryder',
  '/features/event-streaming',
];

export async function smallSitemap(
  db: Database,
  base: string,
  kind: 'static' | 'categories' | 'profiles' | 'posts',
): Promise<string> {
  let body = '';
  if (kind === 'static') body = STATIC_PATHS.map((path) => url(`${base}${path}`)).join('');
  if (kind === 'categories')
    body = (await q.allCategories(db)).map((c) => url(`${base}/categories/${c.slug}`)).join('');
  if (kind === 'profiles') {
    const prefix: Record<string, string> = {
      vendor: 'vendor',
      venue: 'venues',
      organizer: 'organizers',
    };
    body = (await q.publicProfiles(db, { limit: URLS_PER_SITEMAP }))
      .map((p) => url(`${base}/${prefix[p.userType]}/${p.id}`, p.updatedAt))
      .join('');
  }
  if (kind === 'posts')
    body = (await q.publishedPosts(db, { limit: URLS_PER_SITEMAP }))
      .map((p) => url(`${base}/blog/${p.slug}`, p.updatedAt))
      .join('');
  return URLSET_OPEN + body + URLSET_CLOSE;
}
