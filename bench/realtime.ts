// Realtime: N authenticated WebSocket connections held by one server process (its RSS), then
// notifications written at a fixed rate by another process (straight into the table plus one
// NOTIFY per batch, as a second server would) and the time from writing each row to its client
// receiving it. Reference in the same run: a bare `ws` server broadcasting to as many clients.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { fork } from 'node:child_process';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { freePort, median, startBuiltServer } from './lib';
import type { ProducerMessage, ProducerRound } from './realtime-producer';
import { openSocket, type BenchSocket } from './ws-client';

const CONNECTIONS = Number(process.env.BENCH_WS_CONNECTIONS ?? 10_000);
const RATE = Number(process.env.BENCH_WS_RATE ?? 20_000);
const SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 3);
const WARM_UP_SECONDS = 1;

export interface RealtimeRound {
  sent: number;
  writtenPerSec: number;
  received: number;
  deliveredPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** The server's CPU time per notification delivered, in µs (all its threads). */
  cpuUsPerMessage: number;
  /** How long the server's threads were ready to run but waited for a core, in ms per second. */
  waitedMsPerSec: number;
}

export interface RealtimeResult {
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  rssMb: number;
  rssIdleMb: number;
  rssEmptyMb: number;
  rounds: RealtimeRound[];
  medianP99Ms: number;
  medianDeliveredPerSec: number;
  rawBroadcastPerSec: number;
  /** The bare ws server's CPU time per frame sent, in µs. */
  rawCpuUsPerFrame: number;
  rawRss: { empty: number; held: number };
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * CPU time a process has had (run) and has been ready for but not had (wait: the cores were
 * busy with others), summed over its threads, in ms (/proc/<pid>/task/<tid>/schedstat, in ns).
 */
export async function cpuTimes(pid: number): Promise<{ runMs: number; waitMs: number }> {
  let run = 0;
  let wait = 0;
  for (const tid of await fs.readdir(`/proc/${pid}/task`)) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '');
    const [ran = 0, waited = 0] = stat.split(' ').map(Number);
    run += ran;
    wait += waited;
  }
  return { runMs: run / 1e6, waitMs: wait / 1e6 };
}

/** Users and sessions straight into the database (signing 10,000 people in would take minutes of argon2). */
export async function seedUsers(client: pg.Client, count: number) {
  const users = Array.from({ length: count }, () => {
    const token = randomBytes(32).toString('base64url');
    return {
      id: crypto.randomUUID(),
      token,
      hash: createHash('sha256').update(token).digest('hex'),
    };
  });
  for (let i = 0; i < users.length; i += 2000) {
    const chunk = users.slice(i, i + 2000);
    await client.query(
      `insert into users (id, email, password_hash, email_confirmed_at)
       select id, 'ws-' || id || '@bench.test', 'x', now() from unnest($1::uuid[]) as id`,
      [chunk.map((u) => u.id)],
    );
    await client.query(
      `insert into profiles (id, full_name, user_type) select id, 'Bench User', 'attendee' from unnest($1::uuid[]) as id`,
      [chunk.map((u) => u.id)],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select h, u, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as t(h, u)`,
      [chunk.map((u) => u.hash), chunk.map((u) => u.id)],
    );
  }
  return users;
}

/** Opens sockets in waves so the server is not hit by 10,000 handshakes at once. */
export async function connectAll(
  urls: { url: string; headers: Record<string, string> }[],
  onMessage: (data: Buffer, index: number) => void,
): Promise<BenchSocket[]> {
  const sockets: BenchSocket[] = [];
  for (let i = 0; i < urls.length; i += 250) {
    const wave = urls
      .slice(i, i + 250)
      .map(({ url, headers }, j) => openSocket(url, headers, (data) => onMessage(data, i + j)));
    sockets.push(...(await Promise.all(wave)));
  }
  return sockets;
}

const NOTIFICATIONS_FRAME = Buffer.from('{"type":"notifications",');
const SENT_AT = Buffer.from('"sent_at":');

/**
 * The `sent_at` of each event in a notifications frame (every bench notification carries one in
 * its metadata), found without parsing the frame: the 10,000 clients share the two cores with the
 * server, and parsing each frame into objects (and collecting them) took half of their time.
 */
export function sentTimes(frame: Buffer): number[] {
  const times: number[] = [];
  for (let at = frame.indexOf(SENT_AT); at >= 0; at = frame.indexOf(SENT_AT, at + 1)) {
    let end = at + SENT_AT.length;
    while (frame[end] === 32) end++;
    const start = end;
    // Digits and the decimal point (a millisecond timestamp).
    for (let c = frame[end]; c !== undefined && ((c >= 48 && c <= 57) || c === 46); c = frame[end])
      end++;
    times.push(Number(frame.toString('latin1', start, end)));
  }
  return times;
}

/**
 * A full collection of this process's heap (10,000 clients' sockets), run before each round. On
 * the 2 cores the server has too, a major collection here during a round took its helper threads'
 * share of them and paused the clients' reads: the rows that arrived then measured 100 ms later.
 */
const collectGarbage = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * Starts bench/realtime-producer.ts in its own process, connected to the database before the
 * first round; each `round` resolves when it has written everything.
 */
async function startProducer(databaseUrl: string, userIds: string[]) {
  const child = fork(new URL('./realtime-producer.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ask = <T>(message: ProducerMessage) => {
    const answer = new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
    child.send(message);
    return answer;
  };
  await ask({ type: 'connect', databaseUrl, userIds });
  return {
    round: (rate: number, seconds: number) => ask<ProducerRound>({ type: 'round', rate, seconds }),
    stop: () => child.send({ type: 'stop' } satisfies ProducerMessage),
  };
}

/**
 * A bare ws server in its own process: how fast can plain `ws` push `total` frames to this many
 * clients, and at what CPU cost per frame (the reference other realtime figures print beside).
 */
export async function rawBroadcast(connections: number, total = RATE * SECONDS) {
  const port = await freePort();
  const child = fork(new URL('./realtime-raw-server.ts', import.meta.url), [String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  const emptyRss = await rssMb(child.pid ?? 0);
  let received = 0;
  const sockets = await connectAll(
    Array.from({ length: connections }, () => ({ url: `ws://127.0.0.1:${port}`, headers: {} })),
    () => (received += 1),
  );
  const rss = { empty: emptyRss, held: await rssMb(child.pid ?? 0) };
  const cpuBefore = await cpuTimes(child.pid ?? 0);
  const start = performance.now();
  child.send({ total });
  while (received < total && performance.now() - start < 60_000)
    await new Promise((r) => setTimeout(r, 20));
  const rate = Math.round(received / ((performance.now() - start) / 1000));
  const cpuUsPerFrame = ((await cpuTimes(child.pid ?? 0)).runMs - cpuBefore.runMs) * (1000 / total);
  for (const socket of sockets) socket.terminate();
  child.kill();
  return { rate, rss, cpuUsPerFrame };
}

export async function benchRealtime(): Promise<RealtimeResult> {
  const server = await startBuiltServer('ws', { SEED_DEMO: 'false' });
  const { base, databaseUrl } = server;
  const pid = server.process.pid ?? 0;
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const users = await seedUsers(client, CONNECTIONS);
    const rssEmptyMb = await rssMb(pid);

    // The clients' measurements in one preallocated array: a growing array of 100,000 numbers
    // per round was old-generation garbage for this process's collector (see collectGarbage).
    const latencies = new Float64Array(RATE * SECONDS);
    let received = 0;
    let lastAt = 0;
    const sockets = await connectAll(
      users.map((u) => ({
        url: `${base.replace('http', 'ws')}/api/realtime`,
        headers: { cookie: `mea_session=${u.token}`, origin: base },
      })),
      (data) => {
        if (!data.subarray(0, NOTIFICATIONS_FRAME.length).equals(NOTIFICATIONS_FRAME)) return;
        const now = performance.timeOrigin + performance.now();
        for (const sentAt of sentTimes(data)) {
          if (received < latencies.length) latencies[received] = now - sentAt;
          received += 1;
        }
        lastAt = now;
      },
    );
    await new Promise((r) => setTimeout(r, 2000));
    const rssIdleMb = await rssMb(pid);

    const producer = await startProducer(
      databaseUrl,
      users.map((u) => u.id),
    );
    /** One round at the rate: what was written, once every row has arrived (or 10 s passed). */
    const deliver = async (seconds: number) => {
      collectGarbage();
      received = 0;
      const cpuBefore = await cpuTimes(pid);
      const written = await producer.round(RATE, seconds);
      const deadline = performance.now() + 10_000;
      while (received < written.sent && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const cpuAfter = await cpuTimes(pid);
      rssMax = Math.max(rssMax, await rssMb(pid));
      return {
        ...written,
        cpuMs: cpuAfter.runMs - cpuBefore.runMs,
        waitedMs: cpuAfter.waitMs - cpuBefore.waitMs,
      };
    };
    let rssMax = rssIdleMb;
    // Warm-up, not counted: the first second at the rate compiles the delivery path's code.
    await deliver(WARM_UP_SECONDS);
    const rounds: RealtimeRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { sent, writtenPerSec, startedAt, cpuMs, waitedMs } = await deliver(SECONDS);
      // From the first write to the last receipt.
      const elapsed = (lastAt - startedAt) / 1000;
      const sorted = latencies.slice(0, Math.min(received, latencies.length)).sort();
      rounds.push({
        sent,
        writtenPerSec,
        received,
        deliveredPerSec: Math.round(received / elapsed),
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        cpuUsPerMessage: Math.round((cpuMs * 1000) / Math.max(1, received)),
        waitedMsPerSec: Math.round(waitedMs / elapsed),
      });
    }
    producer.stop();
    for (const socket of sockets) socket.terminate();
    await client.end();
    const raw = await rawBroadcast(CONNECTIONS);
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      rssMb: rssMax,
      rssIdleMb,
      rssEmptyMb,
      rounds,
      medianP99Ms: median(rounds.map((r) => r.p99Ms)),
      medianDeliveredPerSec: median(rounds.map((r) => r.deliveredPerSec)),
      rawBroadcastPerSec: raw.rate,
      rawCpuUsPerFrame: Math.round(raw.cpuUsPerFrame),
      rawRss: raw.rss,
    };
  } finally {
    await server.stop();
  }
}
