import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { capacityPools, capacityPoolTicketTypes } from '../../db/schema/capacity-pools';
import { ticketTypes } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTicketing } from '../payments/ticketing';
import { createOrder } from './orders.service';

// The checkout rules live twice: in the database function order_hold_batch (one round trip for
// the common order) and in the general TypeScript path, which words every refusal. Random ticket
// types and orders go through both, each on its own copy of the same event, and must end the
// same: the same order (lines, prices, totals) or the same error code, text and details, and the
// same stock left, in the types and in the capacity pools some of them share (decision 052). A
// rule changed on one side only fails here.

let t: TestApp;
let ticketing: ReturnType<typeof createTicketing>;
let actor: AuthUser;
let organizerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ticketing = createTicketing({ ...t, startedAt: t.clock.now() });
  const buyer = await createUser(t.db);
  const organizer = await createUser(t.db, { userType: 'organizer' });
  organizerId = organizer.id;
  actor = {
    id: buyer.id,
    email: buyer.email,
    emailConfirmedAt: t.clock.now(),
    fullName: 'Diff Buyer',
    userType: 'attendee',
    roles: [],
    avatarUrl: null,
    language: null,
    createdAt: t.clock.now(),
    sessionId: 'differential',
  } as AuthUser;
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;

const anyType = fc.record({
  priceCents: fc.constantFrom(0, 500, 1250),
  currency: fc.constantFrom('USD', 'USD', 'USD', 'EUR'),
  quantity: fc.integer({ min: 0, max: 6 }),
  minPerOrder: fc.constantFrom(1, 1, 1, 2),
  maxPerOrder: fc.integer({ min: 1, max: 6 }),
  maxPerPerson: fc.constantFrom<number | null>(null, null, null, null, 2),
  sales: fc.constantFrom('open', 'open', 'open', 'not_started', 'ended'),
  unlockCode: fc.constantFrom<string | null>(null, null, null, null, 'BACKSTAGE'),
});

/** Types of the common order the function decides itself: paid, public, on sale, no per-person cap. */
const commonType = fc.record({
  priceCents: fc.constantFrom(500, 1250),
  currency: fc.constant('USD'),
  quantity: fc.integer({ min: 0, max: 6 }),
  minPerOrder: fc.constantFrom(1, 1, 1, 2),
  maxPerOrder: fc.integer({ min: 2, max: 6 }),
  maxPerPerson: fc.constant<number | null>(null),
  sales: fc.constant('open'),
  unlockCode: fc.constant<string | null>(null),
});

const lines = fc.array(fc.record({ type: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) }), {
  minLength: 1,
  maxLength: 3,
});

/** Zero to two pools, each over some of the scenario's types (by index), smaller or not. */
const pools = fc.array(
  fc.record({
    capacity: fc.integer({ min: 0, max: 4 }),
    members: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }),
  }),
  { maxLength: 2 },
);

const scenario = fc.oneof(
  fc.record({
    eventStatus: fc.constantFrom('published', 'published', 'published', 'published', 'cancelled'),
    eventEnded: fc.constantFrom(false, false, false, false, true),
    types: fc.array(anyType, { minLength: 1, maxLength: 3 }),
    pools,
    lines,
    unlockCode: fc.constantFrom<string | null>(null, null, 'BACKSTAGE', 'WRONG'),
  }),
  fc.record({
    eventStatus: fc.constant('published'),
    eventEnded: fc.constant(false),
    types: fc.array(commonType, { minLength: 1, maxLength: 3 }),
    pools,
    lines,
    unlockCode: fc.constant<string | null>(null),
  }),
  // Orders that fit (stock and limits above what the lines ask, no pool): the other two branches
  // refuse most orders, and 120 runs of them alone once gave only 4 created orders, under the
  // coverage check below.
  fc.record({
    eventStatus: fc.constant('published'),
    eventEnded: fc.constant(false),
    types: fc.array(
      commonType.map((type) => ({ ...type, quantity: 6, minPerOrder: 1, maxPerOrder: 6 })),
      { minLength: 1, maxLength: 3 },
    ),
    pools: fc.constant([]),
    lines: fc.array(fc.record({ type: fc.nat(2), quantity: fc.integer({ min: 1, max: 2 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    unlockCode: fc.constant<string | null>(null),
  }),
);
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

let copies = 0;

/**
 * One copy of the scenario's event; returns its ticket type and pool ids in spec order. Both
 * paths sort an order's lines by ticket type id and take pools by pool id (the lock order), so
 * each copy's ids sort in spec order too.
 */
async function setUp(s: Scenario): Promise<{ ids: string[]; poolIds: string[] }> {
  copies += 1;
  const now = t.clock.now();
  const event = await createEvent(t.db, {
    userId: organizerId,
    isFree: false,
    createdAt: new Date(now.getTime() - 48 * HOUR),
    eventStatus: s.eventStatus as 'published',
    ...(s.eventEnded
      ? {
          startsAt: new Date(now.getTime() - 6 * HOUR),
          endsAt: new Date(now.getTime() - HOUR),
        }
      : {}),
  });
  const ids: string[] = [];
  for (const [index, spec] of s.types.entries()) {
    const type = await createTicketType(t.db, {
      eventId: event.id,
      name: `Type ${index}`,
      priceCents: spec.priceCents,
      currency: spec.currency,
      quantity: spec.quantity,
      maxPerOrder: spec.maxPerOrder,
      maxPerPerson: spec.maxPerPerson,
      salesStart: spec.sales === 'not_started' ? new Date(now.getTime() + HOUR) : null,
      salesEnd: spec.sales === 'ended' ? new Date(now.getTime() - HOUR) : null,
      unlockCode: spec.unlockCode,
    });
    const id = `${copies.toString(16).padStart(8, '0')}-0000-4000-8000-${String(index).padStart(12, '0')}`;
    await t.db
      .update(ticketTypes)
      .set({ id, minPerOrder: spec.minPerOrder })
      .where(eq(ticketTypes.id, type.id));
    ids.push(id);
  }
  const poolIds: string[] = [];
  for (const [index, spec] of s.pools.entries()) {
    const id = `${copies.toString(16).padStart(8, '0')}-0000-4000-9000-${String(index).padStart(12, '0')}`;
    await t.db.insert(capacityPools).values({
      id,
      eventId: event.id,
      name: `Pool ${index}`,
      capacity: spec.capacity,
      remaining: spec.capacity,
    });
    const members = [...new Set(spec.members.map((m) => ids[m % ids.length] as string))];
    await t.db
      .insert(capacityPoolTicketTypes)
      .values(members.map((ticketTypeId) => ({ poolId: id, ticketTypeId })));
    poolIds.push(id);
  }
  return { ids, poolIds };
}

/** What a buyer sees, with ids replaced by the type's place in the scenario. */
async function outcome(s: Scenario, generalPathOnly: boolean) {
  const { ids, poolIds } = await setUp(s);
  const anonymise = (value: unknown) =>
    JSON.parse(
      poolIds.reduce(
        (text, id, i) => text.replaceAll(id, `pool-${i}`),
        ids.reduce((text, id, i) => text.replaceAll(id, `type-${i}`), JSON.stringify(value)),
      ),
    );
  const input = {
    items: s.lines.map((line) => ({
      ticketTypeId: ids[line.type % ids.length] as string,
      quantity: line.quantity,
    })),
    unlockCode: s.unlockCode,
  };
  let result: unknown;
  try {
    const order = await createOrder(ticketing.orders, { actor, input, generalPathOnly });
    result = {
      ok: true,
      status: order.status,
      currency: order.currency,
      subtotalCents: order.subtotalCents,
      totalCents: order.totalCents,
      items: order.items.map((i) => [i.ticketTypeId, i.quantity, i.unitPriceCents, i.totalCents]),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result = { ok: false, code: error.code, message: error.message, details: error.details };
  }
  const stock = await t.db
    .select({ id: ticketTypes.id, remaining: ticketTypes.remaining })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, ids));
  const remaining = ids.map((id) => stock.find((row) => row.id === id)?.remaining);
  const poolStock = poolIds.length
    ? await t.db
        .select({ id: capacityPools.id, remaining: capacityPools.remaining })
        .from(capacityPools)
        .where(inArray(capacityPools.id, poolIds))
    : [];
  const poolsLeft = poolIds.map((id) => poolStock.find((row) => row.id === id)?.remaining);
  return anonymise({ result, remaining, poolsLeft });
}

/** The orders the function decides itself rather than answering "slow" (migration 0011). */
function functionDecides(s: Scenario): boolean {
  if (s.eventStatus !== 'published' || s.eventEnded) return false;
  const merged = new Map<number, number>();
  for (const line of s.lines) {
    const index = line.type % s.types.length;
    merged.set(index, (merged.get(index) ?? 0) + line.quantity);
  }
  const specs = [...merged].map(([index, quantity]) => ({ spec: s.types[index], quantity }));
  return (
    specs.every(
      ({ spec, quantity }) =>
        spec &&
        !spec.unlockCode &&
        spec.maxPerPerson === null &&
        spec.sales === 'open' &&
        quantity >= spec.minPerOrder &&
        quantity <= spec.maxPerOrder,
    ) &&
    new Set(specs.map(({ spec }) => spec?.currency)).size === 1 &&
    specs.some(({ spec }) => (spec?.priceCents ?? 0) > 0)
  );
}

const openType = {
  priceCents: 500,
  currency: 'USD',
  quantity: 6,
  minPerOrder: 1,
  maxPerOrder: 6,
  maxPerPerson: null,
  sales: 'open',
  unlockCode: null,
} as const;
/** Always run besides the random ones: a pool shared by two types that is short for the order. */
const sharedPoolTooSmall: Scenario = {
  eventStatus: 'published',
  eventEnded: false,
  types: [openType, { ...openType, priceCents: 1250 }],
  pools: [{ capacity: 1, members: [0, 1] }],
  lines: [{ type: 0, quantity: 2 }],
  unlockCode: null,
};

it('the hold function and the general path decide every order alike, in the same words', async () => {
  let created = 0;
  let refused = 0;
  let decidedInSql = 0;
  let poolRefusals = 0;
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      const viaFunction = await outcome(s, false);
      const viaGeneral = await outcome(s, true);
      expect(viaFunction).toEqual(viaGeneral);
      if (viaFunction.result.ok) created += 1;
      else refused += 1;
      if (functionDecides(s)) decidedInSql += 1;
      if (JSON.stringify(viaFunction.result).includes('together')) poolRefusals += 1;
    }),
    { numRuns: 120, examples: [[sharedPoolTooSmall]] },
  );
  // 120 runs put this count at 19 or more in 5,000 seeds (80 runs fell under 16 in 3 % of them).
  expect(decidedInSql).toBeGreaterThan(15);
  // The runs cover both outcomes (a generator that only ever refused would prove nothing).
  expect(created).toBeGreaterThan(4);
  expect(refused).toBeGreaterThan(4);
  // Some refusals were a shared pool's, worded with its types.
  expect(poolRefusals).toBeGreaterThan(0);
}, 300_000);
