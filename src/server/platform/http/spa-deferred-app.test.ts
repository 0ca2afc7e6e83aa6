import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

// The seat page under its first view: the app's tags (its entry, every module preload and the
// seating's API preload) wait in a template that the page's own script adds when it starts the
// app; that script and everything it imports, at once or later, are preloaded in the head.
// Other pages with a first view keep the app's tags in the head.

const SEATS = '/event/0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b/seats';
let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-spa-deferred-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>MEA Events</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/Rx1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-Cs1.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await fs.mkdir(path.join(webDir, '.vite'));
  await fs.writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12.js', isEntry: true, imports: ['_Rx1.js'] },
      '_Rx1.js': { file: 'assets/Rx1.js' },
      'app/route-table.tsx': { file: 'assets/Rt4.js' },
      'features/seating/seat-first-view.ts': {
        file: 'assets/seat-first-view-Fv1.js',
        isEntry: true,
        dynamicImports: ['features/seating/first-view-map.ts'],
      },
      'features/seating/first-view-map.ts': { file: 'assets/Mp5.js', imports: ['_Sl2.js'] },
      '_Sl2.js': { file: 'assets/Sl2.js' },
      'features/seating/seat-picker-page.tsx': { file: 'assets/Sp3.js', imports: ['_Sl2.js'] },
      'features/events/events-page.tsx': { file: 'assets/Ev6.js' },
    }),
  );
  app = Fastify();
  await registerSpa(app, webDir, {
    pageHead: async () => '<title>Choose your seats</title>',
    pageBody: async () => '<div data-first-view>the copy</div>',
  });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const response = await app.inject({ url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  const html = response.body;
  return {
    html,
    head: html.slice(0, html.indexOf('</head>')),
    template: /<template data-app-start>(.*?)<\/template>/s.exec(html)?.[1],
  };
};

describe('the seat page’s app, started by its first view', () => {
  it('waits in a template before the first view’s script, with the script’s code preloaded', async () => {
    const { html, head, template } = await page(SEATS);
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/Rx1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Rt4.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Sp3.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Sl2.js">' +
        `<link rel="preload" as="fetch" crossorigin href="/api/events/${SEATS.split('/')[2]}/seating">`,
    );
    expect(html).toContain(
      '<div id="mea-ssr"><div data-first-view>the copy</div><template data-app-start>',
    );
    expect(html).toContain(
      '</template><script async type="module" crossorigin src="/assets/seat-first-view-Fv1.js"></script></div><div id="root" hidden>',
    );
    // Nothing of the app in the head but its styles; the first view's script and its imports
    // (the map it imports when it runs, and what that imports) are preloaded there.
    expect(head).not.toMatch(/index-Ab12\.js|Rx1\.js|Rt4\.js|Sp3\.js|\/seating"/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Cs1.css">');
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/seat-first-view-Fv1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Mp5.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Sl2.js">',
    );
  });

  it('is not deferred on another page with a first view', async () => {
    const { head, template } = await page('/events');
    expect(template).toBeUndefined();
    expect(head).toContain('src="/assets/index-Ab12.js"');
    expect(head).toContain('href="/assets/Ev6.js"');
  });
});
