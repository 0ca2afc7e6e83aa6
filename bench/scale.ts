// Scale-out: two production-build API instances on one PostgreSQL.
//
// 1. Flash sale: capacity C, 5×C purchase attempts over HTTP, either all against one instance or
//    split evenly across both (the same number of connections in total), alternating in the same
//    run so both see the same machine. Oversold must be 0 either way.
// 2. Realtime across instances: notifications written at 5,000/s through the writing instance's
//    hub (bench/scale-writer.ts), delivered by the other instance to sockets it holds; the time
//    from each insert to its socket's receipt.
//
// The two instances, PostgreSQL, the load generator and the sockets share the machine's cores: on
// 2 cores a second instance adds no CPU, so the split sale shows that correctness and throughput
// hold across processes, not a speed-up.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase } from '../src/server/db/client';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { signIn } from './flash-sale';
import { freePort, median, startBuiltServer, startProcess, stopProcess, waitForOk } from './lib';
import { connectAll, percentile, seedUsers, sentTimes } from './realtime';
import type { WriterMessage, WriterRound } from './scale-writer';

// Workers load server code: tsx with Lingui's macros expanded (scripts/lingui-register.mjs).
const LINGUI_HOOKS = new URL('../scripts/lingui-register.mjs', import.meta.url).href;

const CAPACITY = Number(process.env.BENCH_SCALE_CAPACITY ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 32);
const SALE_ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const BUYERS = 40;
const WS_USERS = Number(process.env.BENCH_SCALE_WS_USERS ?? 2000);
const WS_RATE = Number(process.env.BENCH_SCALE_WS_RATE ?? 5000);
const WS_SECONDS = Number(process.env.BENCH_SCALE_WS_SECONDS ?? 5);
const WS_ROUNDS = Number(process.env.BENCH_SCALE_WS_ROUNDS ?? 3);
const WARM_UP_SECONDS = 1;

export interface ScaleSaleRound {
  instances: 1 | 2;
  attempts: number;
  sold: number;
  oversold: number;
  serverErrors: number;
  checkoutsPerSec: number;
  /** Over every request; split across two, the higher of the two instances' p99. */
  p99Ms: number;
}

export interface ScaleRealtimeRound {
  sent: number;
  writtenPerSec: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ScaleResult {
  capacity: number;
  connections: number;
  sale: ScaleSaleRound[];
  one: { checkoutsPerSec: number; p99Ms: number };
  two: { checkoutsPerSec: number; p99Ms: number };
  realtime: {
    users: number;
    rate: number;
    seconds: number;
    rounds: ScaleRealtimeRound[];
    medianP99Ms: number;
    medianP50Ms: number;
  };
}

/** A second built server on the first one's database (no embedded PostgreSQL of its own). */
async function startSecondInstance(databaseUrl: string, env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-scale-b-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess('node', ['dist/server/main.js'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    ...env,
  });
  const stop = async () => {
    await stopProcess(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/api/health`, performance.now(), server);
    return { base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** 5×C attempts at once over `bases` (connections and attempts split evenly between them). */
async function sale(bases: string[], ticketTypeId: string, cookies: string[]) {
  const attempts = CAPACITY * 5;
  let created = 0;
  let firstAt = 0;
  let lastCreatedAt = 0;
  let next = 0;
  const body = JSON.stringify({ items: [{ ticketTypeId, quantity: 1 }] });
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: `${base}/api/orders`,
        connections: Math.round(CONNECTIONS / bases.length),
        amount: Math.round(attempts / bases.length),
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              firstAt ||= performance.now();
              next += 1;
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  cookie: cookies[next % cookies.length] ?? '',
                  'idempotency-key': randomUUID(),
                },
              };
            },
            onResponse: (status) => {
              if (status === 201) {
                created += 1;
                lastCreatedAt = performance.now();
              }
            },
          },
        ],
      }),
    ),
  );
  let serverErrors = 0;
  for (const result of results) {
    const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
    for (const [code, { count }] of Object.entries(codes))
      if (code.startsWith('5')) serverErrors += count;
    serverErrors += result.errors;
  }
  return {
    attempts: results.reduce((sum, r) => sum + r.requests.total, 0),
    serverErrors,
    checkoutsPerSec: Math.round(created / ((lastCreatedAt - firstAt) / 1000)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
  };
}

async function startWriter(databaseUrl: string, userIds: string[]) {
  const child = fork(new URL('./scale-writer.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--import', LINGUI_HOOKS],
    stdio: 'inherit',
  });
  const ask = <T>(message: WriterMessage) => {
    const answer = new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
    child.send(message);
    return answer;
  };
  await ask({ type: 'connect', databaseUrl, userIds });
  return {
    round: (rate: number, seconds: number) => ask<WriterRound>({ type: 'round', rate, seconds }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies WriterMessage);
      await exited;
    },
  };
}

const NOTIFICATIONS_FRAME = Buffer.from('{"type":"notifications",');

/** Sockets on `receiver`, rows written through the writer's hub: insert → other instance's socket. */
async function realtimeAcross(databaseUrl: string, receiver: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const users = await seedUsers(client, WS_USERS);
  await client.end();
  const latencies = new Float64Array(WS_RATE * WS_SECONDS * 2);
  let received = 0;
  const sockets = await connectAll(
    users.map((u) => ({
      url: `${receiver.replace('http', 'ws')}/api/realtime`,
      headers: { cookie: `mea_session=${u.token}`, origin: receiver },
    })),
    (data) => {
      if (!data.subarray(0, NOTIFICATIONS_FRAME.length).equals(NOTIFICATIONS_FRAME)) return;
      const now = performance.timeOrigin + performance.now();
      for (const sentAt of sentTimes(data)) {
        if (received < latencies.length) latencies[received] = now - sentAt;
        received += 1;
      }
    },
  );
  const writer = await startWriter(
    databaseUrl,
    users.map((u) => u.id),
  );
  try {
    const deliver = async (seconds: number) => {
      received = 0;
      const written = await writer.round(WS_RATE, seconds);
      const deadline = performance.now() + 10_000;
      while (received < written.sent && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return written;
    };
    await deliver(WARM_UP_SECONDS);
    const rounds: ScaleRealtimeRound[] = [];
    for (let round = 0; round < WS_ROUNDS; round++) {
      const { sent, writtenPerSec } = await deliver(WS_SECONDS);
      const sorted = latencies.slice(0, Math.min(received, latencies.length)).sort();
      rounds.push({
        sent,
        writtenPerSec,
        received,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
      });
    }
    return rounds;
  } finally {
    await writer.stop();
    for (const socket of sockets) socket.terminate();
  }
}

export async function benchScale(): Promise<ScaleResult> {
  const env = { SEED_DEMO: 'false', RATE_LIMIT_MULTIPLIER: '1000' };
  const a = await startBuiltServer('scale-a', env);
  // The second instance leaves the jobs to the first (RUN_WORKERS=false), as a deployment with
  // a worker process runs its API instances.
  let b: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
  try {
    b = await startSecondInstance(a.databaseUrl, { ...env, RUN_WORKERS: 'false' });
    const handle = connectDatabase(a.databaseUrl, { max: 4 });
    const saleRounds: ScaleSaleRound[] = [];
    try {
      const organizer = await createUser(handle.db, { userType: 'organizer' });
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(handle.db)));
      // Signed in on either instance: the sessions are in PostgreSQL, both accept them.
      const cookies: string[] = [];
      for (const [i, buyer] of buyers.entries())
        cookies.push(await signIn(i % 2 ? b.base : a.base, buyer.email, buyer.password));

      const newType = async (title: string, quantity: number) => {
        const event = await createEvent(handle.db, { userId: organizer.id, isFree: false, title });
        return createTicketType(handle.db, { eventId: event.id, quantity, priceCents: 2500 });
      };
      // Not counted: the first sale on a fresh process compiles the purchase path's code.
      await sale([a.base, b.base], (await newType('Warm-up', CAPACITY)).id, cookies);

      for (let round = 0; round < SALE_ROUNDS; round++) {
        // Alternating which goes first, so neither always runs on a warmer or busier machine.
        const order: (1 | 2)[] = round % 2 ? [2, 1] : [1, 2];
        for (const instances of order) {
          const type = await newType(`Scale sale ${round}-${instances}`, CAPACITY);
          const measured = await sale(
            instances === 1 ? [a.base] : [a.base, b.base],
            type.id,
            cookies,
          );
          const { rows } = await handle.db.execute<{ held: number }>(sql`
            select coalesce(sum(quantity), 0)::int as held from order_items
            where ticket_type_id = ${type.id}`);
          const held = rows[0]?.held ?? 0;
          saleRounds.push({
            instances,
            ...measured,
            sold: held,
            oversold: Math.max(0, held - CAPACITY),
          });
        }
      }
    } finally {
      await handle.close();
    }
    const of = (instances: 1 | 2) => saleRounds.filter((r) => r.instances === instances);
    const rounds = await realtimeAcross(a.databaseUrl, b.base);
    return {
      capacity: CAPACITY,
      connections: CONNECTIONS,
      sale: saleRounds,
      one: {
        checkoutsPerSec: median(of(1).map((r) => r.checkoutsPerSec)),
        p99Ms: median(of(1).map((r) => r.p99Ms)),
      },
      two: {
        checkoutsPerSec: median(of(2).map((r) => r.checkoutsPerSec)),
        p99Ms: median(of(2).map((r) => r.p99Ms)),
      },
      realtime: {
        users: WS_USERS,
        rate: WS_RATE,
        seconds: WS_SECONDS,
        rounds,
        medianP99Ms: median(rounds.map((r) => r.p99Ms)),
        medianP50Ms: median(rounds.map((r) => r.p50Ms)),
      },
    };
  } finally {
    await b?.stop();
    await a.stop();
  }
}
