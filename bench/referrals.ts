// Referral links: GET /api/affiliates/r/{promoId}?event_id=&session_id= (count the
// click, set the cookie, 302) with a new browser session per request, beside GET /api/health in
// the same run; alternating rounds under autocannon, medians. Afterwards the clicks kept in the
// database are compared with the requests SENT (each one a new session, so each must count once)
// and with the 302s received: a request still in flight when a round stops may be counted without
// its answer arriving, so none lost means counted ≥ received and none doubled counted ≤ sent.
// CPU per answer holds better than req/s on a loaded machine: each round also reads the CPU the
// server process used (and with its embedded database's processes) from /proc, per answer.
// Sizes: BENCH_DURATION_S (5), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3).
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsOf, median, startBuiltServer } from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

export interface ReferralBenchRow {
  target: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  /** Median ms of the server process's CPU per answer. */
  cpuMsPerRequest: number;
  /** The same with its embedded PostgreSQL (the server's process tree). */
  withDatabaseCpuMsPerRequest: number;
}

export async function benchReferrals(): Promise<{
  rows: ReferralBenchRow[];
  connections: number;
  rounds: number;
  /** Requests autocannon wrote to a socket, each with a session id of its own. */
  sent: number;
  /** 302s that came back before each round stopped. */
  received: number;
  /** Clicks kept in `referral_clicks` for the link (what the dashboard counts). */
  counted: number;
}> {
  const server = await startBuiltServer('referrals');
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const countClicks = async (referralId: string) => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from referral_clicks where referral_id = $1 and not test',
      [referralId],
    );
    return rows[0]?.n ?? 0;
  };
  try {
    // The demo affiliate and its opted-in event (demo seed).
    const { rows: links } = await db.query<{ id: string; code: string; event_id: string }>(
      `select r.id, a.code, r.event_id from referrals r join affiliates a on a.user_id = r.referrer_id where r.event_id is not null limit 1`,
    );
    const link = links[0];
    if (!link) throw new Error('the demo seed made no referral link');
    const before = await countClicks(link.id);
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
    const runs = new Map<string, Omit<ReferralBenchRow, 'target'>[]>();
    const pid = server.process.pid ?? 0;
    let sent = 0;
    let received = 0;
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, options] of Object.entries(targets)) {
        const cpuBefore = [await cpuMsOf(pid, 'process'), await cpuMsOf(pid, 'tree')];
        const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
        const cpuAfter = [await cpuMsOf(pid, 'process'), await cpuMsOf(pid, 'tree')];
        const clicks = name.includes('affiliates');
        const redirects =
          (r.statusCodeStats as Record<string, { count: number }>)['302']?.count ?? 0;
        if (clicks) {
          sent += r.requests.sent;
          received += redirects;
        }
        const wanted = clicks ? redirects : r['2xx'];
        const answers = Math.max(1, wanted);
        runs.set(name, [
          ...(runs.get(name) ?? []),
          {
            reqPerSec: r.requests.average,
            p99Ms: r.latency.p99,
            errors: r.errors + r.timeouts + (r.requests.total - wanted),
            cpuMsPerRequest: ((cpuAfter[0] ?? 0) - (cpuBefore[0] ?? 0)) / answers,
            withDatabaseCpuMsPerRequest: ((cpuAfter[1] ?? 0) - (cpuBefore[1] ?? 0)) / answers,
          },
        ]);
      }
    }
    // Requests cut off when a round stopped may still be finishing on the server: wait until
    // the count holds still.
    let counted = (await countClicks(link.id)) - before;
    for (let settled = 0; settled < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = (await countClicks(link.id)) - before;
      settled = now === counted ? settled + 1 : 0;
      counted = now;
    }
    return {
      rows: [...runs].map(([target, rs]) => ({
        target,
        reqPerSec: Math.round(median(rs.map((r) => r.reqPerSec))),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        errors: rs.reduce((sum, r) => sum + r.errors, 0),
        cpuMsPerRequest: median(rs.map((r) => r.cpuMsPerRequest)),
        withDatabaseCpuMsPerRequest: median(rs.map((r) => r.withDatabaseCpuMsPerRequest)),
      })),
      connections: CONNECTIONS,
      rounds: ROUNDS,
      sent,
      received,
      counted,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
