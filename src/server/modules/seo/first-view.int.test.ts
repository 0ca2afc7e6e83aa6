import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorProfiles } from '../../db/schema';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The public pages' first views (the top of the page in the HTML, painted before the app's code
// runs): each carries its page's content in the visitor's language, user text escaped, and the
// app's root hidden until the app replaces it. The event page's is in seo.int.test.ts.

let t: TestApp;
let webDir: string;
const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>MEA Events</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-first-view-'));
  await fs.writeFile(path.join(webDir, 'index.html'), BUILT_PAGE);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const page = async (url: string, language = 'en') => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
/** The server's first view, or undefined when the page has none. */
const firstView = (html: string) =>
  /<div id="mea-ssr">(.*?)<\/div><div id="root" hidden><\/div>/s.exec(html)?.[1];
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** The data the server wrote into the page for the app's first render. */
const pageData = (html: string): unknown =>
  JSON.parse(
    /<script type="application\/json" id="mea-page-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ??
      'null',
  );

describe('the vendor page', () => {
  it('draws the vendor (name, category, rating, Contact, About) in the HTML, in the visitor’s language', async () => {
    const vendor = await createUser(t.db, {
      businessName: 'Bright Lights',
      userType: 'vendor',
      service: 'Photographer',
    });
    await t.db
      .insert(vendorProfiles)
      .values({ userId: vendor.id, description: 'Weddings and galas across the coast.' })
      .onConflictDoUpdate({
        target: vendorProfiles.userId,
        set: { description: 'Weddings and galas across the coast.' },
      });
    const english = firstView(await page(`/vendor/${vendor.id}`));
    expect(english).toContain('data-first-view');
    expect(english).toContain('>Bright Lights</h1>');
    expect(english).toContain('>BL</span>');
    expect(english).toContain('>Photographer</span>');
    expect(english).toContain('>No ratings yet</span>');
    expect(english).toContain(`href="/auth?redirect=%2Fvendor%2F${vendor.id}"`);
    expect(english).toContain('>About</h2><p class="break-words whitespace-pre-line">Weddings');

    const french = await page(`/vendor/${vendor.id}`, 'fr');
    expect(htmlLang(french)).toBe('fr');
    const view = firstView(french);
    expect(view).toContain('>Photographe</span>');
    expect(view).toContain('>Aucune note pour l’instant</span>');
    expect(view).toContain('>Contacter</a>');
    expect(view).toContain('>À propos</h2>');
    // The app's code comes after what the page paints first.
    expect(french).toContain('<script type="module" fetchpriority="low"');
  });

  it('draws the rest of the page too: services, gallery, events worked, ratings, the side column', async () => {
    const vendor = await createUser(t.db, { businessName: 'Quiet Hall', userType: 'vendor' });
    const profile = {
      services: [
        {
          name: 'Sound <rig>',
          description: 'Two speakers & a desk.',
          priceMinCents: 10000,
          priceMaxCents: 25000,
        },
        { name: 'Quote job', description: '', priceMinCents: null, priceMaxCents: null },
      ],
      gallery: [
        {
          id: 'g1',
          url: '/media/vendor-gallery/g1.webp',
          thumbUrl: '/media/vendor-gallery/g1-thumb.webp',
        },
      ],
      links: {
        website: 'https://www.quiet-hall.example/book/',
        instagram: 'https://instagram.com/quiethall',
      },
      serviceArea: 'Leeds',
    };
    await t.db
      .insert(vendorProfiles)
      .values({ userId: vendor.id, ...profile })
      .onConflictDoUpdate({ target: vendorProfiles.userId, set: profile });
    const view = firstView(await page(`/vendor/${vendor.id}`)) ?? '';
    // No About: the sections follow the header, as the app draws them.
    expect(view).not.toContain('>About</h2>');
    const sections = [
      ...view.matchAll(/<span aria-hidden="true" class="size-5"><\/span>([^<]+)<\/h2>/g),
    ];
    expect(sections.map((m) => m[1])).toEqual(['Services', 'Gallery', 'Events worked', 'Ratings']);
    expect(view).toContain(
      '<h3 class="font-semibold">Sound &lt;rig&gt;</h3><p class="text-sm font-medium text-primary">$100.00 – $250.00</p><p class="mt-1 text-sm text-muted-foreground">Two speakers &amp; a desk.</p>',
    );
    expect(view).toContain('>Price on request</p>');
    expect(view).toContain(
      '<img src="/media/vendor-gallery/g1-thumb.webp" alt="Quiet Hall: photo 1 of 1" loading="lazy"',
    );
    expect(view).toContain('>No events on the platform yet.</p>');
    expect(view).toContain('>Organizers rate vendors after the events they worked.</p>');
    expect(view).toContain(
      '<span class="block text-sm font-semibold">Service area</span>Leeds</span>',
    );
    expect(view).toContain(
      '<span class="block text-sm font-semibold">Availability</span>Ask the vendor</span>',
    );
    expect(view).toContain('>Website: quiet-hall.example/book</span>');
    expect(view).toContain('>Instagram: instagram.com/quiethall</span>');

    const german = firstView(await page(`/vendor/${vendor.id}`, 'de')) ?? '';
    expect(german).toContain('>Preis auf Anfrage</p>');
    expect(german).toMatch(/>100,00\s\$ – 250,00\s\$<\/p>/);
  });

  it('escapes what the vendor wrote', async () => {
    const vendor = await createUser(t.db, {
      businessName: '<img src=x onerror=alert(1)> & Co',
      userType: 'vendor',
    });
    await t.db
      .insert(vendorProfiles)
      .values({ userId: vendor.id, description: '</p><script>alert(2)</script>' })
      .onConflictDoUpdate({
        target: vendorProfiles.userId,
        set: { description: '</p><script>alert(2)</script>' },
      });
    const view = firstView(await page(`/vendor/${vendor.id}`));
    expect(view).toContain('>&lt;img src=x onerror=alert(1)&gt; &amp; Co</h1>');
    expect(view).toContain('>&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>');
    expect(view).not.toContain('<script>');
    expect(view).not.toContain('<img src=x');
  });

  it('is not drawn for someone who is not a vendor, or a vendor that does not exist', async () => {
    const attendee = await createUser(t.db, { fullName: 'Private Person' });
    for (const url of [`/vendor/${attendee.id}`, '/vendor/00000000-0000-4000-8000-000000000000']) {
      const html = await page(url);
      expect(firstView(html)).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Private Person');
    }
  });
});

describe('the lists of events', () => {
  const HOUR = 60 * 60 * 1000;

  it('/events draws its title, filters and first cards in the HTML, in the visitor’s language', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    await createEvent(t.db, {
      userId: host.id,
      title: 'Harbor <Lights> & Lanterns',
      category: 'Festival',
      isFree: true,
      startsAt: new Date(Date.now() + HOUR),
    });
    await createEvent(t.db, {
      userId: host.id,
      title: 'Quiet Code Retreat',
      category: 'Retreat',
      isOnline: true,
      startsAt: new Date(Date.now() + 2 * HOUR),
    });
    const english = firstView(await page('/events'));
    expect(english).toContain('data-first-view');
    expect(english).toContain('>Events</h1>');
    expect(english).toContain('>Upcoming events, newest first.</p>');
    expect(english).toContain('>All categories</span>');
    expect(english).toMatch(/>Showing \d+ events<\/h2>/);
    expect(english).toContain('>Harbor &lt;Lights&gt; &amp; Lanterns</a></h3>');
    expect(english).toContain('>Quiet Code Retreat</a></h3>');
    expect(english).toContain('>Festival</span>');
    expect(english).toContain('>Free</span>');
    expect(english).toContain('>Online</span>');
    expect(english).not.toContain('<Lights>');

    const spanish = await page('/events', 'es');
    expect(htmlLang(spanish)).toBe('es');
    const view = firstView(spanish);
    expect(view).toContain('>Eventos</h1>');
    expect(view).toContain('>Todas las categorías</span>');
    expect(view).toMatch(/>Se muestran \d+ eventos<\/h2>/);
    expect(view).toContain('>Gratis</span>');
    expect(view).toContain('>En línea</span>');
    expect(spanish).toContain('<script type="module" fetchpriority="low"');
  });

  it('/events with filters is drawn by the app alone (its data is the unfiltered list)', async () => {
    for (const url of ['/events?category=Festival', '/events?search=harbor']) {
      const html = await page(url);
      expect(firstView(html)).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('/search?q= draws the term and the results with their matches marked, user text escaped', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    await createEvent(t.db, {
      userId: host.id,
      title: 'Marimbaquest <b>Night</b>',
      description: 'A marimbaquest evening </mark><script>alert(3)</script>',
      startsAt: new Date(Date.now() + 3 * HOUR),
    });
    const html = await page('/search?q=marimbaquest');
    const view = firstView(html);
    expect(view).toContain('>Search: marimbaquest</h1>');
    expect(view).toContain('>1 result</h2>');
    expect(view).toContain('>Marimbaquest &lt;b&gt;Night&lt;/b&gt;</a></h3>');
    expect(view).toMatch(/<mark class="[^"]*">marimbaquest<\/mark>/i);
    expect(view).not.toContain('<script>');
    expect(view).not.toContain('<b>');

    const hostile = firstView(await page('/search?q=%3Cscript%3Emarimbaquest', 'de'));
    expect(hostile ?? '').not.toContain('<script>');
    const german = firstView(await page('/search?q=marimbaquest', 'de'));
    expect(german).toContain('>Suche: marimbaquest</h1>');
    expect(german).toContain('>1 Ergebnis</h2>');
  });

  it('/search without results, with filters or without a term is drawn by the app alone', async () => {
    for (const url of [
      '/search?q=nothingmatchesthis',
      '/search?q=marimbaquest&date=today',
      '/search',
    ]) {
      const html = await page(url);
      expect(firstView(html)).toBeUndefined();
    }
  });
});

describe('the home page', () => {
  it('draws its hero in the HTML in the visitor’s language, whatever its query string', async () => {
    const english = firstView(await page('/?account=confirmed'));
    expect(english).toContain('data-first-view');
    expect(english).toContain('>The events marketplace</p>');
    expect(english).toContain('>Discover events worth showing up for</h1>');
    expect(english).toContain('>Sign In</a>');
    expect(english).toContain('>Register</a>');

    const arabic = await page('/', 'ar');
    expect(/<html lang="ar" dir="rtl">/.test(arabic)).toBe(true);
    const view = firstView(arabic);
    expect(view).toContain('>سوق الفعاليات</p>');
    expect(view).toContain('>اكتشف فعاليات تستحق الحضور</h1>');
    expect(view).toContain('>تسجيل الدخول</a>');
    expect(arabic).toContain('<script type="module" fetchpriority="low"');
  });

  it('draws its next three events in the HTML with their data, and preloads the first cover', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    const soon = await createEvent(t.db, {
      userId: host.id,
      title: 'Dawn <Chorus> Walk',
      coverImage: '/media/covers/dawn-walk',
      startsAt: new Date(Date.now() + 10 * 60 * 1000),
    });
    // In German: the hero test above drew the English and Arabic pages, kept for a few seconds.
    const html = await page('/', 'de');
    // The data the app's upcoming section asks for, exactly as the API answers it.
    const api = await t.app.inject({ method: 'GET', url: '/api/events?limit=50' });
    const data = JSON.parse(
      /<script type="application\/json" id="mea-page-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ??
        'null',
    ) as { kind: string; path: string; page: unknown };
    expect(data).toEqual({ kind: 'home', path: '/', page: api.json() });
    // Its "Coming up" cards: the soonest three that are not over, first the one starting soonest.
    const { events } = api.json<{ events: { title: string; startsAt: string }[] }>();
    const next = [...events]
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
      .slice(0, 3)
      .map((e) => e.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(next[0]).toBe('Dawn &lt;Chorus&gt; Walk');
    const view = firstView(html) ?? '';
    expect(view).toContain('>Kommende Veranstaltungen</h2>');
    expect(view).toContain('>Demnächst</span>');
    expect(view).toContain('>Dieses Wochenende</span>');
    expect(view).toContain('>Alle Veranstaltungen ansehen</a>');
    const titles = [...view.matchAll(/class="after:absolute after:inset-0">(.*?)<\/a><\/h3>/g)].map(
      (m) => m[1],
    );
    expect(titles).toEqual(next);
    // The first card's cover is fetched first, at the size the card's <img> picks.
    const cover = `/media/covers/dawn-walk-medium.webp`;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${cover}" imagesrcset="/media/covers/dawn-walk-small.webp 400w, ${cover} 800w, /media/covers/dawn-walk-large.webp 1600w" imagesizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw" fetchpriority="high" data-page-head />`,
    );
    expect(view).toMatch(new RegExp(`<img src="${cover}"[^>]*fetchpriority="high"`));
    expect(view).toContain(`href="/event/${soon.id}"`);

    const french = firstView(await page('/', 'fr'));
    expect(french).toContain('>Événements à venir</h2>');
    expect(french).toContain('>À venir</span>');
    expect(french).toContain('>Voir tous les événements</a>');
  });
});

describe('the directories', () => {
  it('/vendors draws its title, filters, count and first cards from the data the app starts with', async () => {
    const vendor = await createUser(t.db, {
      businessName: 'Tide <Pool> & Sound',
      userType: 'vendor',
      service: 'DJ',
    });
    await t.db
      .insert(vendorProfiles)
      .values({ userId: vendor.id, description: 'Sets for <b>beach</b> weddings.' })
      .onConflictDoUpdate({
        target: vendorProfiles.userId,
        set: { description: 'Sets for <b>beach</b> weddings.' },
      });
    const html = await page('/vendors');
    const api = await t.app.inject({ method: 'GET', url: '/api/vendors' });
    const directory = api.json<{ total: number; vendors: { id: string }[] }>();
    expect(pageData(html)).toEqual({ kind: 'vendors', path: '/vendors', directory });
    expect(directory.vendors[0]?.id).toBe(vendor.id);
    const view = firstView(html) ?? '';
    expect(view).toContain('data-first-view');
    expect(view).toContain('>Vendors</h1>');
    expect(view).toContain('>Search vendors</span>');
    expect(view).toContain('>All services</span>');
    expect(view).toContain('>Newest</span>');
    const shown = Math.min(directory.total, 24);
    const noun = directory.total === 1 ? 'vendor' : 'vendors';
    expect(view).toContain(`>Showing 1–${shown} of ${directory.total} ${noun}</p>`);
    expect(view).toContain(
      `<a href="/vendor/${vendor.id}" class="after:absolute after:inset-0">Tide &lt;Pool&gt; &amp; Sound</a></h2>`,
    );
    expect(view).toContain('>Sets for &lt;b&gt;beach&lt;/b&gt; weddings.</p>');
    expect(view).not.toContain('<b>');

    const french = firstView(await page('/vendors', 'fr')) ?? '';
    expect(french).toContain('>Prestataires</h1>');
    expect(french).toContain('>Tous les services</span>');
    expect(french).toContain('>Rechercher des prestataires</span>');

    // A filtered directory is the app's alone (its data is the unfiltered first page).
    const filtered = await page('/vendors?q=tide');
    expect(firstView(filtered)).toBeUndefined();
    expect(pageData(filtered)).toBeNull();
  });

  it('/categories carries the list the app asks for and draws every category with its count', async () => {
    const host = await createUser(t.db, { userType: 'organizer' });
    await createEvent(t.db, {
      userId: host.id,
      title: 'Tasting flight',
      category: 'Tasting',
      startsAt: new Date(Date.now() + 5 * 60 * 60 * 1000),
    });
    const html = await page('/categories?from=menu');
    const api = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const list = api.json<{ categories: { name: string; slug: string; eventCount: number }[] }>();
    expect(pageData(html)).toEqual({ kind: 'categories', path: '/categories', list });
    const view = firstView(html) ?? '';
    expect(view).toContain('>Categories</h1>');
    expect(view).toContain('>Browse upcoming events by category.</p>');
    const drawn = [...view.matchAll(/<a href="\/categories\/([^"]+)"/g)].map((m) => m[1]);
    expect(drawn).toEqual(list.categories.map((c) => encodeURIComponent(c.slug)));
    const tasting = list.categories.find((c) => c.name === 'Tasting');
    expect(tasting?.eventCount).toBeGreaterThan(0);
    const count =
      tasting?.eventCount === 1 ? '1 upcoming event' : `${tasting?.eventCount} upcoming events`;
    expect(view).toContain(
      `>Tasting</span><span class="text-sm text-muted-foreground">${count}</span>`,
    );

    const german = firstView(await page('/categories', 'de')) ?? '';
    expect(german).toContain('>Kategorien</h1>');
    expect(german).toContain('>Verkostung</span>');
  });
});

describe('the blog, the help center and pricing', () => {
  it('/blog draws its title, tags and first posts, the first cover fetched first, user text escaped', async () => {
    const author = await createUser(t.db, { fullName: 'Lane Writer' });
    await t.db.execute(sql`
      insert into blog_posts (author_id, slug, title, excerpt, status, published_at, cover_image, tags)
      values (${author.id}, 'harbor-guide', 'Harbor <guide> & map', 'Where </p><script>x()</script> to park.',
        'published', ${new Date(t.clock.now().getTime() - 60_000).toISOString()},
        '/media/blog/hg-large.webp', array['guides'])`);
    const html = await page('/blog');
    const api = await t.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(pageData(html)).toEqual({ kind: 'blog', path: '/blog', list: api.json() });
    const view = firstView(html) ?? '';
    expect(view).toContain('>Blog</h1>');
    expect(view).toContain('>Guides for organizers, vendors and venues, and product news.</p>');
    expect(view).toContain('>Search articles</span>');
    expect(view).toContain('>All</span>');
    expect(view).toContain('>guides</span>');
    expect(view).toContain(
      '<a href="/blog/harbor-guide" dir="auto">Harbor &lt;guide&gt; &amp; map</a></h2>',
    );
    expect(view).toContain('>Where &lt;/p&gt;&lt;script&gt;x()&lt;/script&gt; to park.</p>');
    expect(view).not.toContain('<script>');
    expect(view).toMatch(/ · 1 min read<\/p>/);
    expect(view).toMatch(/<img src="\/media\/blog\/hg-medium\.webp"[^>]*fetchpriority="high"/);

    const spanish = firstView(await page('/blog', 'es')) ?? '';
    expect(spanish).toContain('>Buscar artículos</span>');
    expect(firstView(await page('/blog?tag=guides'))).toBeUndefined();
  });

  it('a published post draws its title, by-line, cover and body from the data the app starts with', async () => {
    const author = await createUser(t.db, { fullName: 'Rae <Writer>' });
    await t.db.execute(sql`
      insert into blog_posts (author_id, slug, title, excerpt, body_html, status, published_at, cover_image, tags)
      values (${author.id}, 'night-market', 'Night <market> notes', 'Stalls.',
        '<p>Bring <strong>cash</strong> for the stalls.</p>', 'published',
        ${new Date(t.clock.now().getTime() - 60_000).toISOString()}, '/media/blog/nm-large.webp',
        array['guides']),
        (${author.id}, 'draft-notes', 'Draft notes', 'Not yet.', '<p>Soon.</p>', 'draft', null, null,
        array[]::text[])`);
    const html = await page('/blog/night-market');
    const api = await t.app.inject({ method: 'GET', url: '/api/blog/posts/night-market' });
    expect(pageData(html)).toEqual({ kind: 'post', path: '/blog/night-market', post: api.json() });
    const view = firstView(html) ?? '';
    expect(view).toContain('<a href="/blog" class="text-primary underline">← All articles</a>');
    expect(view).toContain('>Night &lt;market&gt; notes</h1>');
    expect(view).toMatch(/>By Rae &lt;Writer&gt; · [^<]+ · 1 min read<\/p>/);
    expect(view).toContain('<p>Bring <strong>cash</strong> for the stalls.</p></div>');
    expect(view).toMatch(
      /<img src="\/media\/blog\/nm-large\.webp"[^>]*sizes="\(min-width: 768px\) 48rem, 100vw"/,
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/blog/nm-medium.webp" imagesrcset="/media/blog/nm-small.webp 400w, /media/blog/nm-medium.webp 800w, /media/blog/nm-large.webp 1600w" imagesizes="(min-width: 768px) 48rem, 100vw" fetchpriority="high" data-page-head />',
    );
    const french = firstView(await page('/blog/night-market', 'fr')) ?? '';
    expect(french).toContain('>← Tous les articles</a>');
    expect(french).toMatch(/>Par Rae &lt;Writer&gt; · [^<]+ · 1 min de lecture<\/p>/);

    // A draft, or a post that does not exist, is the app's alone (a writer asks for it signed in).
    for (const url of ['/blog/draft-notes', '/blog/no-such-post']) {
      const other = await page(url);
      expect(firstView(other)).toBeUndefined();
      expect(pageData(other)).toBeNull();
      expect(other).not.toContain('Soon.');
    }
  });

  it('/help draws its index from the data the app starts with, in the visitor’s language', async () => {
    await t.db.execute(sql`
      insert into help_articles (slug, category, title, summary, body, views)
      values ('refund-rules', 'tickets-and-payments', 'Refund <rules> & fees', 'When </span>money comes back.', 'Body.', 90),
        ('first-steps', 'getting-started', 'First steps', 'Start here.', 'Body.', 5)`);
    const html = await page('/help');
    const api = await t.app.inject({ method: 'GET', url: '/api/help?lang=en' });
    expect(pageData(html)).toEqual({
      kind: 'help',
      path: '/help',
      locale: 'en',
      index: api.json(),
    });
    const view = firstView(html) ?? '';
    expect(view).toContain('data-first-view');
    expect(view).toContain('>How can we help?</h1>');
    expect(view).toContain('>e.g. refund, reset password</span>');
    expect(view).toContain(
      '<a href="/faq" class="text-primary underline">Frequently asked questions</a>',
    );
    // The popular articles first (most read first), then each category with articles, escaped.
    expect(view).toContain('>Popular articles</h2>');
    expect(view).toContain(
      '<a href="/help?article=refund-rules" class="block rounded-lg border border-border p-4 hover:border-primary"><span dir="auto" class="block font-medium">Refund &lt;rules&gt; &amp; fees</span><span dir="auto" class="mt-1 block text-sm text-muted-foreground">When &lt;/span&gt;money comes back.</span></a>',
    );
    const sections = [...view.matchAll(/<h2 class="mb-3 text-xl font-semibold">([^<]+)<\/h2>/g)];
    expect(sections.map((m) => m[1])).toEqual(['Getting started', 'Tickets and payments']);
    expect(view).toContain(
      '<a href="/help?article=first-steps" dir="auto" class="text-primary underline-offset-2 hover:underline">First steps</a>',
    );
    expect(view).toContain('>Ask our assistant</h2>');
    expect(view).not.toContain('min-h-svh"></div></div>');

    const german = await page('/help', 'de');
    expect(pageData(german)).toMatchObject({ kind: 'help', locale: 'de' });
    expect(firstView(german)).toContain('>Wie können wir helfen?</h1>');
    expect(firstView(german)).toContain('>Erste Schritte</h2>');

    // A search or an article: the hero over the articles' place, and no data.
    for (const url of ['/help?q=refund', '/help?article=refund-rules']) {
      const other = await page(url);
      expect(firstView(other)).toContain('>How can we help?</h1>');
      expect(firstView(other)).toContain('<div class="min-h-svh"></div></div>');
      expect(firstView(other)).not.toContain('Popular articles');
      expect(pageData(other)).toBeNull();
    }
  });

  it('/auth draws its Sign In tab in the visitor’s language, inert, and stays out of the index', async () => {
    for (const url of ['/auth', '/auth?redirect=%2Fvendors']) {
      const html = await page(url);
      const view = firstView(html) ?? '';
      expect(view).toContain('data-first-view');
      expect(view).toContain('>Sign In or Register</h1>');
      expect(view).toContain('>Find events, hire vendors and sell tickets with one account.</p>');
      // The controls are the app's elements, inert: no tap or typing for the swap to lose.
      expect(view).toMatch(
        /<div class="mt-2 flex justify-center" inert>.*>Language<\/label><select /,
      );
      expect(view).toContain('<option value="en" lang="en" selected>English</option>');
      expect(view).toMatch(/<div class="rounded-lg border border-border bg-card [^"]*" inert>/);
      expect(view).toContain('>Email</label><input class="h-10 w-full');
      expect(view).toContain('>Password</label><div class="relative"><input');
      expect(view.match(/>Sign In<\/button>/g)).toHaveLength(2);
      expect(view).toContain('>Sign Up</button>');
      expect(view).toContain('>Email me a sign-in link</button>');
      expect(view).toContain('>Continue as guest</button>');
      expect(html).toContain('<meta name="robots" content="noindex" data-page-head />');
      expect(html).toContain('<script type="module" fetchpriority="low"');
    }
    const arabic = await page('/auth', 'ar');
    expect(htmlLang(arabic)).toBe('ar');
    expect(firstView(arabic)).toContain('<option value="ar" lang="ar" selected>');
    const french = firstView(await page('/auth', 'fr')) ?? '';
    expect(french).toContain('>Continuer en tant qu’invité</button>');
    // Another tab, or a confirmation's notice: the app's alone.
    for (const url of ['/auth?tab=signup', '/auth?confirm_error=expired']) {
      const other = await page(url);
      expect(firstView(other)).toBeUndefined();
      expect(other).toContain('<div id="root"></div>');
    }
  });

  it('/pricing draws its top in the visitor’s language', async () => {
    const pricing = await page('/pricing');
    const view = firstView(pricing) ?? '';
    expect(view).toContain('>Pricing</h1>');
    expect(view).toContain('>Start free. Upgrade when your events grow:');
    expect(pricing).toContain('<script type="module" fetchpriority="low"');
    const french = firstView(await page('/pricing', 'fr')) ?? '';
    expect(french).toContain('>Tarifs</h1>');
  });
});
