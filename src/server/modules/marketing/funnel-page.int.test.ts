import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// /f/{slug} served with its page in the HTML (decision 024): readable at
// first paint and without JavaScript, with the funnel's own head (the seo module's), only the
// published snapshot, everything from the document escaped or sanitized.

let t: TestApp;
let webDir: string;
let cookie: string;
let funnelId: string;
let eventId: string;
const BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="MEA Events: find events." /><title>MEA Events</title><script type="module" crossorigin src="/assets/index-Ab12.js"></script></head><body><div id="root"></div></body></html>`;

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const ssrOf = (html: string) =>
  /<div id="mea-ssr">([\s\S]*)<\/div><div id="root" hidden>/.exec(html)?.[1];
const call = requestAs(
  () => t,
  () => ({ owner: cookie }),
);
/** Past the page caches (the body's second, the seo module's head's five). */
const later = () => t.clock.advance(6_000);

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-funnel-page-'));
  await fs.writeFile(path.join(webDir, 'index.html'), BUILT_PAGE);
  t = await createTestApp({ webDir });
  const owner = await createUser(t.db, { userType: 'organizer', businessName: 'Blue Room' });
  cookie = await t.sessionCookie(owner);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Harbor <Night>',
    startsAt: new Date('2031-06-01T20:00:00Z'),
  });
  eventId = event.id;
  await createTicketType(t.db, { eventId, name: 'Standard', priceCents: 2500, quantity: 40 });
  const created = await call('owner', 'POST', '/api/marketing/funnels', {
    name: 'Harbor launch',
    slug: 'harbor-launch',
    template: 'event_launch',
    eventId,
  });
  expect(created.statusCode, created.body).toBe(201);
  funnelId = created.json().id;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('server-rendered funnel pages', () => {
  it('an unpublished funnel is the built page with no content', async () => {
    const html = await page('/f/harbor-launch');
    expect(ssrOf(html)).toBeUndefined();
    expect(html).toContain('<div id="root"></div>');
  });

  it('a published funnel comes with its step in the HTML, its head, and the data the app starts from', async () => {
    expect(
      (await call('owner', 'POST', `/api/marketing/funnels/${funnelId}/publish`)).statusCode,
    ).toBe(200);
    later();
    const html = await page('/f/harbor-launch');
    const ssr = ssrOf(html) ?? '';
    // The head is the seo module's: the funnel's SEO title (the template's event title).
    expect(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Harbor &lt;Night&gt;');
    expect(ssr).toMatch(/<h1 [^>]*>[^<]*Harbor &lt;Night&gt;[^<]*<\/h1>/);
    // The sign-up needs the app; without it the page says so rather than offering dead fields.
    expect(ssr).toContain('The sign-up form needs JavaScript.');
    // The next step is a link that works without JavaScript.
    const next = /<a href="(\/f\/harbor-launch\?step=1)"[^>]*>([^<]+)<\/a>/.exec(ssr);
    expect(next?.[2]).toBe('See tickets');
    const data = JSON.parse(
      /<script type="application\/json" id="mea-ssr-data">(.*?)<\/script>/.exec(ssr)?.[1] ?? '{}',
    );
    expect(data).toMatchObject({ slug: 'harbor-launch', step: 0, name: 'Harbor launch' });

    // Step 2: the event card with live availability and the funnel's Buy tickets redirect.
    const tickets = ssrOf(await page('/f/harbor-launch?step=1')) ?? '';
    expect(tickets).toContain('<h2 class="text-2xl font-bold">Harbor &lt;Night&gt;</h2>');
    // Availability as the public API gives it at that moment.
    const api = await t.app.inject({ url: '/api/marketing/public/funnels/harbor-launch' });
    const remaining = api.json().events[0].remaining as number | null;
    expect(tickets).toContain(remaining === null ? 'Free entry' : `${remaining} tickets left`);
    expect(tickets).toContain('Jun 1, 2031, 8:00 PM UTC');
    expect(tickets).toContain(
      `href="/api/marketing/public/funnels/harbor-launch/go?step=1&amp;event=${eventId}"`,
    );
    // A step out of range shows the first; the answer is always the page, never an error.
    expect(ssrOf(await page('/f/harbor-launch?step=x'))).toContain('See tickets');
    expect(ssrOf(await page('/f/HARBOR-LAUNCH'))).toContain('See tickets');

    // The page's own words in the visitor's language; the organizer's stay as written.
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/f/harbor-launch?step=1',
      headers: { accept: 'text/html', 'accept-language': 'es' },
    });
    const inSpanish = ssrOf(spanish.body) ?? '';
    expect(spanish.body).toContain('<html lang="es" dir="ltr">');
    expect(inSpanish).toContain('Harbor &lt;Night&gt;');
    expect(inSpanish).toContain('>Comprar entradas</a>');
    expect(inSpanish).toContain(
      remaining === null ? 'Entrada gratuita' : `Quedan ${remaining} entradas`,
    );
    expect(inSpanish).toContain('1 jun 2031, 20:00 UTC');
  });

  it('escapes and sanitizes what the document holds, and shows only the published snapshot', async () => {
    const draft = {
      seoTitle: 'Safe',
      steps: [
        {
          title: 'One',
          page: {
            root: { props: {} },
            content: [
              {
                type: 'Hero',
                props: { title: '</script><script>alert(1)</script>', subtitle: '"x' },
              },
              {
                type: 'RichText',
                props: { html: '<p>Hi<img src=x onerror="alert(2)"><script>alert(3)</script></p>' },
              },
              { type: 'Video', props: { url: 'javascript:alert(4)', title: 'bad' } },
              { type: 'Image', props: { src: 'http://insecure.test/a.png', alt: 'a' } },
              { type: 'Faq', props: { items: [{ question: '<b>Q</b>', answer: 'A & B' }] } },
            ],
          },
        },
      ],
    };
    const saved = await call('owner', 'PATCH', `/api/marketing/funnels/${funnelId}`, { draft });
    expect(saved.statusCode, saved.body).toBe(200);
    later();
    // Saved but not published: the live page is still the template.
    expect(ssrOf(await page('/f/harbor-launch'))).toContain('See tickets');

    await call('owner', 'POST', `/api/marketing/funnels/${funnelId}/publish`);
    later();
    // The visible part (the data after it is inert JSON the app's blocks check again).
    const ssr = (ssrOf(await page('/f/harbor-launch')) ?? '').split('<script')[0] ?? '';
    expect(ssr).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ssr).toContain('<p>Hi<img');
    expect(ssr).not.toMatch(/onerror|alert\(3\)|javascript:|insecure\.test|<b>Q<\/b>/);
    expect(ssr).toContain('&lt;b&gt;Q&lt;/b&gt;');
    // The one script tag is the data, and nothing in it can close it.
    const html = await page('/f/harbor-launch');
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)');
  });

  it('other pages and unknown funnels keep the built page', async () => {
    expect(ssrOf(await page('/f/no-such-funnel'))).toBeUndefined();
    // As built, in the reader's language and direction (an English reader here).
    expect(await page('/dashboard')).toBe(
      BUILT_PAGE.replace('<html lang="en">', '<html lang="en" dir="ltr">'),
    );
  });
});
