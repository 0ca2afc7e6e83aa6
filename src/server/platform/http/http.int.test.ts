import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contracts/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from './errors';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>MEA</title>' +
      '<script type="module" crossorigin src="/assets/app-Ab12Cd.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webDir, 'assets', 'app-Ab12Cd.js'), 'console.log(1)');
  // Vite's manifest: the route table's chunk imports the entry (already on the page) and one
  // chunk of its own.
  await fs.mkdir(path.join(webDir, '.vite'));
  await fs.writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-Ab12Cd.js', isEntry: true },
      'app/route-table.tsx': { file: 'assets/Tb1.js', imports: ['index.html', '_Gd2.js'] },
      '_Gd2.js': { file: 'assets/Gd2.js' },
      // A public page's chunk: it imports the entry, a chunk of the route table's and two of
      // its own, one of which loads the page's catalogs by language.
      'features/vendors/vendor-pages.tsx': {
        file: 'assets/Vp1.js',
        imports: ['index.html', '_Gd2.js', '_Sh3.js'],
      },
      '_Sh3.js': { file: 'assets/Sh3.js', imports: ['_Lc4.js'] },
      '_Lc4.js': {
        file: 'assets/Lc4.js',
        dynamicImports: ['features/vendors/locales/en.po', 'features/vendors/locales/fr.po'],
      },
      // The home page and the section it loads at once, its upcoming events.
      'features/home/home-page.tsx': { file: 'assets/Hp8.js', imports: ['index.html'] },
      'features/home/upcoming-events-section.tsx': {
        file: 'assets/Up9.js',
        imports: ['index.html', '_Gd2.js'],
      },
      // The seat map: a public page without a head of its own.
      'features/seating/seat-picker-page.tsx': { file: 'assets/Sp7.js', imports: ['index.html'] },
      'features/vendors/locales/en.po': { file: 'assets/En5.js' },
      'features/vendors/locales/fr.po': { file: 'assets/Fr6.js' },
    }),
  );
  // robots.txt is written by the seo module; any other plain file of the build is served as is.
  await fs.writeFile(path.join(webDir, 'humans.txt'), 'Team: MEA Events');
  await fs.writeFile(path.join(webDir, 'assets', 'big-Zz99.css'), 'body{color:red}'.repeat(200));
  await fs.writeFile(
    path.join(webDir, 'assets', 'big-Zz99.css.br'),
    brotliCompressSync('body{color:red}'.repeat(200)),
  );
  t = await createTestApp({
    webDir,
    configure(app) {
      app.get('/api/test/boom', async () => {
        throw new Error('relation "secret_table" does not exist');
      });
      app.get('/api/test/conflict', async () => {
        throw new AppError('CONFLICT', 'Already applied to this event', { eventId: 'e1' });
      });
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({
              name: z.string().min(2, { error: 'Name is too short' }),
              age: z.number().int(),
            }),
          },
        },
        async (request) => request.body,
      );
    },
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('error body', () => {
  it('answers unknown /api/* paths with a JSON 404, also for HTML requests', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await t.app.inject({ url: '/api/nope?x=1', headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope' },
      });
    }
  });

  it('names every invalid field and puts the first message first', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x', age: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('Name is too short');
    expect(body.error.details).toEqual({
      fields: [
        { field: 'body.name', message: 'Name is too short' },
        { field: 'body.age', message: expect.any(String) },
      ],
    });
  });

  it('maps AppError codes to statuses and keeps details', async () => {
    const response = await t.app.inject({ url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Already applied to this event',
        details: { eventId: 'e1' },
      },
    });
  });

  it('never shows internals of an unexpected failure', async () => {
    const response = await t.app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(response.body).not.toContain('secret_table');
    expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(body.error.details).toEqual({ requestId: response.headers['x-request-id'] });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });
});

describe('request ids', () => {
  it('echoes a sane incoming id and replaces a bad one', async () => {
    const kept = await t.app.inject({ url: '/api/site', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    const replaced = await t.app.inject({
      url: '/api/site',
      headers: { 'x-request-id': 'x'.repeat(200) },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers and the SPA', () => {
  it('lets the stream set-up page (browser go-live) use camera, microphone and screen only', async () => {
    const policy = async (url: string) =>
      (await t.app.inject({ url, headers: { accept: 'text/html' } })).headers[
        'permissions-policy'
      ] as string;
    const setup = await policy('/event/some-event/stream');
    expect(setup).toContain('camera=(self)');
    expect(setup).toContain('microphone=(self)');
    expect(setup).toContain('display-capture=(self)');
    expect(await policy('/event/some-event/stream?x=1')).toContain('microphone=(self)');
    expect(await policy('/event/some-event/streams')).toBe(
      'camera=(), microphone=(), geolocation=()',
    );
    expect(await policy('/stream/watch/some-stream')).toBe(
      'camera=(), microphone=(), geolocation=()',
    );
  });

  it('lets a meeting room use camera, microphone and screen, and not the page that lists rooms', async () => {
    const policy = async (url: string) =>
      (await t.app.inject({ url, headers: { accept: 'text/html' } })).headers[
        'permissions-policy'
      ] as string;
    expect(await policy('/meameet/some-room')).toBe(
      'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
    );
    expect(await policy('/meameet')).toBe('camera=(), microphone=(), geolocation=()');
    expect(await policy('/meameet/some-room/x')).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('sends the spec §9 headers on HTML pages', async () => {
    const response = await t.app.inject({
      url: '/events/some-page',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('preloads the route table on every page but home, which renders without it', async () => {
    const page = async (url: string) =>
      (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
    const links =
      '<link rel="modulepreload" crossorigin href="/assets/Tb1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/Gd2.js"></head>';
    for (const url of ['/events', '/event/some-event?x=1', '/no-such-page'])
      expect(await page(url)).toContain(links);
    for (const url of ['/', '/?account=confirmed']) {
      const home = await page(url);
      // The app's root, hidden behind the hero the server draws until the app replaces it.
      expect(home).toContain('<div id="root" hidden>');
      expect(home).not.toContain('Tb1.js');
      // Its own code instead: the page and its upcoming events (less what the table would
      // bring). The events they show are in the page itself, so the API is not asked for them.
      expect(home).toContain('href="/assets/Hp8.js"');
      expect(home).toContain('href="/assets/Up9.js"');
      expect(home).not.toContain('Gd2.js');
      expect(home).toMatch(
        /<script type="application\/json" id="mea-page-data"[^>]*>\{"kind":"home"/,
      );
      expect(home).not.toContain('/api/events');
    }
  });

  it("preloads a public page's own code and its catalogs in the page's language", async () => {
    const page = async (url: string, language: string) =>
      (await t.app.inject({ url, headers: { accept: 'text/html', 'accept-language': language } }))
        .body;
    const preload = (file: string) =>
      `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
    const table = preload('Tb1.js') + preload('Gd2.js');
    // The page's chunks after the route table's, without what the entry or the table bring.
    const own = preload('Vp1.js') + preload('Sh3.js') + preload('Lc4.js');
    for (const url of ['/vendors', '/vendors?page=1']) {
      expect(await page(url, 'fr')).toContain(`${table}${own}${preload('Fr6.js')}</head>`);
      const english = await page(url, 'en');
      expect(english).toContain(`${table}${own}${preload('En5.js')}</head>`);
      expect(english).not.toContain('Fr6.js');
    }
    // Any other page gets the route table only, the home page nothing.
    expect(await page('/events', 'fr')).not.toContain('Vp1.js');
    expect(await page('/', 'fr')).not.toContain('Vp1.js');
  });

  it('preloads the seat map with its code and its seats, though it has no head of its own', async () => {
    const id = '0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const response = await t.app.inject({
      url: `/event/${id}/seats`,
      headers: { accept: 'text/html', 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr"');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Gd2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Sp7.js">' +
        `<link rel="preload" as="fetch" crossorigin href="/api/events/${id}/seating"></head>`,
    );
    // Not for an address that is no event's.
    const other = await t.app.inject({
      url: '/event/not-an-id/seats',
      headers: { accept: 'text/html' },
    });
    expect(other.body).not.toContain('Sp7.js');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.app.inject({ url: '/assets/app-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url: '/humans.txt' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed variant when accepted and 304 for a matching ETag', async () => {
    const plain = await t.app.inject({ url: '/assets/big-Zz99.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plain.body).toBe('body{color:red}'.repeat(200));

    const compressed = await t.app.inject({
      url: '/assets/big-Zz99.css',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);

    const again = await t.app.inject({
      url: '/assets/big-Zz99.css',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not answer a missing asset with the SPA page', async () => {
    const response = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers clients that do not ask for HTML (curl, monitors) with the page', async () => {
    const cases: [string, 'GET' | 'HEAD', Record<string, string>][] = [
      ['/', 'GET', {}],
      ['/', 'GET', { accept: '*/*' }],
      ['/', 'HEAD', { accept: '*/*' }],
      ['/events/some-page?x=1', 'GET', { accept: '*/*' }],
      ['/events', 'GET', { accept: 'text/plain' }],
      ['/events', 'GET', { accept: 'application/json, text/plain, */*' }],
    ];
    for (const [url, method, headers] of cases) {
      const response = await t.app.inject({ url, method, headers });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // The app's root: empty, or hidden behind the page's first view (home).
      if (method === 'GET') expect(response.body).toMatch(/<div id="root"( hidden)?>/);
    }
  });

  it('keeps a JSON 404 for clients asking for JSON only, other methods and missing files', async () => {
    const cases: [string, 'GET' | 'POST' | 'DELETE', Record<string, string>][] = [
      ['/events/some-page', 'GET', { accept: 'application/json' }],
      ['/', 'GET', { accept: 'application/problem+json, application/json;q=0.9' }],
      ['/events/some-page', 'POST', { accept: '*/*' }],
      ['/events/some-page', 'DELETE', {}],
      ['/favicon-missing.ico', 'GET', {}],
      ['/media/missing-upload', 'GET', { accept: '*/*' }],
      ['/api', 'GET', {}],
      ['/api/nope', 'GET', { accept: '*/*' }],
    ];
    for (const [url, method, headers] of cases) {
      const response = await t.app.inject({ url, method, headers });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('keeps the docs UI framing-denied too', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/site',
        '/api/auth/session',
        '/api/auth/sign-in',
        '/api/auth/sign-out',
      ]),
    );
  });
});

describe('cross-site request check', () => {
  it('refuses a state-changing call from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Cross-site request refused' },
    });
  });

  it('refuses a cross-site fetch without an Origin header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts our own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: t.config.PUBLIC_URL },
    });
    expect(response.statusCode).toBe(200);
  });
});
