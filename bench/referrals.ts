// Referral links (issue 22): GET /api/affiliates/r/{promoId}?event_id=&session_id= (count the
// click, set the cookie, 302) with a new browser session per request, beside GET /api/health in
// the same run; three alternating rounds under autocannon, medians. Afterwards the link's click
// counter must equal the number of 302s sent: none lost, none counted twice.
import autocannon from 'autocannon';
import pg from 'pg';
import { median, startBuiltServer } from './lib';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = 3;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

export interface ReferralBenchRow {
  target: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
}

export async function benchReferrals(): Promise<{
  rows: ReferralBenchRow[];
  sent: number;
  counted: number;
}> {
  const server = await startBuiltServer('referrals');
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    // The demo affiliate and its opted-in event (demo seed).
    const { rows: links } = await db.query<{
      id: string;
      code: string;
      event_id: string;
      clicks: number;
    }>(
      `select r.id, a.code, r.event_id, r.clicks from referrals r join affiliates a on a.user_id = r.referrer_id where r.event_id is not null limit 1`,
    );
    const link = links[0];
    if (!link) throw new Error('the demo seed made no referral link');
    let n = 0;
    const clickUrl = `${server.base}/api/affiliates/r/${link.code}?event_id=${link.event_id}`;
    const targets: Record<string, autocannon.Options> = {
      'GET /api/health (reference)': { url: `${server.base}/api/health` },
      'GET /api/affiliates/r/{promoId} (new session each)': {
        url: clickUrl,
        headers: { 'user-agent': BROWSER },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/affiliates/r/${link.code}?event_id=${link.event_id}&session_id=bench-session-${(n += 1)}`,
            }),
          },
        ],
      },
    };
    await autocannon({ url: `${server.base}/api/health`, connections: 10, duration: 2 });
    const runs = new Map<string, { reqPerSec: number; p99Ms: number; errors: number }[]>();
    let sent = 0;
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, options] of Object.entries(targets)) {
        const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
        const redirects =
          (r.statusCodeStats as Record<string, { count: number }>)['302']?.count ?? 0;
        if (name.includes('affiliates')) sent += redirects;
        const wanted = name.includes('affiliates') ? redirects : r['2xx'];
        runs.set(name, [
          ...(runs.get(name) ?? []),
          {
            reqPerSec: r.requests.average,
            p99Ms: r.latency.p99,
            errors: r.errors + r.timeouts + (r.requests.total - wanted),
          },
        ]);
      }
    }
    const { rows: after } = await db.query<{ clicks: number }>(
      'select clicks from referrals where id = $1',
      [link.id],
    );
    return {
      rows: [...runs].map(([target, rs]) => ({
        target,
        reqPerSec: Math.round(median(rs.map((r) => r.reqPerSec))),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        errors: rs.reduce((sum, r) => sum + r.errors, 0),
      })),
      sent,
      counted: (after[0]?.clicks ?? 0) - link.clicks,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
