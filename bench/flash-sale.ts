// Flash sale: one ticket type with capacity C, 5×C concurrent purchase attempts over HTTP against
// the production build. Counts what sold (exactly C, never more), server errors, the rate of
// successful checkouts (orders created with their stock held) until the stock ran out, and the
// latency; beside it, the raw rate of the single guarded decrement on the same database.
// BENCH_FLASH_POOL=1: two ticket types of capacity C each share one capacity pool of C
// (decision 052); attempts alternate between them, and the pool, not a type, must stop the sale
// at exactly C.
// BENCH_FLASH_QUESTIONS=1: the event asks 10 per-ticket questions (decision 050) and every
// attempt buys BENCH_FLASH_QUANTITY tickets (default 5 with questions) answering all 10 for each;
// run it beside BENCH_FLASH_QUANTITY=5 without questions to compare like with like.
// --taxes (or BENCH_FLASH_TAXES=1): three ticket types sharing the capacity, each with its own
// tax rate (20 %, 8.875 %, 5.5 %, prices tax-inclusive; decision 058); run it back to back with
// BENCH_FLASH_TYPES=3, the same three types untaxed, to see what taxes cost. `npm run bench
// checkout-taxes` does both in one run: rounds alternate between the three types untaxed and taxed
// on the same server, so both see the same machine.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { median, startBuiltServer } from './lib';
import { databasePids } from './process-cpu';

const CAPACITY = Number(process.env.BENCH_FLASH_CAPACITY ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS ?? 32);
const BUYERS = 40;
const ROUNDS = Number(process.env.BENCH_FLASH_ROUNDS ?? 3);
const POOLED = process.env.BENCH_FLASH_POOL === '1';
const QUESTIONS = process.env.BENCH_FLASH_QUESTIONS === '1';
const QUANTITY = Number(process.env.BENCH_FLASH_QUANTITY ?? (QUESTIONS ? 5 : 1));
const QUESTION_COUNT = 10;
const TAXES = process.env.BENCH_FLASH_TAXES === '1' || process.argv.includes('--taxes');
const TYPES = TAXES ? 3 : Number(process.env.BENCH_FLASH_TYPES ?? (POOLED ? 2 : 1));
const TAX_RATES = [20_000, 8_875, 5_500];

export interface FlashSaleRound {
  /** Whether this round's types each had a tax rate. */
  taxed: boolean;
  attempts: number;
  sold: number;
  oversold: number;
  soldOutResponses: number;
  serverErrors: number;
  checkoutsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU ms per checkout over the selling window: the server process, and it with PostgreSQL. */
  serverCpuMs: number;
  groupCpuMs: number;
  /** The raw guarded decrement (async commit) measured just after this round, on the same database. */
  rawPerSec: number;
  /** CPU ms per raw decrement, PostgreSQL with the bench's pool (the decrements' only work). */
  rawCpuMs: number;
}

export interface FlashSaleResult {
  capacity: number;
  /** Two types sharing one capacity pool of `capacity`. */
  pooled: boolean;
  /** Tickets per attempt, and per-ticket questions answered for each. */
  quantity: number;
  questions: number;
  /** Ticket types sold, and whether each has its own tax rate. */
  types: number;
  taxes: boolean;
  connections: number;
  rounds: FlashSaleRound[];
  medianCheckoutsPerSec: number;
  medianP99Ms: number;
  /** Median of each round's checkouts/s ÷ the raw decrements/s measured right after it. */
  medianRoundRatio: number;
  medianServerCpuMs: number;
  medianGroupCpuMs: number;
  rawDecrementsPerSec: number;
  rawDurablePerSec: number;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Each ticket's answers to the event's questions, as the checkout's questions step sends them. */
const answersFor = (ticketTypeId: string, questionIds: string[]) => ({
  order: {},
  tickets: Array.from({ length: QUANTITY }, (_, n) => ({
    ticketTypeId,
    answers: Object.fromEntries(questionIds.map((id, i) => [id, i % 2 ? 'M' : `Guest ${n + 1}`])),
  })),
});

/**
 * user + system CPU ms of each of these processes, from /proc (ticks of 10 ms); a process gone
 * is left out. On a loaded machine a request's time measures the queue; its CPU does not.
 */
async function cpuByPid(pids: number[]): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byPid.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10);
  }
  return byPid;
}

/**
 * CPU ms between two readings, of the server (`leader`) and of it with PostgreSQL: only the
 * processes alive at both count (a backend that ended between them would read as negative).
 */
function cpuBetween(before: Map<number, number>, after: Map<number, number>, leader: number) {
  let group = 0;
  for (const [pid, ms] of after) {
    const from = before.get(pid);
    if (from !== undefined) group += ms - from;
  }
  return { server: (after.get(leader) ?? 0) - (before.get(leader) ?? 0), group };
}

async function sale(
  base: string,
  ticketTypeIds: string[],
  cookies: string[],
  questionIds: string[] = [],
  server?: { leader: number; databaseUrl: string },
): Promise<Omit<FlashSaleRound, 'sold' | 'oversold' | 'taxed' | 'rawPerSec' | 'rawCpuMs'>> {
  const attempts = CAPACITY * 5;
  // The selling window's CPU: read as the first attempt goes out and as the last order that the
  // stock allows is answered (the refusals after it are not checkouts).
  const orders = Math.floor(CAPACITY / QUANTITY);
  const leader = server?.leader ?? 0;
  const pids = server ? [leader, ...(await databasePids(server.databaseUrl))] : [];
  let cpuAtFirst: ReturnType<typeof cpuByPid> | undefined;
  let cpuAtLast: ReturnType<typeof cpuByPid> | undefined;
  let created = 0;
  let firstAt = 0;
  let lastCreatedAt = 0;
  const bodies = ticketTypeIds.map((ticketTypeId) =>
    JSON.stringify({
      items: [{ ticketTypeId, quantity: QUANTITY }],
      ...(questionIds.length ? { answers: answersFor(ticketTypeId, questionIds) } : {}),
    }),
  );
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/orders`,
    connections: CONNECTIONS,
    amount: attempts,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          if (!firstAt) {
            firstAt = performance.now();
            cpuAtFirst = cpuByPid(pids);
          }
          next += 1;
          return {
            ...request,
            body: bodies[next % bodies.length],
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
            if (created === orders) cpuAtLast = cpuByPid(pids);
          }
        },
      },
    ],
  });
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const count = (prefix: string) =>
    Object.entries(codes)
      .filter(([code]) => code.startsWith(prefix))
      .reduce((sum, [, v]) => sum + v.count, 0);
  const used = cpuBetween(
    await (cpuAtFirst ?? cpuByPid(pids)),
    await (cpuAtLast ?? cpuByPid(pids)),
    leader,
  );
  const perCheckout = (ms: number) => Math.round((ms / Math.max(1, created)) * 1000) / 1000;
  return {
    attempts: result.requests.total,
    serverCpuMs: perCheckout(used.server),
    groupCpuMs: perCheckout(used.group),
    soldOutResponses: codes['409']?.count ?? 0,
    serverErrors: count('5') + result.errors,
    checkoutsPerSec: Math.round(created / ((lastCreatedAt - firstAt) / 1000)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/**
 * The physical limit: the guarded single-row decrement alone, from 8 connections, with the
 * commit mode holds use (asynchronous) and with the default durable commit.
 */
async function rawDecrements(
  databaseUrl: string,
  ticketTypeId: string,
  durable: boolean,
  options: { seconds?: number; leader?: number } = {},
) {
  const { seconds = 4, leader = 0 } = options;
  const handle = connectDatabase(databaseUrl, { max: 8 });
  try {
    await handle.db.execute(
      sql`update ticket_types set quantity = 100000000, remaining = 100000000 where id = ${ticketTypeId}`,
    );
    // Connected first: the backends are then among the processes whose CPU is read.
    const clients = await Promise.all(Array.from({ length: 8 }, () => handle.pool.connect()));
    let done = 0;
    try {
      for (const client of clients)
        await client.query(`set synchronous_commit = ${durable ? 'on' : 'off'}`);
      const pids = [leader, ...(await databasePids(databaseUrl))];
      const cpuBefore = await cpuByPid(pids);
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        clients.map(async (client) => {
          while (performance.now() < until) {
            await client.query(
              'update ticket_types set remaining = remaining - 1 where id = $1 and remaining >= 1 returning id',
              [ticketTypeId],
            );
            done += 1;
          }
        }),
      );
      const used = cpuBetween(cpuBefore, await cpuByPid(pids), leader);
      return {
        perSec: Math.round(done / seconds),
        // The server idles meanwhile: this is PostgreSQL's work (the pool's is this process's).
        cpuMs: Math.round((used.group / Math.max(1, done)) * 1000) / 1000,
      };
    } finally {
      for (const client of clients) client.release();
    }
  } finally {
    await handle.close();
  }
}

/**
 * `alternateTaxes`: `rounds` pairs of rounds, three types each, untaxed then taxed, for the
 * checkout-taxes bench; otherwise the rounds the environment asks for.
 */
export async function benchFlashSale(
  options: { alternateTaxes?: number } = {},
): Promise<FlashSaleResult> {
  const paired = options.alternateTaxes ?? 0;
  const typeCount = paired ? 3 : TYPES;
  const taxedRound = (round: number) => (paired ? round % 2 === 1 : TAXES);
  const server = await startBuiltServer('flash', {
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const { base, databaseUrl } = server;
  try {
    const handle = connectDatabase(databaseUrl, { max: 4 });
    const organizer = await createUser(handle.db, { userType: 'organizer' });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(handle.db)));
    const cookies = [];
    for (const buyer of buyers) cookies.push(await signIn(base, buyer.email, buyer.password));

    // The raw reference's own type, measured after every round so each round has a reference
    // taken on the same machine a moment later (once after all rounds, the ratio moved with
    // whatever the load did in between).
    const rawType = await createTicketType(handle.db, {
      eventId: (await createEvent(handle.db, { userId: organizer.id })).id,
      quantity: 1,
    });
    const leader = server.process.pid ?? 0;
    const rounds: FlashSaleRound[] = [];
    for (let round = 0; round < (paired ? 2 * paired : ROUNDS); round += 1) {
      const taxed = taxedRound(round);
      const event = await createEvent(handle.db, {
        userId: organizer.id,
        isFree: false,
        title: `Flash sale ${round}`,
      });
      const types = [];
      // Without a pool, several types share the capacity between them (the first ones one more).
      const quantityOf = (n: number) =>
        POOLED ? CAPACITY : Math.floor(CAPACITY / typeCount) + (n < CAPACITY % typeCount ? 1 : 0);
      for (let n = 0; n < typeCount; n += 1)
        types.push(
          await createTicketType(handle.db, {
            eventId: event.id,
            quantity: quantityOf(n),
            priceCents: 2500,
          }),
        );
      const ids = types.map((type) => type.id);
      if (taxed)
        for (const [n, id] of ids.entries()) {
          const { rows: rate } = await handle.db.execute<{ id: string }>(sql`
            insert into tax_rates (user_id, name, rate_thousandths)
            values (${organizer.id}, ${`Rate ${n + 1}`}, ${TAX_RATES[n % TAX_RATES.length]})
            returning id`);
          await handle.db.execute(
            sql`update ticket_types set tax_rate_id = ${rate[0]?.id} where id = ${id}`,
          );
        }
      if (POOLED) {
        const { rows: pool } = await handle.db.execute<{ id: string }>(sql`
          insert into capacity_pools (event_id, name, capacity, remaining)
          values (${event.id}, 'Hall', ${CAPACITY}, ${CAPACITY}) returning id`);
        for (const id of ids)
          await handle.db.execute(sql`
            insert into capacity_pool_ticket_types (pool_id, ticket_type_id)
            values (${pool[0]?.id}, ${id})`);
      }
      const questionIds: string[] = [];
      if (QUESTIONS)
        for (let q = 0; q < QUESTION_COUNT; q += 1) {
          const { rows: asked } = await handle.db.execute<{ id: string }>(sql`
            insert into event_questions (event_id, position, scope, type, label, required, options)
            values (${event.id}, ${q}, 'ticket', ${q % 2 ? 'single_choice' : 'short_text'},
              ${`Question ${q + 1}`}, true, ${q % 2 ? '["S","M","L"]' : '[]'}::jsonb)
            returning id`);
          questionIds.push(asked[0]?.id ?? '');
        }
      const measured = await sale(base, ids, cookies, questionIds, { leader, databaseUrl });
      const { rows } = await handle.db.execute<{ held: number }>(sql`
        select coalesce(sum(i.quantity), 0)::int as held from order_items i
        where i.ticket_type_id = any(${`{${ids.join(',')}}`}::uuid[])`);
      const held = rows[0]?.held ?? 0;
      const raw = await rawDecrements(databaseUrl, rawType.id, false, { seconds: 2, leader });
      rounds.push({
        ...measured,
        taxed,
        sold: held,
        oversold: Math.max(0, held - CAPACITY),
        rawPerSec: raw.perSec,
        rawCpuMs: raw.cpuMs,
      });
    }
    await handle.close();
    const rawDecrementsPerSec = (await rawDecrements(databaseUrl, rawType.id, false)).perSec;
    const rawDurablePerSec = (await rawDecrements(databaseUrl, rawType.id, true)).perSec;
    return {
      capacity: CAPACITY,
      pooled: POOLED,
      quantity: QUANTITY,
      questions: QUESTIONS ? QUESTION_COUNT : 0,
      types: typeCount,
      taxes: paired ? true : TAXES,
      connections: CONNECTIONS,
      rounds,
      medianCheckoutsPerSec: median(rounds.map((r) => r.checkoutsPerSec)),
      medianP99Ms: median(rounds.map((r) => r.p99Ms)),
      medianRoundRatio: median(rounds.map((r) => r.checkoutsPerSec / Math.max(1, r.rawPerSec))),
      medianServerCpuMs: median(rounds.map((r) => r.serverCpuMs)),
      medianGroupCpuMs: median(rounds.map((r) => r.groupCpuMs)),
      rawDecrementsPerSec,
      rawDurablePerSec,
    };
  } finally {
    await server.stop();
  }
}
