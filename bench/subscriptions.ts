// Subscriptions: 100,000 subscriptions due at once renewed by two worker processes at
// the same time (each exactly once: double charges counted), a tenth of them on the declining
// card; and check-subscription under load beside /api/health in the same run.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { DEMO_PASSWORD, getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { startBuiltServer } from './lib';

const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS_COUNT ?? 100_000);
const WORKERS = 2;
/** The HTTP load of each route (a smoke run shortens it; the figures use the defaults). */
const LOAD_SECONDS = Number(process.env.BENCH_SUBSCRIPTIONS_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_SUBSCRIPTIONS_CONNECTIONS ?? 20);

export interface SubscriptionsBench {
  count: number;
  seconds: number;
  renewalsPerSec: number;
  renewed: number;
  failed: number;
  doubleCharges: number;
  untouched: number;
  check: { reqPerSec: number; p99Ms: number; non2xx: number };
  health: { reqPerSec: number; p99Ms: number; non2xx: number };
}

function runRenewer(databaseUrl: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'tsx',
        '--import',
        './scripts/lingui-register.mjs',
        'bench/subscriptions-renewer.ts',
        databaseUrl,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Record<string, number>)
        : reject(new Error(`renewer ${code}`)),
    );
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers,
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

export async function benchSubscriptions(): Promise<SubscriptionsBench> {
  // Its own job workers off: only the two renewer processes below touch due rows.
  const server = await startBuiltServer('subscriptions', {
    RUN_WORKERS: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const handle = connectDatabase(server.databaseUrl, { max: 4 });
  try {
    const { db } = handle;
    // COUNT people, each subscribed to Starter with the period ended a minute ago.
    await db.execute(sql`
      insert into users (email)
      select 'bench-sub-' || n || '@example.test'
      from generate_series(1, ${COUNT}) n`);
    await db.execute(sql`
      insert into subscriptions (user_id, plan_id, status, provider, current_period_start,
        current_period_end, card_declines, renews_at)
      select u.id, p.id, 'active', 'local', now() - interval '1 month' - interval '1 minute',
        now() - interval '1 minute', (row_number() over () % 10 = 0), now() - interval '1 minute'
      from users u cross join (select id from subscription_plans where name = 'Starter') p
      where u.email like 'bench-sub-%'`);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: WORKERS }, () => runRenewer(server.databaseUrl)),
    );
    const seconds = (performance.now() - started) / 1000;
    const sum = (key: string) => results.reduce((total, r) => total + (r[key] ?? 0), 0);
    const { rows: doubles } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select subscription_id from subscription_invoices
        where kind = 'renewal' and status = 'paid'
        group by subscription_id, period_start having count(*) > 1) d`);
    const { rows: left } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from subscriptions s
      where not exists (select 1 from subscription_invoices i where i.subscription_id = s.id)
        and s.provider = 'local' and s.user_id in (select id from users where email like 'bench-sub-%')`);

    // check-subscription for a subscribed person (the demo organizer), beside /api/health.
    const { email } = getDemoAccount('organizer');
    const signIn = await fetch(`${server.base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await load(`${server.base}/api/health`); // warm-up
    const health = await load(`${server.base}/api/health`);
    const check = await load(`${server.base}/api/subscriptions/check`, { cookie });
    return {
      count: COUNT,
      seconds,
      renewalsPerSec: Math.round((sum('renewed') + sum('failed')) / seconds),
      renewed: sum('renewed'),
      failed: sum('failed'),
      doubleCharges: doubles[0]?.n ?? -1,
      untouched: left[0]?.n ?? -1,
      check,
      health,
    };
  } finally {
    await handle.close();
    await server.stop();
  }
}
