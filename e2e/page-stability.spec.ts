import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A shared event link opened on a phone: what appears first stays where it is while the rest of
// the page (its code, the prices, the footer) arrives. Layout shifts are read in the page, as
// Lighthouse and the web-vitals library read them.

const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value, at: entry.startTime });
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

declare global {
  interface Window {
    __shifts: { value: number; at: number }[];
  }
}

/** A phone-sized page with a phone's slower processor (Lighthouse's mobile preset), recording shifts. */
async function phonePage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ content: RECORD_SHIFTS });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** CLS: the worst window of shifts less than 1 s apart, at most 5 s long. */
function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    let worst = 0;
    let current = 0;
    let first = 0;
    let last = 0;
    for (const shift of window.__shifts) {
      const joins = current > 0 && shift.at - last < 1000 && shift.at - first < 5000;
      current = joins ? current + shift.value : shift.value;
      if (!joins) first = shift.at;
      last = shift.at;
      worst = Math.max(worst, current);
    }
    return worst;
  });
}

test('the event page on a phone does not jump as it loads (CLS under 0.1)', async ({
  browser,
  page: other,
}) => {
  const list = await other.request.get('/api/events?limit=1');
  const [event] = (await list.json()).events as { id: string; title: string }[];
  if (!event) throw new Error('the demo seed has published events');

  const { context, page } = await phonePage(browser);
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({
    timeout: 30_000,
  });
  // The last parts to arrive: the prices and the footer, each from its own request.
  await expect(page.getByRole('link', { name: /^(Get tickets|Register)$/ }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.1);
  await context.close();
});

test('a vendor page on a phone does not jump as it loads (CLS under 0.1)', async ({
  browser,
  page: other,
}) => {
  const list = await other.request.get('/api/vendors');
  const [vendor] = (await list.json()).vendors as { id: string; displayName: string }[];
  if (!vendor) throw new Error('the demo seed has vendors');

  const { context, page } = await phonePage(browser);
  await page.goto(`/vendor/${vendor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: vendor.displayName })).toBeVisible({
    timeout: 30_000,
  });
  // The last parts to arrive: the gallery's pictures and the footer.
  await expect(page.getByRole('heading', { name: 'Ratings' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.1);
  await context.close();
});

test('the home page on a phone does not jump while its sections load below (CLS under 0.1)', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  // The sections below the fold load once the page is idle; the billboard's sponsored grid (or
  // the featured event) is among the last, and once moved the whole page by its height.
  const billboard = page.locator('[aria-labelledby="home-billboard"]');
  await expect(billboard.locator('article, a').first()).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.1);
  await context.close();
});

/** The page's h1 box on a phone: from the server's HTML alone (no script), then once the app runs. */
async function headingBoxes(browser: Browser, url: string) {
  const still = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    javaScriptEnabled: false,
  });
  const copy = await still.newPage();
  await copy.goto(url);
  const before = await copy.locator('#mea-ssr h1').boundingBox();
  await still.close();

  const { context, page } = await phonePage(browser);
  await page.goto(url);
  // The app has replaced the server's copy with its own page.
  await expect(page.locator('#mea-ssr')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('#root')).toBeVisible();
  const after = await page.locator('#root h1').first().boundingBox();
  const cls = await cumulativeLayoutShift(page);
  await context.close();
  return { before, after, cls };
}

test('the public pages paint their top from the HTML, and the app takes it over in place', async ({
  browser,
  page: other,
}) => {
  // Ten pages, each opened twice (without and with scripts) on a 4× slower processor.
  test.setTimeout(180_000);
  const vendors = await other.request.get('/api/vendors');
  const [vendor] = (await vendors.json()).vendors as { id: string }[];
  if (!vendor) throw new Error('the demo seed has vendors');
  const posts = await other.request.get('/api/blog/posts');
  const [post] = (await posts.json()).items as { slug: string }[];
  if (!post) throw new Error('the demo seed has blog posts');
  for (const url of [
    `/vendor/${vendor.id}`,
    '/events',
    '/',
    '/search?q=music',
    '/vendors',
    '/categories',
    '/blog',
    `/blog/${post.slug}`,
    '/help',
    '/pricing',
  ]) {
    const { before, after, cls } = await headingBoxes(browser, url);
    expect(before, `${url}: the server's first view has the page's heading`).not.toBeNull();
    expect(after, `${url}: the app's page has its heading`).not.toBeNull();
    // The heading is where the server put it: the swap moved nothing a person sees.
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0)), url).toBeLessThanOrEqual(2);
    expect(Math.abs((after?.x ?? 0) - (before?.x ?? 0)), url).toBeLessThanOrEqual(2);
    expect(cls, url).toBeLessThan(0.1);
  }
});
