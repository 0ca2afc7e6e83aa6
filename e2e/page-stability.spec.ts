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

test('the event page on a phone does not jump as it loads (CLS under 0.1)', async ({
  browser,
  page: other,
}) => {
  const list = await other.request.get('/api/events?limit=1');
  const [event] = (await list.json()).events as { id: string; title: string }[];
  if (!event) throw new Error('the demo seed has published events');

  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ content: RECORD_SHIFTS });
  const page = await context.newPage();
  // A phone's slower processor, as Lighthouse's mobile preset has it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({
    timeout: 30_000,
  });
  // The last parts to arrive: the prices and the footer, each from its own request.
  await expect(page.getByRole('link', { name: /^(Get tickets|Register)$/ }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();

  // CLS: the worst window of shifts less than 1 s apart, at most 5 s long.
  const cls = await page.evaluate(() => {
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
  expect(cls).toBeLessThan(0.1);
  await context.close();
});
