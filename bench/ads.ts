// Ads, on the production build: selection for a placement with many live campaigns
// (default 10,000) and impression beacons, each beside GET /api/health in the same run; rounds
// alternate and the figures are medians. Afterwards the impressions counted in the database must
// equal the tokens carried by the beacons that were answered 200: none lost, none doubled.
//
// Sizes: BENCH_ADS_CAMPAIGNS (10,000), BENCH_ADS_TOKENS per beacon (3: a page shows one to six
// sponsored items, and the browser batches a page's views), BENCH_DURATION_S per round (5),
// BENCH_ADS_ROUNDS (3), BENCH_ADS_CONNECTIONS (50); BENCH_ADS_BEACONS=off measures selection
// and its reference only (the beacon rounds and the impressions check are skipped).
//
// Each row also gives the CPU time per answered request of the server process alone, and of the
// server and its PostgreSQL together (every process in the server's process group): unlike
// req/s, those figures hold on a machine busy with other work, so a before/after on a loaded
// machine still compares.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { derivedKey } from '../src/server/platform/secrets';
import { issueServeToken } from '../src/server/modules/promotions/serve-token';
import { median, startBuiltServer } from './lib';

const CAMPAIGNS = Number(process.env.BENCH_ADS_CAMPAIGNS ?? 10_000);
const TOKENS_PER_BEACON = Number(process.env.BENCH_ADS_TOKENS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ADS_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_ADS_CONNECTIONS ?? 50);
const BEACONS = process.env.BENCH_ADS_BEACONS !== 'off';
const VIEWERS = 1_000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CATEGORIES = ['Music', 'Food & Drink', 'Sports', 'Arts', 'Business', 'Community'];
const CITIES = ['Oakland', 'Atlanta', 'Lagos', 'London', 'Toronto', 'Accra'];

export interface AdsBenchRow {
  target: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Impressions carried per second (beacons only). */
  impressionsPerSec?: number;
  /** CPU ms of the server and its database per answered request (median of the rounds). */
  cpuMsPerRequest: number;
  /** CPU ms of the server process alone per answered request (median of the rounds). */
  serverCpuMsPerRequest: number;
  errors: number;
}

export interface AdsBenchResult {
  campaigns: number;
  /** False with BENCH_ADS_BEACONS=off: no beacon row, and the impression counts are 0. */
  beacons: boolean;
  tokensPerBeacon: number;
  connections: number;
  rounds: number;
  rows: AdsBenchRow[];
  /**
   * Tokens in every beacon sent, in the beacons answered 200 (autocannon drops the answers still
   * in flight when a round ends, but the server counts them), and the impressions the database
   * counted: none lost means counted ≥ answered, none doubled means counted ≤ sent.
   */
  impressionsSent: number;
  impressionsAnswered: number;
  impressionsCounted: number;
}

/**
 * Live campaigns on the events list: most untargeted, some by category or city (the mix a
 * marketplace would have), budgets large enough that none runs out during the run.
 */
async function loadCampaigns(db: pg.Client, count: number): Promise<string[]> {
  const { rows: owners } = await db.query<{ id: string }>(
    `select u.id from users u join profiles p on p.id = u.id where p.user_type = 'vendor' limit 1`,
  );
  const owner = owners[0]?.id;
  if (!owner) throw new Error('the demo seed made no vendor to own the campaigns');
  const { rows } = await db.query<{ id: string }>(
    `insert into promo_campaigns (owner_id, status, headline, body, image_alt, target_path,
       placement, starts_at, ends_at, daily_budget_cents, total_budget_cents, pricing, price_cents,
       target_categories, target_cities, frequency_cap)
     select $1::uuid, 'live', 'Bench campaign ' || i, 'Short text ' || i, 'Picture ' || i,
       '/vendor/' || $1::text, 'events_list', now() - interval '1 day', now() + interval '30 days',
       10000000, 10000000, 'cpm', 500,
       case when i % 10 < 2 then array[($2::text[])[1 + i % 6]] else '{}' end,
       case when i % 10 = 2 then array[($3::text[])[1 + i % 6]] else '{}' end,
       50
     from generate_series(1, $4::int) as i
     returning id`,
    [owner, CATEGORIES, CITIES, count],
  );
  await db.query('analyze promo_campaigns');
  return rows.map((r) => r.id);
}

interface Round {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ok: number;
  cpuMsPerRequest: number;
  serverCpuMsPerRequest: number;
}

const TICK_MS = 10; // /proc/<pid>/stat counts CPU in clock ticks of 10 ms (USER_HZ 100)

/**
 * CPU ms (user + system) of every process in a process group (the server and its database), or
 * with `leaderOnly` of the group's leader alone (the server). The group counts each process's
 * reaped children too: a database backend that exits during a round (an idle pool connection
 * closed) moves its CPU into its parent's, instead of taking it out of the sum.
 */
async function groupCpuMs(pgid: number, leaderOnly = false): Promise<number> {
  let ticks = 0;
  for (const entry of leaderOnly ? [String(pgid)] : await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    if (!leaderOnly) ticks += Number(fields[13] ?? 0) + Number(fields[14] ?? 0);
  }
  return ticks * TICK_MS;
}

async function round(options: autocannon.Options, pgid: number): Promise<Round> {
  const cpuBefore = await groupCpuMs(pgid);
  const serverBefore = await groupCpuMs(pgid, true);
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  const serverMs = (await groupCpuMs(pgid, true)) - serverBefore;
  const cpuMs = (await groupCpuMs(pgid)) - cpuBefore;
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    ok: r['2xx'],
    cpuMsPerRequest: cpuMs / Math.max(1, r['2xx']),
    serverCpuMsPerRequest: serverMs / Math.max(1, r['2xx']),
  };
}

export async function benchAds(): Promise<AdsBenchResult> {
  // The bench signs beacon tokens itself with the server's key (derived from this secret), as
  // many fresh ones as the load needs, instead of first collecting millions from /serve.
  const secret = randomBytes(32).toString('hex');
  const server = await startBuiltServer('ads', { SESSION_SECRET: secret });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const ids = await loadCampaigns(db, CAMPAIGNS);
    const key = derivedKey({ SESSION_SECRET: secret }, 'promotion-serve-tokens');
    const viewer = (n: number) => `mea_pv=${n.toString(36).padStart(22, 'v')}`;
    let sequence = 0;
    let tokensSent = 0;
    let tokensAnswered = 0;
    const beacon = (): string => {
      tokensSent += TOKENS_PER_BEACON;
      const tokens: string[] = [];
      for (let i = 0; i < TOKENS_PER_BEACON; i++) {
        sequence += 1;
        // Spread like the weighted draw does: every campaign gets some.
        const id = ids[(sequence * 7919) % ids.length] ?? '';
        tokens.push(issueServeToken(key, id, new Date()));
      }
      return JSON.stringify({ tokens });
    };
    const headers = { 'user-agent': BROWSER };
    const targets: Record<string, autocannon.Options> = {
      'GET /api/health (reference)': { url: `${server.base}/api/health`, headers },
      [`GET /api/promotions/serve (events list, ${CAMPAIGNS.toLocaleString('en-US')} live)`]: {
        url: `${server.base}/api/promotions/serve?placement=events_list&limit=2`,
        headers,
        requests: [
          {
            // A returning visitor (their frequency caps are looked up), a category page now
            // and then, as the events list sends them.
            setupRequest: (request) => {
              sequence += 1;
              const category = sequence % 4 === 0 ? `&category=${CATEGORIES[sequence % 6]}` : '';
              return {
                ...request,
                path: `/api/promotions/serve?placement=events_list&limit=2${category}`,
                headers: { ...headers, cookie: viewer(sequence % VIEWERS) },
              };
            },
          },
        ],
      },
      [`POST /api/promotions/views (${TOKENS_PER_BEACON} impressions each)`]: {
        url: `${server.base}/api/promotions/views`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              sequence += 1;
              return {
                ...request,
                body: beacon(),
                headers: {
                  ...headers,
                  'content-type': 'application/json',
                  cookie: viewer(sequence % VIEWERS),
                },
              };
            },
          },
        ],
      },
    };
    const measured = Object.entries(targets).filter(
      ([name]) => BEACONS || !name.startsWith('POST'),
    );
    // Warm up: JIT, connection pool, the campaigns' pages in PostgreSQL's cache.
    await autocannon({ url: `${server.base}/api/health`, connections: 10, duration: 2 });
    await autocannon({
      url: `${server.base}/api/promotions/serve?placement=events_list&limit=2`,
      connections: 10,
      duration: 2,
    });
    const before = await countedImpressions(db);
    const runs = new Map<string, Round[]>();
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, options] of measured) {
        const r = await round(options, server.process.pid ?? 0);
        if (name.startsWith('POST')) tokensAnswered += r.ok * TOKENS_PER_BEACON;
        runs.set(name, [...(runs.get(name) ?? []), r]);
      }
    }
    // The answers autocannon dropped at the end of the last round are still being counted, and
    // the server charges views in a batch a second (decision 036): read until the count settles.
    let counted = (await countedImpressions(db)) - before;
    for (let settled = 0; settled < 2;) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const now = (await countedImpressions(db)) - before;
      settled = now === counted ? settled + 1 : 0;
      counted = now;
    }
    return {
      campaigns: CAMPAIGNS,
      beacons: BEACONS,
      tokensPerBeacon: TOKENS_PER_BEACON,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      rows: [...runs].map(([target, rs]) => {
        const reqPerSec = Math.round(median(rs.map((r) => r.reqPerSec)));
        return {
          target,
          reqPerSec,
          p50Ms: median(rs.map((r) => r.p50Ms)),
          p99Ms: median(rs.map((r) => r.p99Ms)),
          ...(target.startsWith('POST')
            ? { impressionsPerSec: reqPerSec * TOKENS_PER_BEACON }
            : {}),
          cpuMsPerRequest: median(rs.map((r) => r.cpuMsPerRequest)),
          serverCpuMsPerRequest: median(rs.map((r) => r.serverCpuMsPerRequest)),
          errors: rs.reduce((n, r) => n + r.errors, 0),
        };
      }),
      impressionsSent: tokensSent,
      impressionsAnswered: tokensAnswered,
      impressionsCounted: counted,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}

async function countedImpressions(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select coalesce(sum(impressions), 0)::bigint as n from promo_daily_stats',
  );
  return Number(rows[0]?.n ?? 0);
}
