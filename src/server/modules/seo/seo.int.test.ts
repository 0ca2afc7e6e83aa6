import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PageData } from '../../../contracts/page-data';

// Public pages are served with their own head (title, description, canonical, Open
// Graph, Twitter, JSON-LD); private and draft items with a generic head and noindex; robots.txt,
// the sitemaps and share images.

let t: TestApp;
let webDir: string;
const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="MEA Events: find events, sell tickets, hire vendors and book venues."
    />
    <title>MEA Events</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-seo-'));
  await fs.writeFile(path.join(webDir, 'index.html'), BUILT_PAGE);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" data-page-head`).exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
const pageData = (html: string) => {
  const text =
    /<script type="application\/json" id="mea-page-data" data-page-head>(.*?)<\/script>/.exec(
      html,
    )?.[1];
  return text ? (JSON.parse(text) as PageData) : undefined;
};
const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];

describe('event pages', () => {
  it('carry the title, date in the event zone, place, canonical, preview and schema.org Event', async () => {
    const host = await createUser(t.db, {
      fullName: 'Ada Host',
      businessName: 'Harbor Nights',
      userType: 'organizer',
    });
    const event = await createEvent(t.db, {
      userId: host.id,
      title: 'Jazz on the Pier',
      description: 'An evening of live jazz by the water.',
      startsAt: new Date('2026-12-05T18:00:00Z'),
      timezone: 'Europe/Berlin',
      venueName: 'Pier 7',
      city: 'Hamburg',
      country: 'Germany',
    });
    await createTicketType(t.db, { eventId: event.id, name: 'Standard', priceCents: 2500 });
    await createTicketType(t.db, { eventId: event.id, name: 'Secret', unlockCode: 'VIP' });

    const html = await page(`/event/${event.id}`);
    expect(titleOf(html)).toBe('Jazz on the Pier | MEA Events');
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toContain('Sat, Dec 5, 2026, 7:00 PM GMT+1');
    expect(meta(html, 'description')).toContain('Pier 7, Hamburg, Germany');
    expect(html).toContain(
      `<link rel="canonical" href="${t.config.PUBLIC_URL}/event/${event.id}" data-page-head />`,
    );
    expect(meta(html, 'og:type')).toBe('event');
    expect(meta(html, 'og:title')).toBe('Jazz on the Pier | MEA Events');
    expect(meta(html, 'og:site_name')).toBe('MEA Events');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // No cover: the generated share image, versioned by the event's last change.
    expect(meta(html, 'og:image')).toMatch(new RegExp(`/og/event/${event.id}\\.png\\?v=\\d+$`));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(html).not.toContain('noindex');
    // The app's scripts are still there.
    expect(html).toContain('/assets/index-Ab12.js');

    const [data, crumbs] = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Jazz on the Pier',
      startDate: '2026-12-05T19:00:00+01:00',
      endDate: '2026-12-05T23:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Pier 7',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Hamburg',
          addressCountry: 'Germany',
        },
      },
      organizer: { '@type': 'Organization', name: 'Harbor Nights' },
    });
    // Offers: the visible ticket types only (an unlock-code type is not advertised).
    expect(data?.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        name: 'Standard',
        price: '25.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
    ]);
    // schema.org's required properties of an Event (Google's event results).
    for (const key of ['name', 'startDate', 'location', 'image']) expect(data).toHaveProperty(key);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('a cancelled event says so; an online one is an online event', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const cancelled = await createEvent(t.db, {
      userId: host.id,
      title: 'Winter Gala',
      eventStatus: 'cancelled',
    });
    const html = await page(`/event/${cancelled.id}`);
    expect(titleOf(html)).toBe('Cancelled: Winter Gala | MEA Events');
    expect(jsonLd(html)[0]?.eventStatus).toBe('https://schema.org/EventCancelled');
    const online = await createEvent(t.db, { userId: host.id, isOnline: true, title: 'Web Talk' });
    const data = jsonLd(await page(`/event/${online.id}`))[0];
    expect(data?.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(data?.location).toMatchObject({ '@type': 'VirtualLocation' });
  });

  it('drafts, private and missing events get the generic head with noindex and no title leak', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const draft = await createEvent(t.db, {
      userId: host.id,
      title: 'Secret Draft Party',
      eventStatus: 'draft',
    });
    const hidden = await createEvent(t.db, {
      userId: host.id,
      title: 'Private Dinner',
      visibility: 'private',
    });
    for (const url of [
      `/event/${draft.id}`,
      `/event/${hidden.id}`,
      '/event/00000000-0000-4000-8000-000000000000',
      '/event/not-a-uuid',
    ]) {
      const html = await page(url);
      expect(titleOf(html)).toBe('MEA Events');
      expect(meta(html, 'robots')).toBe('noindex');
      expect(html).not.toContain('Secret Draft Party');
      expect(html).not.toContain('Private Dinner');
      expect(jsonLd(html)).toEqual([]);
      expect(pageData(html)).toBeUndefined();
      expect(html).not.toContain('mea-ssr');
    }
  });

  it('carry the event as the API gives it to a signed-out visitor, so the app starts with it', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: host.id, title: 'Dawn Chorus Walk' });
    const html = await page(`/event/${event.id}`);
    const api = await t.app.inject({ url: `/api/events/${event.id}` });
    expect(pageData(html)).toEqual({
      kind: 'event',
      path: `/event/${event.id}`,
      event: api.json(),
      hasStream: false,
    });
  });

  it('draw the top of the page in the HTML (header, cover, title) and keep the app hidden until it replaces it', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: host.id, title: 'Tide Pool <Walk> & Talk' });
    const html = await page(`/event/${event.id}?utm_source=share`);
    const view = /<div id="mea-ssr">(.*?)<\/div><div id="root" hidden><\/div>/s.exec(html)?.[1];
    expect(view).toBeDefined();
    expect(view).toContain('data-first-view');
    expect(view).toContain(
      '<h1 class="text-3xl font-extrabold tracking-tight text-balance md:text-4xl">Tide Pool &lt;Walk&gt; &amp; Talk</h1>',
    );
    expect(view).toContain('>MEA Events</span></a>');
    // The app's code comes after what the page paints first.
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-Ab12.js">',
    );
    // Pages the app draws alone keep the empty root (the lists have first views of their own,
    // first-view.int.test.ts; a category's page and sign-in's other tabs have none).
    for (const url of ['/categories/music', '/auth?tab=signup', '/vendors?q=quiet']) {
      const other = await page(url);
      expect(other).toContain('<div id="root"></div>');
      expect(other).not.toContain('mea-ssr');
      expect(other).not.toContain('fetchpriority="low"');
    }
  });

  it('escapes hostile titles in tags and in JSON-LD', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const title = `"><script>alert(1)</script><!-- '&`;
    const event = await createEvent(t.db, { userId: host.id, title, description: '</script>x' });
    const html = await page(`/event/${event.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"><script>');
    // The app's, two JSON-LD blocks and the page data.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    const data = pageData(html);
    expect(data?.kind === 'event' && data.event.title).toBe(title);
    expect(titleOf(html)).toBe(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#39;&amp; | MEA Events',
    );
    expect(jsonLd(html)[0]?.name).toBe(title);
  });

  it('the share image is a 1200×630 PNG; a private event has none', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: host.id, title: 'Ünïcødé Ζήτα 東京 محمد' });
    const response = await t.app.inject({ method: 'GET', url: `/og/event/${event.id}.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const info = await sharp(response.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    const hidden = await createEvent(t.db, { userId: host.id, visibility: 'private' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/og/event/${hidden.id}.png` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/og/event/x.png' })).statusCode).toBe(404);
  });

  it('an event without an uploaded cover gets a designed 16:9 one; a private event has none', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, {
      userId: host.id,
      title: 'Rooftop Jazz Evening with a title long enough to wrap onto a second line',
      category: 'Music',
    });
    const response = await t.app.inject({ method: 'GET', url: `/og/cover/${event.id}.webp?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const info = await sharp(response.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 1200, 675]);
    const hidden = await createEvent(t.db, { userId: host.id, visibility: 'private' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/og/cover/${hidden.id}.webp` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/og/cover/x.webp' })).statusCode).toBe(404);
  });
});

describe('profiles, categories and list pages', () => {
  it('a published blog post, opened by its slug, has its own title and may be indexed', async () => {
    const author = await createUser(t.db, { fullName: 'Bea Writer' });
    await t.db.execute(sql`
      insert into blog_posts (author_id, slug, title, excerpt, status, published_at)
      values (${author.id}, 'door-tips', 'Ten door tips', 'Faster lines at the door.',
        'published', ${new Date(t.clock.now().getTime() - 86_400_000).toISOString()})`);
    const html = await page('/blog/door-tips');
    expect(titleOf(html)).toBe('Ten door tips | MEA Events');
    expect(meta(html, 'robots')).toBeUndefined();
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'Article', headline: 'Ten door tips' });
  });

  it('a vendor page carries the vendor as the API gives it, so the app starts with it', async () => {
    const vendor = await createUser(t.db, { businessName: 'Bright Lights', userType: 'vendor' });
    const api = await t.app.inject({ url: `/api/vendors/${vendor.id}` });
    expect(pageData(await page(`/vendor/${vendor.id}`))).toEqual({
      kind: 'vendor',
      path: `/vendor/${vendor.id}`,
      vendor: api.json(),
    });
    // Someone who is not a vendor has no vendor page to describe.
    const attendee = await createUser(t.db, {});
    expect(pageData(await page(`/vendor/${attendee.id}`))).toBeUndefined();
  });

  it('a vendor page is a LocalBusiness; an attendee has no public page', async () => {
    const vendor = await createUser(t.db, {
      fullName: 'Dee Jay',
      businessName: 'DJ Dee',
      userType: 'vendor',
      service: 'DJ',
    });
    const html = await page(`/vendor/${vendor.id}`);
    expect(titleOf(html)).toBe('DJ Dee | MEA Events');
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'LocalBusiness', name: 'DJ Dee' });
    const organizer = await createUser(t.db, { businessName: 'Org Co', userType: 'organizer' });
    expect(jsonLd(await page(`/organizers/${organizer.id}`))[0]).toMatchObject({
      '@type': 'Organization',
    });
    const attendee = await createUser(t.db, { fullName: 'Private Person' });
    const hidden = await page(`/organizers/${attendee.id}`);
    expect(meta(hidden, 'robots')).toBe('noindex');
    expect(hidden).not.toContain('Private Person');
    // The wrong kind of profile for the path is not that page either.
    expect(meta(await page(`/venues/${vendor.id}`), 'robots')).toBe('noindex');
  });

  it('categories and list pages have their own titles; other pages keep the built head', async () => {
    await t.db.execute(
      `insert into categories (name, slug) values ('Music', 'music') on conflict do nothing` as never,
    );
    expect(titleOf(await page('/categories/music'))).toBe('Music events | MEA Events');
    expect(titleOf(await page('/events'))).toBe('Events | MEA Events');
    expect(titleOf(await page('/'))).toBe('MEA Events');
    const other = await page('/dashboard');
    // As built, but in the reader's language and direction (an English reader here).
    expect(other).toBe(BUILT_PAGE.replace('<html lang="en">', '<html lang="en" dir="ltr">'));
  });
});

describe('funnels and shared rides', () => {
  it('a published funnel has its SEO title; an unpublished one the generic head', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    await t.db.execute(sql`
      insert into funnels (owner_id, name, slug, draft, published, published_at)
      values (${owner.id}, 'Spring Launch', 'spring-launch', '{}'::jsonb,
        ${JSON.stringify({ seoTitle: 'Spring Launch — early birds', seoDescription: 'Get in first.' })}::jsonb, now()),
        (${owner.id}, 'Draft Funnel', 'draft-funnel', '{}'::jsonb, null, null)`);
    const html = await page('/f/spring-launch');
    expect(titleOf(html)).toBe('Spring Launch — early birds');
    expect(meta(html, 'description')).toBe('Get in first.');
    const draft = await page('/f/draft-funnel');
    expect(meta(draft, 'robots')).toBe('noindex');
    expect(draft).not.toContain('Draft Funnel');
  });

  it('a shared ride shows the event, area and time, and asks not to be indexed', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const driver = await createUser(t.db, { fullName: 'Drew Driver', phone: '+1 555 0100' });
    const event = await createEvent(t.db, { userId: host.id, title: 'Harvest Fest' });
    const inserted = await t.db.execute(sql`
      insert into rides (event_id, driver_id, departure_area, departs_at, seats, seats_left)
      values (${event.id}, ${driver.id}, 'Downtown Oakland', ${new Date('2031-05-02T17:00:00Z')}, 3, 3)
      returning id`);
    const rideId = (inserted.rows[0] as { id: string }).id;
    const html = await page(`/shared-ryder/${rideId}`);
    expect(titleOf(html)).toBe('Ride to Harvest Fest | MEA Events');
    expect(meta(html, 'description')).toContain('From Downtown Oakland');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('Drew Driver');
    expect(html).not.toContain('555 0100');
  });
});

describe('crawling', () => {
  it('robots.txt keeps crawlers out of private pages and points at the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain(`Sitemap: ${t.config.PUBLIC_URL}/sitemap.xml`);
    expect(response.body).not.toMatch(/^Disallow: \/$/m);
  });

  it('a staging copy disallows everything', async () => {
    const staging = await createTestApp({ env: { SEO_DISALLOW_ALL: 'true' }, shareDatabaseOf: t });
    try {
      const response = await staging.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.body).toMatch(/^Disallow: \/$/m);
    } finally {
      await staging.close();
    }
  });

  it('the sitemap index lists the files; the event files list only public published events', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const listed = await createEvent(t.db, { userId: host.id, title: 'Listed' });
    const draft = await createEvent(t.db, { userId: host.id, eventStatus: 'draft' });
    const hidden = await createEvent(t.db, { userId: host.id, visibility: 'private' });
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(index.body).toContain(`<loc>${t.config.PUBLIC_URL}/sitemaps/events-1.xml</loc>`);
    expect(index.body).not.toContain('events-2.xml');

    const events = await t.app.inject({ method: 'GET', url: '/sitemaps/events-1.xml' });
    expect(events.statusCode).toBe(200);
    expect(events.body).toMatch(/^<\?xml[^>]*>\n<urlset [^>]*>\n/);
    expect(events.body.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(events.body).toContain(`/event/${listed.id}</loc><lastmod>`);
    expect(events.body).not.toContain(draft.id);
    expect(events.body).not.toContain(hidden.id);
    // Every <url> is well formed: one loc, one lastmod.
    const urls = events.body.match(/<url>.*?<\/url>/g) ?? [];
    for (const entry of urls)
      expect(entry).toMatch(/^<url><loc>https?:\/\/[^<]+<\/loc><lastmod>[^<]+<\/lastmod><\/url>$/);

    const beyond = await t.app.inject({ method: 'GET', url: '/sitemaps/events-2.xml' });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.body).not.toContain('<url>');
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/nope.xml' })).statusCode).toBe(404);
    const profiles = await t.app.inject({ method: 'GET', url: '/sitemaps/profiles.xml' });
    expect(profiles.body).toContain(`/organizers/${host.id}</loc>`);
  });
});

describe('in the reader’s language', () => {
  it('writes a list page’s head and an event’s place in the reader’s language, people’s titles as written', async () => {
    const inLanguage = async (url: string, language: string) => {
      const response = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const events = await inLanguage('/events', 'es');
    expect(titleOf(events)).toBe('Eventos | MEA Events');
    expect(meta(events, 'description')).toBe(
      'Próximos eventos: conciertos, fiestas, conferencias y mucho más.',
    );
    // The English head is as it was.
    expect(titleOf(await inLanguage('/events', 'en'))).toBe('Events | MEA Events');
    const host = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, {
      userId: host.id,
      title: 'Jazz im Hof',
      isOnline: true,
      eventStatus: 'cancelled',
    });
    const german = await inLanguage(`/event/${event.id}`, 'de');
    expect(titleOf(german)).toBe('Abgesagt: Jazz im Hof | MEA Events');
    expect(meta(german, 'description')).toContain('Online');
  });

  it('answers an unknown sitemap in Spanish, the code unchanged', async () => {
    const sitemap = await t.app.inject({
      url: '/sitemaps/nope.xml',
      headers: { 'accept-language': 'es' },
    });
    expect(sitemap.statusCode).toBe(404);
    expect(sitemap.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No existe ese mapa del sitio' },
    });
  });
});

describe('list pages', () => {
  it('carry their first page as the API answers the app’s first request, unfiltered only', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    await createEvent(t.db, { userId: host.id, title: 'Marimbaquest Night', category: 'Music' });
    await createUser(t.db, { businessName: 'Quiet Sound Co', userType: 'vendor' });
    // Past the few seconds a page's head (and its data) is kept for.
    t.clock.advance(6_000);

    const events = await t.app.inject({ url: '/api/events?limit=12' });
    expect(pageData(await page('/events'))).toEqual({
      kind: 'events',
      path: '/events',
      page: events.json(),
    });
    const hits = await t.app.inject({ url: '/api/events/search?q=marimbaquest&limit=12' });
    expect(hits.json().events).toHaveLength(1);
    const search = await page('/search?q=%20marimbaquest');
    // A search keeps the site's title and description, and has no address of its own in other
    // languages.
    expect(titleOf(search)).toBe('MEA Events');
    expect(search).toMatch(/<meta name="description" content="Find events, [^"]+" \/>/);
    expect(search).not.toContain('hreflang');
    expect(pageData(search)).toEqual({
      kind: 'search',
      path: '/search',
      q: 'marimbaquest',
      page: hits.json(),
    });
    const vendors = await t.app.inject({ url: '/api/vendors' });
    expect(pageData(await page('/vendors'))).toEqual({
      kind: 'vendors',
      path: '/vendors',
      directory: vendors.json(),
    });
    // /blog: its newest posts, and the first card's cover preloaded at the card's size.
    const author = await createUser(t.db, { fullName: 'Cover Writer' });
    await t.db.execute(sql`
      insert into blog_posts (author_id, slug, title, excerpt, status, published_at, cover_image)
      values (${author.id}, 'lead-cover', 'Lead cover', 'The first card.', 'published',
        ${new Date(t.clock.now().getTime() - 60_000).toISOString()}, '/media/blog/abc-large.webp')`);
    t.clock.advance(6_000);
    const posts = await t.app.inject({ url: '/api/blog/posts' });
    expect(posts.json().items[0]).toMatchObject({ slug: 'lead-cover' });
    const blog = await page('/blog');
    expect(pageData(blog)).toEqual({ kind: 'blog', path: '/blog', list: posts.json() });
    expect(blog).toContain(
      '<link rel="preload" as="image" href="/media/blog/abc-medium.webp" imagesrcset="/media/blog/abc-small.webp 400w, /media/blog/abc-medium.webp 800w, /media/blog/abc-large.webp 1600w" imagesizes="(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw" fetchpriority="high" data-page-head />',
    );

    // A filtered list is not the app's first request: it asks the API as before, and the page
    // keeps its own head.
    const filtered = await page('/events?category=Music');
    expect(pageData(filtered)).toBeUndefined();
    expect(titleOf(filtered)).toBe('Events | MEA Events');
    for (const url of [
      '/search?q=marimbaquest&date=today',
      '/search?q=',
      '/vendors?q=quiet',
      '/blog?page=2',
      '/blog?tag=tips',
    ])
      expect(pageData(await page(url))).toBeUndefined();
  });
});
