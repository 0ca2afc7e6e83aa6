// Lighthouse 12 on the public pages of the production build (run `npm run build` first), on a
// fresh database with the seeded demo data, in Debian's Chromium. The mobile preset simulates a
// slow 4G network and a 4× slower CPU, so the figures do not depend on loopback speed; they do
// depend on how busy this machine is, hence the median of several runs per page. Lighthouse
// 12.2.3 and not 13: the 13.x line needs Node 22.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { median, startBuiltServer } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** `mobile` (the default), `desktop` or `mobile,desktop`. */
const PRESETS = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile').split(',') as Preset[];
/** A comma-separated subset of the page names below, to measure while working on one page. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');

type Preset = 'mobile' | 'desktop';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageScores {
  page: string;
  preset: Preset;
  /** 0–100 per category, median of the runs. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  /** First contentful paint: the same run's reference for LCP (the page's own first paint). */
  fcpMs: number;
  cls: number;
  tbtMs: number;
  /** The machine's 1-minute load average before the page's first run and after its last. */
  load: string;
  /** Audits that did not pass in the median run (by performance score), with what they name. */
  flagged: string[];
}

/** The seeded demo data's ids, so the detail pages measured are real ones. */
async function samplePaths(base: string): Promise<Record<string, string>> {
  const json = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${base}${url}`);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const { events } = await json<{ events: { id: string }[] }>('/api/events?limit=1');
  const { vendors } = await json<{ vendors: { id: string; displayName: string }[] }>(
    '/api/vendors',
  );
  const { items: posts } = await json<{ items: { id: string; slug?: string }[] }>(
    '/api/blog/posts',
  );
  const event = events[0];
  // The directory lists by id, which the seed draws at random: the first by name is the same
  // vendor in every run (the demo's has no About, so its whole page is its first screen).
  const [vendor] = [...vendors].sort((a, b) => a.displayName.localeCompare(b.displayName));
  const post = posts[0];
  if (!event || !vendor || !post) throw new Error('the demo data has no event, vendor or post');
  return {
    '/': '/',
    '/events': '/events',
    '/event/{id}': `/event/${event.id}`,
    '/vendors': '/vendors',
    '/vendor/{id}': `/vendor/${vendor.id}`,
    '/search?q=music': '/search?q=music',
    '/categories': '/categories',
    '/pricing': '/pricing',
    '/blog': '/blog',
    '/blog/{post}': `/blog/${post.slug ?? post.id}`,
    '/help': '/help',
    '/auth': '/auth',
  };
}

/** What a failed audit names: the elements that shifted, the console errors, the issues. */
function details(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { selector?: string; snippet?: string } | undefined;
      const where = (item.sourceLocation as { url?: string } | undefined)?.url;
      const text =
        node?.snippet ?? node?.selector ?? item.issueType ?? item.description ?? item.url;
      return typeof text === 'string' ? `${text.slice(0, 80)}${where ? ` (${where})` : ''}` : '';
    })
    .filter(Boolean)
    .join(' | ');
}

async function runOnce(url: string, port: number, preset: Preset) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const flagged = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is NonNullable<typeof audit> =>
        !!audit &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => `${audit.id}${details(audit) ? `: ${details(audit)}` : ''}`);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as PageScores['scores'],
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    flagged: [...new Set(flagged)],
    report: result.report,
  };
}

/**
 * A run again when Lighthouse could not record it (NO_NAVSTART, NO_FCP: the trace lost its
 * start on a machine this busy), up to three times; its figures are then those of a good run.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`lighthouse: ${String(error)}; running again\n`);
    }
  }
}

export async function benchLighthouse(): Promise<{
  runs: number;
  results: PageScores[];
  reports: string;
}> {
  const reportDir = process.env.BENCH_LIGHTHOUSE_DIR ?? path.join(os.tmpdir(), 'mea-lighthouse');
  await fs.mkdir(reportDir, { recursive: true });
  const server = await startBuiltServer('lighthouse');
  const chrome = await chromeLauncher.launch({
    // Debian's Chromium, as the e2e tests use; nothing downloads a browser here.
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const pages = Object.entries(await samplePaths(server.base)).filter(
      ([name]) => !ONLY || ONLY.includes(name),
    );
    // One unmeasured visit first: the server's caches and the seeded images are warm after it.
    await withRetries(() => runOnce(`${server.base}/`, chrome.port, 'mobile'));
    const results: PageScores[] = [];
    for (const preset of PRESETS)
      for (const [name, pagePath] of pages) {
        const loadBefore = os.loadavg()[0] ?? 0;
        const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
        for (let run = 0; run < RUNS; run++)
          runs.push(
            await withRetries(() => runOnce(`${server.base}${pagePath}`, chrome.port, preset)),
          );
        const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
        const middle = byPerformance[Math.floor(runs.length / 2)] ?? runs[0];
        if (!middle) continue;
        const file = `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
        await fs.writeFile(
          path.join(reportDir, `${file}.${preset}.json`),
          String(middle.report),
          'utf8',
        );
        results.push({
          page: name,
          preset,
          scores: Object.fromEntries(
            CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]),
          ) as PageScores['scores'],
          lcpMs: median(runs.map((r) => r.lcpMs)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          cls: median(runs.map((r) => r.cls)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          load: `${loadBefore.toFixed(1)}–${(os.loadavg()[0] ?? 0).toFixed(1)}`,
          flagged: middle.flagged,
        });
      }
    return { runs: RUNS, results, reports: reportDir };
  } finally {
    chrome.kill();
    await server.stop();
  }
}
