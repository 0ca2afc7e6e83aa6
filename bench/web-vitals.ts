// LCP and CLS of the home route (`/`) in Debian's Chromium driven by Playwright, against the
// production build (run `npm run build` first) on a fresh, seeded database. Each run is a cold
// load in a new browser context (empty cache, no service worker yet), measured with buffered
// PerformanceObservers the way the web-vitals library does; one Chrome performance trace per
// profile is saved for DevTools. Loopback network: these figures leave the network out.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { median, startBuiltServer } from './lib';

const RUNS = Number(process.env.BENCH_WEB_VITALS_RUNS ?? 5);
// Lighthouse's "good" thresholds.
export const LCP_GOOD_MS = 2500;
export const CLS_GOOD = 0.1;
// How long after `load` the page is watched: the lazily loaded sections and the upcoming events
// arrive in that time, and so would any shift they cause.
const SETTLE_MS = 3000;

export interface Profile {
  name: string;
  width: number;
  height: number;
  mobile: boolean;
  /** Chrome DevTools CPU throttling (Emulation.setCPUThrottlingRate); 1 = none. */
  cpuSlowdown: number;
}

export const PROFILES: Profile[] = [
  { name: 'desktop 1280 px', width: 1280, height: 800, mobile: false, cpuSlowdown: 1 },
  { name: 'mobile 375 px, CPU ÷4', width: 375, height: 812, mobile: true, cpuSlowdown: 4 },
];

interface Shift {
  value: number;
  startTime: number;
  /** What moved: the shifted elements, described briefly (tag, id or first class, text). */
  sources: string[];
}

declare global {
  interface Window {
    __vitals?: { lcp: number; shifts: Shift[] };
  }
}

/**
 * Installed before any page script: records LCP candidates and layout shifts from the start.
 * Plain JavaScript in a string: a function handed to Playwright would carry the helpers tsx adds
 * to named functions, which the page does not have.
 */
const OBSERVE_VITALS = `(() => {
  const vitals = { lcp: 0, shifts: [] };
  window.__vitals = vitals;
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName : '?';
    const name = node.id ? '#' + node.id : node.classList[0] ? '.' + node.classList[0] : '';
    return node.tagName.toLowerCase() + name + ' "' + (node.textContent || '').trim().slice(0, 30) + '"';
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput)
        vitals.shifts.push({
          value: entry.value,
          startTime: entry.startTime,
          sources: (entry.sources || []).map((s) => describe(s.node)),
        });
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** CLS as Lighthouse and web-vitals define it: the worst session window (gaps < 1 s, ≤ 5 s). */
export function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (current && shift.startTime - last < 1000 && shift.startTime - first < 5000) {
      current += shift.value;
    } else {
      current = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    worst = Math.max(worst, current);
  }
  return worst;
}

async function measure(
  browser: Browser,
  url: string,
  profile: Profile,
  tracePath?: string,
): Promise<{ lcpMs: number; cls: number; shifts: Shift[] }> {
  const context = await browser.newContext({
    viewport: { width: profile.width, height: profile.height },
    deviceScaleFactor: profile.mobile ? 2 : 1,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
  });
  try {
    await context.addInitScript({ content: OBSERVE_VITALS });
    const page = await context.newPage();
    if (profile.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    }
    if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: true });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    if (tracePath) await browser.stopTracing();
    const vitals = await page.evaluate(() => window.__vitals);
    if (!vitals) throw new Error('the vitals observer did not run');
    return {
      lcpMs: vitals.lcp,
      cls: cumulativeLayoutShift(vitals.shifts),
      shifts: vitals.shifts,
    };
  } finally {
    await context.close();
  }
}

export async function benchWebVitals() {
  const traceDir = process.env.BENCH_TRACE_DIR ?? path.join(os.tmpdir(), 'mea-web-vitals');
  await fs.mkdir(traceDir, { recursive: true });
  const server = await startBuiltServer('web-vitals');
  const browser = await chromium.launch({
    // Debian's Chromium, as the e2e tests use; Playwright never downloads browsers here.
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    // One unmeasured load first: the server's caches and the seeded images are warm after it.
    await measure(browser, `${server.base}/`, PROFILES[0] as Profile);
    const results = [];
    for (const profile of PROFILES) {
      const runs = [];
      const trace = path.join(traceDir, `home-${profile.width}px.trace.json`);
      for (let run = 0; run < RUNS; run++)
        runs.push(
          await measure(browser, `${server.base}/`, profile, run === 0 ? trace : undefined),
        );
      results.push({
        profile,
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        worstCls: Math.max(...runs.map((r) => r.cls)),
        shifts: median(runs.map((r) => r.shifts.length)),
        // The largest single shift of all runs and what moved in it.
        largestShift: runs
          .flatMap((r) => r.shifts)
          .reduce<Shift | undefined>((a, b) => (a && a.value >= b.value ? a : b), undefined),
        trace,
      });
    }
    return { runs: RUNS, results };
  } finally {
    await browser.close();
    await server.stop();
  }
}
