// Public API figures: `/api/v1/events` with a bearer key beside `/api/health` in the same run
// (autocannon, 50 connections), and webhook dispatch: EVENTS events to ENDPOINTS endpoints of one
// organizer (every tenth always answers 500, the one after it answers slowly), sent by the built
// server's own dispatcher until every successful endpoint has every event; exactly-once checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { startBuiltServer } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 50_000);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 100);
const SLOW_MS = Number(process.env.BENCH_WEBHOOK_SLOW_MS ?? 100);
const TIMEOUT_S = Number(process.env.BENCH_WEBHOOK_TIMEOUT_S ?? 7200);

export interface ApiThroughput {
  name: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface WebhookDispatch {
  events: number;
  endpoints: number;
  failingEndpoints: number;
  slowEndpoints: number;
  slowMs: number;
  /** Deliveries that had to arrive: every event at every endpoint that answers 2xx. */
  expected: number;
  delivered: number;
  /** Successful endpoints that got an event more than once (must be 0). */
  duplicates: number;
  missing: number;
  failedAttempts: number;
  emitSeconds: number;
  seconds: number;
  deliveriesPerSec: number;
  drained: boolean;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<ApiThroughput> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, headers });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const failing = (n: number) => n % 10 === 0;
const slow = (n: number) => n % 10 === 1;

/** The organizers' receivers: one server, one path per endpoint, counting each event's arrivals. */
function startReceivers() {
  const seen = Array.from({ length: ENDPOINTS }, () => new Uint8Array(EVENTS));
  const stats = { delivered: 0, duplicates: 0, failed: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = Number(/^\/ep\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
      if (n < 0 || failing(n)) {
        stats.failed += 1;
        res.writeHead(500).end('down');
        return;
      }
      const answer = () => {
        const i = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { i: number } })
          .data.i;
        const counts = seen[n];
        if (counts && i >= 0 && i < EVENTS) {
          if (counts[i]) stats.duplicates += 1;
          else stats.delivered += 1;
          counts[i] = Math.min(255, (counts[i] ?? 0) + 1);
        }
        res.writeHead(200).end('ok');
      };
      if (slow(n)) setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  server.keepAliveTimeout = 5000;
  return new Promise<{ port: number; seen: Uint8Array[]; stats: typeof stats; close: () => void }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          port: (server.address() as AddressInfo).port,
          seen,
          stats,
          close: () => server.close(),
        }),
      ),
  );
}

async function signIn(base: string) {
  const { email } = getDemoAccount('organizer');
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function post<T>(base: string, path: string, cookie: string, body: object): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function dispatch(
  base: string,
  databaseUrl: string,
  cookie: string,
): Promise<WebhookDispatch> {
  const receivers = await startReceivers();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // One endpoint through the API (its secret sealed by the server), the rest copies of it:
    // the API keeps an organizer to 10 endpoints, the bench wants ENDPOINTS on one organizer.
    const first = await post<{ endpoint: { id: string } }>(
      base,
      '/api/developer/webhooks',
      cookie,
      {
        url: `http://127.0.0.1:${receivers.port}/ep/0`,
        eventTypes: ['order.paid'],
      },
    );
    await db.query(
      `insert into webhook_endpoints (owner_id, url, description, event_types, secret_sealed, created_at)
       select e.owner_id, 'http://127.0.0.1:' || $2::int || '/ep/' || n, 'bench', e.event_types,
         e.secret_sealed, now()
       from webhook_endpoints e, generate_series(1, $3::int - 1) n where e.id = $1`,
      [first.endpoint.id, receivers.port, ENDPOINTS],
    );
    const {
      rows: [owner],
    } = await db.query<{ owner_id: string }>(
      'select owner_id from webhook_endpoints where id = $1',
      [first.endpoint.id],
    );
    // The demo seed's endpoint on the server's own sink (developer.seed.ts) is not part of this.
    await db.query(
      `update webhook_endpoints set disabled_at = now() where owner_id = $1 and url like '%/webhook-sink'`,
      [owner?.owner_id],
    );
    const expected =
      EVENTS * Array.from({ length: ENDPOINTS }, (_, n) => n).filter((n) => !failing(n)).length;

    // The events, through the same function the database triggers call (one transaction).
    const emitStart = performance.now();
    await db.query(
      `select count(webhook_emit($1::uuid, 'order.paid', 'bench:' || $2 || ':' || i, now(),
         jsonb_build_object('i', i))) from generate_series(0, $3::int - 1) i`,
      [owner?.owner_id, Date.now(), EVENTS],
    );
    const emitSeconds = (performance.now() - emitStart) / 1000;
    const started = performance.now();
    while (receivers.stats.delivered < expected && performance.now() - started < TIMEOUT_S * 1000) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    // A moment more: a second copy of anything would show up now.
    await new Promise((r) => setTimeout(r, 2000));
    let missing = 0;
    receivers.seen.forEach((counts, n) => {
      if (failing(n)) return;
      for (const count of counts) if (!count) missing += 1;
    });
    const {
      rows: [left],
    } = await db.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id
       where d.status = 'pending' and e.url not like '%/ep/%0' and d.next_attempt_at <= now()`,
    );
    return {
      events: EVENTS,
      endpoints: ENDPOINTS,
      failingEndpoints: Array.from({ length: ENDPOINTS }, (_, n) => n).filter(failing).length,
      slowEndpoints: Array.from({ length: ENDPOINTS }, (_, n) => n).filter(slow).length,
      slowMs: SLOW_MS,
      expected,
      delivered: receivers.stats.delivered,
      duplicates: receivers.stats.duplicates,
      missing,
      failedAttempts: receivers.stats.failed,
      emitSeconds,
      seconds,
      deliveriesPerSec: Math.round(receivers.stats.delivered / seconds),
      drained: missing === 0 && (left?.n ?? 0) === 0,
    };
  } finally {
    await db.end();
    receivers.close();
  }
}

/** `webhooks: false` measures the API's throughput only (the guard's short run). */
export async function benchApi(options: { webhooks?: boolean } = {}) {
  const server = await startBuiltServer('api', {
    RATE_LIMIT_MULTIPLIER: '100000',
    // The receivers are on this machine's loopback.
    OUTGOING_ALLOW_LOOPBACK: 'true',
  });
  try {
    const cookie = await signIn(server.base);
    const { secret } = await post<{ secret: string }>(server.base, '/api/developer/keys', cookie, {
      name: 'bench',
      scopes: ['events:read'],
    });
    const bearer = { authorization: `Bearer ${secret}` };
    const url = `${server.base}/api/v1/events?limit=20`;
    const check = await fetch(url, { headers: bearer });
    if (!check.ok) throw new Error(`/api/v1/events: ${check.status}`);
    // Warm-up, uncounted.
    await autocannon({ url, connections: 10, duration: 2, headers: bearer });
    const rows: ApiThroughput[] = [
      await load('/api/health (reference)', `${server.base}/api/health`),
      await load('/api/v1/events?limit=20 (bearer key)', url, bearer),
    ];
    const webhooks =
      options.webhooks === false ? null : await dispatch(server.base, server.databaseUrl, cookie);
    return { http: rows, webhooks };
  } finally {
    await server.stop();
  }
}
