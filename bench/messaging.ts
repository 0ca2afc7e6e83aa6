// Messaging: 1,000 direct conversations, both people of each connected over the
// realtime socket; messages sent over HTTP at 2,000/s in total (open loop, from another process)
// and the time from sending each to the other person's socket receiving it. Then a history page
// of 50 under autocannon, beside /api/health in the same run.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, median, startBuiltServer } from './lib';
import { cpuUs, databasePids } from './process-cpu';
import type { Job, SendResult } from './messaging-sender';
import { connectAll, percentile, seedUsers } from './realtime';

// Workers load server code: tsx with Lingui's macros expanded (scripts/lingui-register.mjs).
const LINGUI_HOOKS = new URL('../scripts/lingui-register.mjs', import.meta.url).href;

const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 5);
const HISTORY_SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);

export interface MessagingRound {
  sent: number;
  sentPerSec: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  rejected: number;
  /** The HTTP answer to the send (the rest of the latency is the realtime delivery). */
  answeredP50Ms: number;
  answeredP99Ms: number;
  /** Per created message, from PostgreSQL's own counters (the whole server: hub reads too). */
  perSend: DatabaseWork;
  /**
   * CPU time per created message (µs) of the app server and of PostgreSQL (all its processes),
   * from /proc: on a shared machine the time a send waits measures the queue, its CPU does not.
   */
  cpuUsPerSend: { server: number; database: number };
}

/**
 * What the database did: statements outside a transaction each count as one, so `transactions`
 * is the round trips of the app's pool plus its explicit transactions; `walSyncs` are commits
 * that waited for the disk.
 */
export interface DatabaseWork {
  transactions: number;
  walSyncs: number;
  rowsWritten: number;
}

async function databaseWork(client: pg.Client): Promise<DatabaseWork> {
  const { rows } = await client.query<{ t: string; w: string; r: string }>(
    `select d.xact_commit + d.xact_rollback as t, w.wal_sync as w,
       d.tup_inserted + d.tup_updated + d.tup_deleted as r
     from pg_stat_database d, pg_stat_wal w where d.datname = current_database()`,
  );
  const row = rows[0];
  return { transactions: Number(row?.t), walSyncs: Number(row?.w), rowsWritten: Number(row?.r) };
}

/** Counters are sent to the statistics view at most every second: wait for them to settle. */
async function settledWork(client: pg.Client): Promise<DatabaseWork> {
  await new Promise((r) => setTimeout(r, 1500));
  await client.query('select pg_stat_clear_snapshot()');
  return databaseWork(client);
}

const perMessage = (before: DatabaseWork, after: DatabaseWork, count: number): DatabaseWork => {
  const per = (n: number) => Math.round((n / Math.max(1, count)) * 100) / 100;
  return {
    // The bench's own two counter reads are not the app's.
    transactions: per(after.transactions - before.transactions - 2),
    walSyncs: per(after.walSyncs - before.walSyncs),
    rowsWritten: per(after.rowsWritten - before.rowsWritten),
  };
};

export interface MessagingResult {
  conversations: number;
  rounds: MessagingRound[];
  medianP99Ms: number;
  /** The newest page (each process keeps it until the chat changes). */
  history: { reqPerSec: number; p99Ms: number; errors: number };
  /**
   * The page before it: from the database on every request; with the CPU per request of the
   * app server and PostgreSQL together.
   */
  olderPage: Rate & { cpuUsPerRequest: number };
  /** The same read as fixed SQL behind a bare Node server: the older page's reference. */
  rawPage: Rate & { cpuUsPerRequest: number };
  health: { reqPerSec: number; p99Ms: number };
}

/**
 * The sender runs in its own process, started once: starting it for each round put its start-up
 * (loading TypeScript) inside the round, on the cores the server is measured on.
 */
function startSender() {
  const child = fork(new URL('./messaging-sender.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--import', LINGUI_HOOKS],
    stdio: 'inherit',
  });
  return {
    send(job: Job): Promise<SendResult> {
      const done = new Promise<SendResult>((resolve) => child.once('message', resolve));
      child.send(job);
      return done;
    },
    stop: () => child.kill(),
  };
}

/**
 * The older page's reference: autocannon against bench/messaging-raw-server.ts, a bare Node
 * server running the same read as fixed SQL on a pool of 10. It moves with the database and the
 * machine as the page does, where /api/health (one process, no database) grew several-fold more
 * than the page on a quiet machine; and a slower query or more work per request in the app
 * lowers the ratio instead of moving its reference.
 */
async function startRawPageServer(
  databaseUrl: string,
  params: { chatId: string; beforeId: string; userId: string },
) {
  const port = await freePort();
  const child = fork(
    new URL('./messaging-raw-server.ts', import.meta.url),
    [String(port), databaseUrl, params.chatId, params.beforeId, params.userId],
    { execArgv: ['--import', 'tsx'], stdio: 'inherit' },
  );
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid ?? 0,
    stop: () => child.disconnect(),
  };
}

interface Rate {
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  total: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  duration = HISTORY_SECONDS,
  connections = 50,
): Promise<Rate> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

export async function benchMessaging(): Promise<MessagingResult> {
  const server = await startBuiltServer('chat', { SEED_DEMO: 'false' });
  const { base, databaseUrl } = server;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const users = await seedUsers(client, CONVERSATIONS * 2);
    // Person 2i and 2i+1 share conversation i.
    const chatIds = Array.from({ length: CONVERSATIONS }, () => crypto.randomUUID());
    const chatOf = (index: number) => chatIds[Math.floor(index / 2)] ?? '';
    await client.query(
      `insert into chats (id, direct_key) select id, id::text from unnest($1::uuid[]) as id`,
      [chatIds],
    );
    await client.query(
      `insert into chat_participants (chat_id, user_id, name)
       select c, u, 'Bench User' from unnest($1::uuid[], $2::uuid[]) as t(c, u)`,
      [users.map((_, i) => chatOf(i)), users.map((u) => u.id)],
    );

    const latencies: number[] = [];
    let received = 0;
    const sockets = await connectAll(
      users.map((u) => ({
        url: `${base.replace('http', 'ws')}/api/realtime`,
        headers: { cookie: `mea_session=${u.token}`, origin: base },
      })),
      (data, index) => {
        const frame = JSON.parse(String(data)) as {
          type: string;
          events?: { op: string; message: { senderId: string; body: string } }[];
        };
        if (frame.type !== 'messages') return;
        const now = performance.timeOrigin + performance.now();
        for (const event of frame.events ?? []) {
          // The other person's receipt; the sender's own copy is not the figure.
          if (event.op !== 'INSERT' || event.message.senderId === users[index]?.id) continue;
          latencies.push(now - Number(event.message.body.slice('bench '.length)));
          received += 1;
        }
      },
    );

    const senders = users.map((u, i) => ({ cookie: `mea_session=${u.token}`, chatId: chatOf(i) }));
    const sender = startSender();
    // Warm-up: every person sends once (sessions, chats and sockets all used once), at half the
    // rate; with a quarter of them warmed, the first round measured the rest's first use.
    await sender.send({ base, senders, rate: RATE / 2, seconds: 2, round: -1 });
    await new Promise((r) => setTimeout(r, 1000));

    const rounds: MessagingRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      latencies.length = 0;
      received = 0;
      const before = await settledWork(client);
      const pgPids = await databasePids(databaseUrl);
      const serverPid = server.process.pid ?? 0;
      const cpuBefore = { server: await cpuUs([serverPid]), database: await cpuUs(pgPids) };
      const result = await sender.send({ base, senders, rate: RATE, seconds: SECONDS, round });
      const created = result.statuses['201'] ?? 0;
      const deadline = performance.now() + 10_000;
      while (received < created && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const sorted = [...latencies].sort((a, b) => a - b);
      // The round's notification dispatch is part of what a send costs.
      await new Promise((r) => setTimeout(r, 1000));
      const perSend = perMessage(before, await settledWork(client), created);
      const cpuPer = async (pids: number[], from: number) =>
        Math.round((await cpuUs(pids)) - from) / Math.max(1, created);
      const cpuUsPerSend = {
        server: Math.round(await cpuPer([serverPid], cpuBefore.server)),
        database: Math.round(await cpuPer(pgPids, cpuBefore.database)),
      };
      rounds.push({
        sent: result.sent,
        sentPerSec: result.sentPerSec,
        received,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        rejected: result.sent - created,
        answeredP50Ms: result.answeredP50Ms,
        answeredP99Ms: result.answeredP99Ms,
        perSend,
        cpuUsPerSend,
      });
    }
    sender.stop();
    for (const socket of sockets) socket.terminate();

    // History: a conversation with 500 messages, first page of 50.
    const first = users[0];
    await client.query(
      `insert into messages (chat_id, sender_id, body, created_at)
       select $1, $2, 'history message ' || i, now() - (i * interval '1 minute')
       from generate_series(1, 500) i`,
      [chatOf(0), first?.id],
    );
    const headers = { cookie: `mea_session=${first?.token}` };
    const historyUrl = `${base}/api/chats/${chatOf(0)}/messages?limit=50`;
    await load(historyUrl, headers, 2); // warm-up
    const history = await load(historyUrl, headers);
    const first50 = (await (await fetch(historyUrl, { headers })).json()) as {
      nextCursor: string;
    };
    const olderUrl = `${historyUrl}&before=${first50.nextCursor}`;
    await load(olderUrl, headers, 2);
    const raw = await startRawPageServer(databaseUrl, {
      chatId: chatOf(0),
      beforeId: first50.nextCursor,
      userId: first?.id ?? '',
    });
    // CPU per request of the serving process and PostgreSQL (every backend, listed after the
    // warm-up so the pool's connections are in it): on a shared machine the rates move with
    // whatever else runs (at load 24-33 the page and its reference run at once still gave
    // ratios 1.1-2.2), the CPU a request costs much less.
    const withCpu = async (pid: number, run: () => Promise<Rate>) => {
      const pids = [pid, ...(await databasePids(databaseUrl))];
      const before = await cpuUs(pids);
      const rate = await run();
      const used = (await cpuUs(pids)) - before;
      return { ...rate, cpuUsPerRequest: Math.round(used / Math.max(1, rate.total)) };
    };
    const olderPage = await withCpu(server.process.pid ?? 0, () => load(olderUrl, headers));
    await load(raw.url, {}, 2);
    const rawPage = await withCpu(raw.pid, () => load(raw.url, {}));
    raw.stop();
    const health = await load(`${base}/api/health`, {});
    return {
      conversations: CONVERSATIONS,
      rounds,
      medianP99Ms: median(rounds.map((r) => r.p99Ms)),
      history,
      olderPage,
      rawPage,
      health,
    };
  } finally {
    await client.end().catch(() => {});
    await server.stop();
  }
}
