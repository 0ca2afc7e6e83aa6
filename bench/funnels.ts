// A published funnel for visitors: GET /f/{slug} (the page rendered on the server,
// with its head) and its data,
// GET /api/marketing/public/funnels/{slug}, beside GET /api/health in the same run; three
// alternating rounds under autocannon, medians. The demo seed publishes `spring-launch`.
import autocannon from 'autocannon';
import { median, startBuiltServer } from './lib';

// Sizes from the environment, for a quick smoke run: BENCH_CONNECTIONS, BENCH_DURATION_S, BENCH_ROUNDS.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface FunnelBenchRow {
  target: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
}

async function round(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    reqPerSec: r.requests.average,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export async function benchFunnels(): Promise<FunnelBenchRow[]> {
  const server = await startBuiltServer('funnels');
  try {
    const targets = {
      'GET /api/health (reference)': `${server.base}/api/health`,
      'GET /f/spring-launch (server-rendered page)': `${server.base}/f/spring-launch`,
      'GET /api/marketing/public/funnels/spring-launch': `${server.base}/api/marketing/public/funnels/spring-launch`,
    };
    const check = await fetch(targets['GET /api/marketing/public/funnels/spring-launch']);
    if (!check.ok) throw new Error(`the demo funnel is not published: ${check.status}`);
    const page = await (await fetch(targets['GET /f/spring-launch (server-rendered page)'])).text();
    if (!page.includes('id="mea-ssr"'))
      throw new Error('/f/spring-launch is not rendered on the server');
    await autocannon({ url: targets['GET /api/health (reference)'], connections: 10, duration: 2 });
    const runs = new Map<string, { reqPerSec: number; p99Ms: number; errors: number }[]>();
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, url] of Object.entries(targets)) {
        runs.set(name, [...(runs.get(name) ?? []), await round(url)]);
      }
    }
    return [...runs].map(([target, rs]) => ({
      target,
      reqPerSec: Math.round(median(rs.map((r) => r.reqPerSec))),
      p99Ms: median(rs.map((r) => r.p99Ms)),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    }));
  } finally {
    await server.stop();
  }
}
