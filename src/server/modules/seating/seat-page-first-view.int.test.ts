import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seatedEvent } from './seating.test-kit';

// The seat page's first view: the event's seating in the HTML (as the API answers it), the top
// of the page and its map's frame, and the small script that paints the map and takes clicks
// before the app's entry runs.

let t: TestApp;
let webDir: string;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer', string>;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-seat-view-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>MEA Events</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  // Vite's manifest: the app's entry, and the seat page's first view's entry with a chunk it
  // shares with the seat page.
  await fs.mkdir(path.join(webDir, '.vite'));
  await fs.writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12.js', isEntry: true },
      'features/seating/seat-first-view.ts': {
        file: 'assets/seat-first-view-Fv1.js',
        isEntry: true,
        imports: ['_Sl2.js'],
      },
      '_Sl2.js': { file: 'assets/Sl2.js' },
      'features/seating/seat-picker-page.tsx': {
        file: 'assets/Sp3.js',
        imports: ['index.html', '_Sl2.js'],
      },
    }),
  );
  t = await createTestApp({ webDir, env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Harbour Hall' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
  };
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const call = requestAs(
  () => t,
  () => cookies,
);

const page = async (url: string, language = 'en') => {
  const response = await t.app.inject({
    url,
    headers: { accept: 'text/html', 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const firstView = (html: string) =>
  /<div id="mea-ssr">(.*?)<\/div><div id="root" hidden><\/div>/s.exec(html)?.[1];
const pageData = (html: string): unknown =>
  JSON.parse(
    /<script type="application\/json" id="mea-page-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ??
      'null',
  );
const SCRIPT =
  '<script async type="module" crossorigin src="/assets/seat-first-view-Fv1.js"></script>';

describe('the seat page’s first view', () => {
  it('carries the seating as the API answers it, with held seats, and the map’s frame in the visitor’s language', async () => {
    const { event } = await seatedEvent(t, call, owner);
    const bought = await call('buyer', 'POST', `/api/events/${event.id}/seat-orders`, {
      seatIds: ['A-Row A-2'],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const html = await page(`/event/${event.id}/seats`, 'fr');
    const api = await call('signedOut', 'GET', `/api/events/${event.id}/seating`);
    expect(pageData(html)).toEqual({
      kind: 'seats',
      path: `/event/${event.id}/seats`,
      seating: api.json(),
    });
    expect(api.json<{ held: string[] }>().held).toEqual(['A-Row A-2']);
    const view = firstView(html) ?? '';
    expect(view).toContain('data-first-view');
    expect(view).toContain(
      '<h1 class="text-3xl font-extrabold tracking-tight">Choisissez vos places</h1>',
    );
    expect(view).toContain('data-seat-first-view data-label="Plan des places"');
    expect(view).toContain('<canvas aria-hidden="true"');
    // The legend: the plan's categories with their prices, in the page's language.
    expect(view).toContain('Standard · 25,00');
    expect(view).toContain('VIP · 90,00');
    // Its script ends the copy (it runs as soon as it arrives, the copy above it parsed), at
    // the usual priority; it and what it imports are preloaded in the head.
    expect(view).toMatch(new RegExp(`${SCRIPT}$`));
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/seat-first-view-Fv1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Sl2.js">',
    );
  });

  it('is not drawn for an event the public may not see, one sold by count, or another address', async () => {
    const draft = await seatedEvent(t, call, owner);
    // A draft: only its organizer sees it, so its seats are in no page anyone may load.
    await t.db.execute(sql`update events set event_status = 'draft' where id = ${draft.event.id}`);
    const byCount = await createEvent(t.db, { userId: owner.id, title: 'Open air' });
    for (const url of [
      `/event/${draft.event.id}/seats`,
      `/event/${byCount.id}/seats`,
      '/event/not-an-id/seats',
    ]) {
      const html = await page(url);
      expect(firstView(html), url).toBeUndefined();
      expect(html, url).not.toContain('seat-first-view');
      expect(pageData(html), url).toBeNull();
    }
  });
});
