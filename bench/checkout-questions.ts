// The organizer-grade checkout beside its reference, in one run on one server so both see the
// same machine (decisions 050, 052, 071). Each round runs every variant of a pair, the pair's
// order swapped from one round to the next:
// - questions: the flash sale buying 5 tickets an attempt, answering 10 per-ticket questions for
//   each (50 answers, required short texts and single choices), against the same sale without
//   questions (aim: within 20 %);
// - pools: two ticket types sharing one capacity pool of C, attempts alternating between them,
//   against the same two types without a pool sharing C between them (aim: 0 oversold).
// Every variant offers C tickets to 5 × C attempts over HTTP through the production build (with
// 5 tickets an attempt, 96 % are refused as sold out), and counts what sold, what was refused as sold out, server errors and the rate of
// successful checkouts until the stock ran out.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../src/server/db/client';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { signIn } from './flash-sale';
import { median, startBuiltServer } from './lib';

const CAPACITY = Number(process.env.BENCH_FLASH_CAPACITY ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_FLASH_ROUNDS ?? 3);
const BUYERS = 40;
const QUESTIONS = 10;
export const QUESTIONS_AIM = 0.2;

export interface Variant {
  name: string;
  /** Tickets per attempt. */
  quantity: number;
  questions: boolean;
  types: number;
  pooled: boolean;
}

export const PAIRS = {
  questions: [
    { name: '5 tickets, no questions', quantity: 5, questions: false, types: 1, pooled: false },
    { name: '5 tickets, 10 questions each', quantity: 5, questions: true, types: 1, pooled: false },
  ],
  pools: [
    { name: 'two types, no pool', quantity: 1, questions: false, types: 2, pooled: false },
    { name: 'two types, one pool', quantity: 1, questions: false, types: 2, pooled: true },
  ],
} satisfies Record<string, [Variant, Variant]>;

export interface VariantRound {
  variant: string;
  attempts: number;
  sold: number;
  oversold: number;
  soldOut: number;
  serverErrors: number;
  checkoutsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/** One event of the variant, with C tickets: its types' ids and its questions' ids. */
async function stage(db: Database, organizerId: string, variant: Variant, round: number) {
  const event = await createEvent(db, {
    userId: organizerId,
    isFree: false,
    title: `${variant.name} ${round}`,
  });
  const ids: string[] = [];
  for (let n = 0; n < variant.types; n += 1) {
    // Without a pool the types share the capacity between them (the first ones one more).
    const share = Math.floor(CAPACITY / variant.types) + (n < CAPACITY % variant.types ? 1 : 0);
    const type = await createTicketType(db, {
      eventId: event.id,
      quantity: variant.pooled ? CAPACITY : share,
      priceCents: 2500,
    });
    ids.push(type.id);
  }
  if (variant.pooled) {
    const { rows: pool } = await db.execute<{ id: string }>(sql`
      insert into capacity_pools (event_id, name, capacity, remaining)
      values (${event.id}, 'Hall', ${CAPACITY}, ${CAPACITY}) returning id`);
    for (const id of ids)
      await db.execute(sql`
        insert into capacity_pool_ticket_types (pool_id, ticket_type_id)
        values (${pool[0]?.id}, ${id})`);
  }
  const questionIds: string[] = [];
  if (variant.questions)
    for (let q = 0; q < QUESTIONS; q += 1) {
      const { rows: asked } = await db.execute<{ id: string }>(sql`
        insert into event_questions (event_id, position, scope, type, label, required, options)
        values (${event.id}, ${q}, 'ticket', ${q % 2 ? 'single_choice' : 'short_text'},
          ${`Question ${q + 1}`}, true, ${q % 2 ? '["S","M","L"]' : '[]'}::jsonb)
        returning id`);
      questionIds.push(asked[0]?.id ?? '');
    }
  return { ids, questionIds };
}

/** The request bodies, one per type, as the checkout sends them. */
function bodies(variant: Variant, ids: string[], questionIds: string[]) {
  return ids.map((ticketTypeId) =>
    JSON.stringify({
      items: [{ ticketTypeId, quantity: variant.quantity }],
      ...(questionIds.length
        ? {
            answers: {
              order: {},
              tickets: Array.from({ length: variant.quantity }, (_, n) => ({
                ticketTypeId,
                answers: Object.fromEntries(
                  questionIds.map((id, i) => [id, i % 2 ? 'M' : `Guest ${n + 1}`]),
                ),
              })),
            },
          }
        : {}),
    }),
  );
}

async function sale(base: string, cookies: string[], requestBodies: string[], attempts: number) {
  let created = 0;
  let firstAt = 0;
  let lastCreatedAt = 0;
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/orders`,
    connections: CONNECTIONS,
    amount: attempts,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          firstAt ||= performance.now();
          next += 1;
          return {
            ...request,
            body: requestBodies[next % requestBodies.length],
            headers: {
              'content-type': 'application/json',
              cookie: cookies[next % cookies.length] ?? '',
              'idempotency-key': randomUUID(),
            },
          };
        },
        onResponse: (status) => {
          if (status !== 201) return;
          created += 1;
          lastCreatedAt = performance.now();
        },
      },
    ],
  });
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const count = (prefix: string) =>
    Object.entries(codes)
      .filter(([code]) => code.startsWith(prefix))
      .reduce((sum, [, v]) => sum + v.count, 0);
  return {
    attempts: result.requests.total,
    soldOut: codes['409']?.count ?? 0,
    serverErrors: count('5') + result.errors,
    checkoutsPerSec: Math.round(created / ((lastCreatedAt - firstAt) / 1000)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

export async function benchCheckoutPair(pair: [Variant, Variant]) {
  const server = await startBuiltServer('checkout-pair', {
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  try {
    const handle = connectDatabase(server.databaseUrl, { max: 4 });
    const organizer = await createUser(handle.db, { userType: 'organizer' });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(handle.db)));
    const cookies = [];
    for (const buyer of buyers)
      cookies.push(await signIn(server.base, buyer.email, buyer.password));
    const rounds: VariantRound[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of round % 2 ? [...pair].reverse() : pair) {
        const { ids, questionIds } = await stage(handle.db, organizer.id, variant, round);
        const measured = await sale(
          server.base,
          cookies,
          bodies(variant, ids, questionIds),
          CAPACITY * 5,
        );
        const { rows } = await handle.db.execute<{ held: number }>(sql`
          select coalesce(sum(i.quantity), 0)::int as held from order_items i
          where i.ticket_type_id = any(${`{${ids.join(',')}}`}::uuid[])`);
        const held = rows[0]?.held ?? 0;
        if (variant.questions) {
          // Every order held has its 50 answers, none lost on the way.
          const { rows: answered } = await handle.db.execute<{ orders: number; bad: number }>(sql`
            select count(*)::int as orders,
              count(*) filter (where n <> ${QUESTIONS * variant.quantity})::int as bad
            from (select o.id, (select count(*) from question_answers a where a.order_id = o.id) n
              from orders o join order_items i on i.order_id = o.id
              where i.ticket_type_id = any(${`{${ids.join(',')}}`}::uuid[])) x`);
          if (answered[0]?.bad) throw new Error(`${answered[0].bad} orders without all answers`);
        }
        rounds.push({
          variant: variant.name,
          ...measured,
          sold: held,
          oversold: Math.max(0, held - CAPACITY),
        });
      }
    }
    await handle.close();
    const medianOf = (variant: Variant) => {
      const own = rounds.filter((r) => r.variant === variant.name);
      return {
        checkoutsPerSec: median(own.map((r) => r.checkoutsPerSec)),
        p50Ms: median(own.map((r) => r.p50Ms)),
        p99Ms: median(own.map((r) => r.p99Ms)),
      };
    };
    return {
      capacity: CAPACITY,
      connections: CONNECTIONS,
      rounds,
      reference: medianOf(pair[0]),
      measured: medianOf(pair[1]),
    };
  } finally {
    await server.stop();
  }
}
