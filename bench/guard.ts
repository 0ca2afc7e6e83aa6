// `npm run bench guard`: the benches whose figures matter most, at the short sizes of
// guard-rule.ts, each as a ratio to a reference measured in the same run (higher is better),
// compared with bench/baselines.json. Exits 1 naming each bench more than 25 % below its
// baseline. BENCH_GUARD_WRITE=1 writes this run's ratios as the new baselines instead (only in a
// commit that says why).
import fs from 'node:fs/promises';
import os from 'node:os';
import { benchAds } from './ads';
import { benchApi } from './api';
import { benchFlashSale } from './flash-sale';
import { guardVerdict, GUARD_TOLERANCE, rateRatio } from './guard-rule';
import { benchHttp } from './http';
import { median, print, table } from './lib';
import { benchMessaging } from './messaging';
import { benchRealtime } from './realtime';
import { benchReferrals } from './referrals';
import { benchSearch } from './search';

const BASELINES = new URL('./baselines.json', import.meta.url);

interface Baselines {
  how: string;
  ratios: Record<string, number>;
}

/** Each guarded bench: what its ratio divides by what, and how to get it from the bench. */
const GUARDED: { bench: string; ratio: string; run: () => Promise<number> }[] = [
  {
    bench: 'flash sale',
    ratio: 'checkouts/s ÷ raw guarded decrements/s (async commit)',
    run: async () => {
      const r = await benchFlashSale();
      return r.medianCheckoutsPerSec / r.rawDecrementsPerSec;
    },
  },
  {
    bench: 'messaging',
    // Not ÷ /api/health: the page waits on the database, health on Node alone, and health grew
    // several-fold more than the page on a quiet machine, so that ratio fell whenever it was
    // quiet. CPU per request (server + PostgreSQL) beside the same read behind a bare server, as
    // the realtime line does: rates at load 24-33 moved 2× between runs, even measured at once.
    ratio:
      'bare server CPU µs per same read ÷ older history page CPU µs per request (server + PostgreSQL)',
    run: async () => {
      const r = await benchMessaging();
      for (const [name, row] of [
        ['older history page', r.olderPage],
        ['bare server, same read', r.rawPage],
      ] as const)
        if (!(row.cpuUsPerRequest > 0) || row.errors > 0)
          throw new Error(
            `${name}: ${row.cpuUsPerRequest} µs per request over ${row.total} requests, ${row.errors} errors`,
          );
      return r.rawPage.cpuUsPerRequest / r.olderPage.cpuUsPerRequest;
    },
  },
  {
    bench: 'realtime fan-out',
    ratio: 'bare ws CPU µs/frame ÷ server CPU µs/notification',
    run: async () => {
      const r = await benchRealtime();
      return r.rawCpuUsPerFrame / Math.max(1, median(r.rounds.map((x) => x.cpuUsPerMessage)));
    },
  },
  {
    bench: 'public event list',
    ratio: 'GET /api/events?limit=50 req/s ÷ /api/health req/s',
    run: async () => {
      const rows = await benchHttp();
      const of = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
      return rateRatio(of('GET /api/events?limit=50'), of('GET /api/health'));
    },
  },
  {
    bench: 'api v1',
    ratio: 'GET /api/v1/events?limit=20 req/s ÷ /api/health req/s',
    run: async () => {
      const { http } = await benchApi({ webhooks: false });
      return rateRatio(http[1], http[0]);
    },
  },
  {
    bench: 'referral clicks',
    ratio: 'GET /api/affiliates/r/{promoId} req/s ÷ /api/health req/s',
    run: async () => {
      const { rows } = await benchReferrals();
      const named = rows.map((r) => ({ name: r.target, ...r }));
      return rateRatio(named[1], named[0]);
    },
  },
  {
    bench: 'ad selection',
    ratio: 'GET /api/promotions/serve req/s ÷ /api/health req/s',
    run: async () => {
      const { rows } = await benchAds();
      const named = rows.map((r) => ({ name: r.target, ...r }));
      return rateRatio(named[1], named[0]);
    },
  },
  {
    bench: 'search',
    ratio: 'reference query p50 ÷ median p50 of the typical searches',
    run: async () => {
      const r = await benchSearch();
      const typical = r.results.filter((x) => x.kind === 'typical').map((x) => x.p50);
      return r.referenceP50Ms / median(typical);
    },
  },
];

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** Runs the guarded benches one after another; resolves to the exit code (1: a ratio slipped). */
export async function runGuard(): Promise<number> {
  const started = performance.now();
  const loadBefore = loadAverage();
  const measured: Record<string, number | null> = {};
  const loads: Record<string, string> = {};
  const reasons: Record<string, string> = {};
  for (const guarded of GUARDED) {
    process.stdout.write(`guard: ${guarded.bench}…\n`);
    try {
      measured[guarded.bench] = await guarded.run();
    } catch (error) {
      process.stderr.write(`guard: ${guarded.bench} did not complete: ${String(error)}\n`);
      measured[guarded.bench] = null;
      reasons[guarded.bench] = error instanceof Error ? error.message : String(error);
    }
    loads[guarded.bench] = loadAverage();
  }
  const write = process.env.BENCH_GUARD_WRITE === '1';
  const baselines = write
    ? { how: '', ratios: {} }
    : (JSON.parse(await fs.readFile(BASELINES, 'utf8')) as Baselines);
  const { rows, failed } = guardVerdict(measured, baselines.ratios);
  const minutes = (performance.now() - started) / 60_000;
  print(
    `Guard: each ratio against bench/baselines.json (fails below ${(1 - GUARD_TOLERANCE) * 100} % of it); ${minutes.toFixed(1)} min; load average (1 / 5 / 15 min) before: ${loadBefore}`,
    table(
      rows.map((r) => ({
        bench: r.bench,
        ratio: r.ratio?.toFixed(3) ?? '-',
        baseline: r.baseline?.toFixed(3) ?? '-',
        floor: r.floor?.toFixed(3) ?? '-',
        verdict: r.verdict,
        'load average after': loads[r.bench] ?? '',
        of: GUARDED.find((g) => g.bench === r.bench)?.ratio ?? '',
        // Why a bench gave no ratio, so the table says what to look at.
        why: reasons[r.bench] ?? '',
      })),
    ),
  );
  if (write) {
    // A bench that did not run (or measured nothing) is no baseline: it would pass anything.
    const missing = Object.entries(measured).filter(([, ratio]) => !ratio || ratio <= 0);
    if (missing.length) {
      process.stderr.write(
        `guard: no baselines written; no ratio for ${missing.map(([b]) => b).join(', ')}\n`,
      );
      return 1;
    }
    const ratios = Object.fromEntries(
      Object.entries(measured).map(([bench, ratio]) => [bench, Number((ratio ?? 0).toFixed(3))]),
    );
    const how = `npm run bench guard with BENCH_GUARD_WRITE=1 on ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} cores, load average before ${loadBefore}`;
    await fs.writeFile(BASELINES, `${JSON.stringify({ how, ratios }, null, 2)}\n`);
    process.stdout.write(`wrote ${BASELINES.pathname}\n`);
    return 0;
  }
  if (failed.length) {
    process.stderr.write(`guard: slower than the baseline or did not run: ${failed.join(', ')}\n`);
    return 1;
  }
  return 0;
}
