import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { capacityPools, capacityPoolTicketTypes } from '../../db/schema/capacity-pools';
import { eventSeats } from '../../db/schema/seating';
import { createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { HoldRequest } from '../orders/orders.service';
import { orders, ticketTypes } from '../../db/schema/tickets';
import {
  claimAndHoldSeatBatch,
  claimSeatBatch,
  type SeatClaimRequest,
  type SeatHoldRequest,
} from './seating.queries';
import { seatedEvent as kitSeatedEvent } from './seating.test-kit';

// Seat checkouts that arrive together are claimed in one statement (decision 098). Each keeps
// its own answer: all its seats or none, a refusal naming who has the seat, a replay of its key,
// and a lapsed hold to expire first, whatever the other claims of the batch want. The checkout
// sends each claim with its order's hold, in one statement (decision 118), whose hold locks the
// ticket types only for its stock UPDATEs (decision 158).

let t: TestApp;
let owner: CreatedUser;
let buyers: CreatedUser[];
let cookies: Record<'owner' | 'buyer' | 'buyer2' | 'buyer3', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'venue', fullName: 'Harbour Hall' });
  buyers = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(buyers[0] as CreatedUser),
    buyer2: await t.signIn(buyers[1] as CreatedUser),
    buyer3: await t.signIn(buyers[2] as CreatedUser),
  };
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const buySeats = (
  who: keyof typeof cookies,
  eventId: string,
  seatIds: string[],
  key = randomUUID(),
) =>
  call(who, 'POST', `/api/events/${eventId}/seat-orders`, { seatIds }, { 'idempotency-key': key });

async function batchOn(eventId: string, typeId: string) {
  const claim = (buyer: number, seatIds: string[], key: string | null = null): SeatClaimRequest => {
    const now = t.clock.now();
    return {
      eventId,
      userId: (buyers[buyer] as CreatedUser).id,
      idempotencyKey: key,
      seats: seatIds.map((seatId) => ({ seatId, ticketTypeId: typeId })),
      now,
      claimedUntil: new Date(now.getTime() + 120_000),
    };
  };
  const rows = async () =>
    (
      await t.db
        .select({ seatId: eventSeats.seatId })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, eventId))
    )
      .map((r) => r.seatId)
      .sort();
  return { claim, rows };
}

describe('seat claims made together', () => {
  it('give a seat two claims want to the earlier one, and the later one hears who has it', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim, rows } = await batchOn(event.id, std.id);
    const answers = await claimSeatBatch(t.db, [
      claim(0, ['A-Row A-2', 'A-Row A-3']),
      claim(1, ['A-Row A-3', 'A-Row A-4']),
      claim(2, ['A-Row A-5']),
    ]);
    expect(answers).toEqual([
      { status: 'claimed' },
      { status: 'taken', seats: { 'A-Row A-3': 'held' } },
      { status: 'claimed' },
    ]);
    // The refused claim kept nothing: its other seat is free.
    expect(await rows()).toEqual(['A-Row A-2', 'A-Row A-3', 'A-Row A-5']);
  });

  it('give a seat back to the batch when the claim that had it fails, so a later claim gets it', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim, rows } = await batchOn(event.id, std.id);
    const held = await buySeats('buyer3', event.id, ['A-Row A-6']);
    expect(held.statusCode, held.body).toBe(201);
    const answers = await claimSeatBatch(t.db, [
      // Takes A-5 first, then finds A-6 held: gives A-5 back.
      claim(0, ['A-Row A-5', 'A-Row A-6']),
      // Lost A-5 to the first, which let it go: takes it on its second try.
      claim(1, ['A-Row A-4', 'A-Row A-5']),
    ]);
    expect(answers).toEqual([
      { status: 'taken', seats: { 'A-Row A-6': 'held' } },
      { status: 'claimed' },
    ]);
    expect(await rows()).toEqual(['A-Row A-4', 'A-Row A-5', 'A-Row A-6']);
  });

  it('word every refusal of a batch that meets taken seats: held, sold, or both, each its own', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim, rows } = await batchOn(event.id, std.id);
    const bought = await buySeats('buyer3', event.id, ['A-Row A-2']);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(
      (await payThroughLocalWebhook(t, bought.json<{ order: Order }>().order)).statusCode,
    ).toBe(200);
    const held = await buySeats('buyer3', event.id, ['A-Row A-4']);
    expect(held.statusCode, held.body).toBe(201);
    const answers = await claimSeatBatch(t.db, [
      claim(0, ['A-Row A-5', 'A-Row A-4']),
      claim(1, ['A-Row A-2', 'A-Row A-3']),
      claim(2, ['A-Row A-2', 'A-Row A-4', 'A-Row A-6']),
      claim(0, ['A-Row B-2']),
    ]);
    expect(answers).toEqual([
      { status: 'taken', seats: { 'A-Row A-4': 'held' } },
      { status: 'taken', seats: { 'A-Row A-2': 'sold' } },
      { status: 'taken', seats: { 'A-Row A-2': 'sold', 'A-Row A-4': 'held' } },
      { status: 'claimed' },
    ]);
    // The refused claims gave back the free seats they had taken.
    expect(await rows()).toEqual(['A-Row A-2', 'A-Row A-4', 'A-Row B-2']);
  });

  it('answer each claim its own replay, lapsed hold and held seat', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim } = await batchOn(event.id, std.id);
    const key = randomUUID();
    const first = await buySeats('buyer', event.id, ['A-Row B-2'], key);
    expect(first.statusCode, first.body).toBe(201);
    const lapsing = await buySeats('buyer2', event.id, ['A-Row B-3']);
    expect(lapsing.statusCode, lapsing.body).toBe(201);
    t.clock.advance(11 * 60_000);
    const live = await buySeats('buyer3', event.id, ['A-Row B-6']);
    expect(live.statusCode, live.body).toBe(201);
    const answers = await claimSeatBatch(t.db, [
      claim(0, ['A-Row B-2'], key),
      claim(2, ['A-Row B-3', 'A-Row B-4']),
      claim(1, ['A-Row B-6']),
      claim(2, ['A-Row B-5']),
    ]);
    expect(answers).toEqual([
      { status: 'replay', orderId: first.json<{ order: Order }>().order.id },
      { status: 'due' },
      { status: 'taken', seats: { 'A-Row B-6': 'held' } },
      { status: 'claimed' },
    ]);
    // The lapsed hold's seat was left for the expiry: the claim behind it took nothing yet.
    const b4 = await t.db
      .select()
      .from(eventSeats)
      .where(and(eq(eventSeats.eventId, event.id), eq(eventSeats.seatId, 'A-Row B-4')));
    expect(b4).toEqual([]);
    // Through the API the same checkout expires the hold and takes both seats.
    const retaken = await buySeats('buyer3', event.id, ['A-Row B-3', 'A-Row B-4']);
    expect(retaken.statusCode, retaken.body).toBe(201);
  });

  it('claim and hold in one statement: a created order owns its seats, a refused claim holds nothing', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim } = await batchOn(event.id, std.id);
    const hold = (buyer: number, seatIds: string[], quantity: number): HoldRequest => {
      const now = t.clock.now();
      return {
        userId: (buyers[buyer] as CreatedUser).id,
        lines: [{ ticketTypeId: std.id, quantity }],
        seated: true,
        seats: { eventId: event.id, seatIds },
        idempotencyKey: null,
        requestHash: 'seat-hold-test',
        now,
        reservedUntil: new Date(now.getTime() + 600_000),
        session: null,
      };
    };
    const both = (buyer: number, seatIds: string[], quantity = seatIds.length) => ({
      claim: claim(buyer, seatIds),
      hold: hold(buyer, seatIds, quantity),
    });
    const answers = await claimAndHoldSeatBatch(t.db, 'local', [
      both(0, ['A-Row A-2', 'A-Row A-3']),
      both(1, ['A-Row A-3', 'A-Row A-4']),
      // Its seats are free but its hold is outside the type's per-order limit: no order here,
      // the general path decides it.
      both(2, ['A-Row A-5'], 20),
    ]);
    expect(answers.map((a) => [a.claim.status, a.hold?.status ?? null])).toEqual([
      ['claimed', 'created'],
      ['taken', null],
      ['claimed', 'slow'],
    ]);
    expect(answers[1]?.claim).toEqual({ status: 'taken', seats: { 'A-Row A-3': 'held' } });
    const created = answers[0]?.hold;
    const orderId = created?.status === 'created' ? created.orderId : 'none';
    const seated = await t.db
      .select({ seatId: eventSeats.seatId, orderId: eventSeats.orderId })
      .from(eventSeats)
      .where(eq(eventSeats.eventId, event.id))
      .orderBy(eventSeats.seatId);
    // The order owns its seats from the statement that made it; the unheld claim owns none and
    // lapses (the checkout gives it back at once).
    expect(seated).toEqual([
      { seatId: 'A-Row A-2', orderId },
      { seatId: 'A-Row A-3', orderId },
      { seatId: 'A-Row A-5', orderId: null },
    ]);
    const [stock] = await t.db
      .select({ remaining: ticketTypes.remaining })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, std.id));
    expect(stock?.remaining).toBe(11 - 2);
  });

  it('writes each seat row once: the claim inserts it with its order, whose key is checked before the statement ends', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { claim } = await batchOn(event.id, std.id);
    const now = t.clock.now();
    const hold = (buyer: number, seatIds: string[]): HoldRequest => ({
      userId: (buyers[buyer] as CreatedUser).id,
      lines: [{ ticketTypeId: std.id, quantity: seatIds.length }],
      seated: true,
      seats: { eventId: event.id, seatIds },
      idempotencyKey: null,
      requestHash: 'seat-hold-once',
      now,
      reservedUntil: new Date(now.getTime() + 600_000),
      session: null,
    });
    const errorCode = (error: unknown) => {
      const e = error as { code?: string; cause?: { code?: string } };
      return e.cause?.code ?? e.code;
    };
    await t.db.transaction(async (tx) => {
      // The backend's counts of this table's writes not yet reported, which may include earlier
      // transactions of the same connection: the batch's own writes are the difference.
      const writes = async () =>
        (
          await tx.execute<{ inserted: number; updated: number }>(sql`
            select n_tup_ins::int as inserted, n_tup_upd::int as updated
            from pg_stat_xact_user_tables where relid = 'event_seats'::regclass`)
        ).rows[0] ?? { inserted: 0, updated: 0 };
      const before = await writes();
      const answers = await claimAndHoldSeatBatch(tx, 'local', [
        { claim: claim(0, ['A-Row A-2', 'A-Row A-3']), hold: hold(0, ['A-Row A-2', 'A-Row A-3']) },
        { claim: claim(1, ['A-Row B-5']), hold: hold(1, ['A-Row B-5']) },
      ]);
      expect(answers.map((a) => a.hold?.status)).toEqual(['created', 'created']);
      // The batch's own writes: three rows inserted with their orders, none updated after.
      const after = await writes();
      expect({
        inserted: after.inserted - before.inserted,
        updated: after.updated - before.updated,
      }).toEqual({ inserted: 3, updated: 0 });
      const seated = await tx
        .select({ seatId: eventSeats.seatId, orderId: eventSeats.orderId })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, event.id))
        .orderBy(eventSeats.seatId);
      const orderOf = (n: number) => {
        const created = answers[n]?.hold;
        return created?.status === 'created' ? created.orderId : `none ${n}`;
      };
      expect(seated).toEqual([
        { seatId: 'A-Row A-2', orderId: orderOf(0) },
        { seatId: 'A-Row A-3', orderId: orderOf(0) },
        { seatId: 'A-Row B-5', orderId: orderOf(1) },
      ]);
      // The key is deferred only inside the statement: a seat pointed at no order right after is
      // refused by that very statement.
      const refused = await tx
        .transaction((inner) =>
          inner
            .update(eventSeats)
            .set({ orderId: randomUUID() })
            .where(and(eq(eventSeats.eventId, event.id), eq(eventSeats.seatId, 'A-Row B-5'))),
        )
        .then(
          () => 'accepted',
          (error: unknown) => errorCode(error),
        );
      expect(refused).toBe('23503');
    });
  });

  it('one statement for two events: each order owns the seats of its own event, named alike in both', async () => {
    const first = await kitSeatedEvent(t, call, owner);
    const second = await kitSeatedEvent(t, call, owner);
    const both = (buyer: number, on: typeof first, seatIds: string[]) => {
      const now = t.clock.now();
      return {
        claim: {
          eventId: on.event.id,
          userId: (buyers[buyer] as CreatedUser).id,
          idempotencyKey: null,
          seats: seatIds.map((seatId) => ({ seatId, ticketTypeId: on.std.id })),
          now,
          claimedUntil: new Date(now.getTime() + 120_000),
        },
        hold: {
          userId: (buyers[buyer] as CreatedUser).id,
          lines: [{ ticketTypeId: on.std.id, quantity: seatIds.length }],
          seated: true,
          seats: { eventId: on.event.id, seatIds },
          idempotencyKey: null,
          requestHash: 'seat-hold-two-events',
          now,
          reservedUntil: new Date(now.getTime() + 600_000),
          session: null,
        } satisfies HoldRequest,
      };
    };
    const answers = await claimAndHoldSeatBatch(t.db, 'local', [
      both(0, first, ['A-Row A-2', 'A-Row A-3']),
      both(1, second, ['A-Row A-3']),
      both(2, first, ['A-Row A-3', 'A-Row A-4']),
      both(2, second, ['A-Row A-2', 'A-Row A-4']),
    ]);
    expect(answers.map((a) => [a.claim.status, a.hold?.status ?? null])).toEqual([
      ['claimed', 'created'],
      ['claimed', 'created'],
      ['taken', null],
      ['claimed', 'created'],
    ]);
    const orderOf = (n: number) => {
      const hold = answers[n]?.hold;
      return hold?.status === 'created' ? hold.orderId : `none ${n}`;
    };
    const seatsOf = async (eventId: string) =>
      t.db
        .select({ seatId: eventSeats.seatId, orderId: eventSeats.orderId })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, eventId))
        .orderBy(eventSeats.seatId);
    expect(await seatsOf(first.event.id)).toEqual([
      { seatId: 'A-Row A-2', orderId: orderOf(0) },
      { seatId: 'A-Row A-3', orderId: orderOf(0) },
    ]);
    expect(await seatsOf(second.event.id)).toEqual([
      { seatId: 'A-Row A-2', orderId: orderOf(3) },
      { seatId: 'A-Row A-3', orderId: orderOf(1) },
      { seatId: 'A-Row A-4', orderId: orderOf(3) },
    ]);
  });

  it('over HTTP: buyers checking out at once each get all their seats or a refusal naming one', async () => {
    const { event } = await kitSeatedEvent(t, call, owner);
    const answers = await Promise.all([
      buySeats('buyer', event.id, ['A-Row A-2', 'A-Row A-3']),
      buySeats('buyer2', event.id, ['A-Row A-3', 'A-Row A-4']),
      buySeats('buyer3', event.id, ['A-Row B-6']),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes[2]).toBe(201);
    expect(codes.slice(0, 2).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json<{ error: { message: string } }>().error.message).toBe(
      'Seat A-Row A-3 is being bought by someone else',
    );
    await t.settle();
    const seated = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(seated.map((s) => s.seatId).sort()).toEqual(
      codes[0] === 201
        ? ['A-Row A-2', 'A-Row A-3', 'A-Row B-6']
        : ['A-Row A-3', 'A-Row A-4', 'A-Row B-6'],
    );
    expect(seated.every((s) => s.orderId)).toBe(true);
  });
});

/** A seat checkout of `buyer` for `seatIds` of the type, its claim and its hold. */
function seatCheckout(
  eventId: string,
  typeId: string,
  buyer: number,
  seatIds: string[],
  requestHash = 'seat-hold-lock',
) {
  const now = t.clock.now();
  const userId = (buyers[buyer] as CreatedUser).id;
  const hold: HoldRequest = {
    userId,
    lines: [{ ticketTypeId: typeId, quantity: seatIds.length }],
    seated: true,
    seats: { eventId, seatIds },
    idempotencyKey: null,
    requestHash,
    now,
    reservedUntil: new Date(now.getTime() + 600_000),
    session: null,
  };
  return {
    claim: {
      eventId,
      userId,
      idempotencyKey: null,
      seats: seatIds.map((seatId) => ({ seatId, ticketTypeId: typeId })),
      now,
      claimedUntil: new Date(now.getTime() + 120_000),
    },
    hold,
  } satisfies SeatHoldRequest;
}

/** The backend of this database running a seat batch and waiting for a lock, once there is one. */
async function waitingBatch(): Promise<number> {
  let pid = 0;
  await expect
    .poll(
      async () => {
        const { rows } = await t.db.execute<{ pid: number }>(sql`
          select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like 'select seat_hold_batch(%'`);
        pid = rows[0]?.pid ?? 0;
        return pid;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return pid;
}

/** The tables a backend has written to (row-exclusive locks it holds). */
async function writtenBy(pid: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ rel: string }>(sql`
    select c.relname as rel from pg_locks l join pg_class c on c.oid = l.relation
    where l.pid = ${pid} and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'
    order by 1`);
  return rows.map((r) => r.rel);
}

const remainingOf = async (typeId: string) =>
  (
    await t.db
      .select({ remaining: ticketTypes.remaining })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, typeId))
  )[0]?.remaining;

/**
 * Runs `during` inside a transaction that holds the type's row lock, as another stock taker
 * would; what `during` returns is awaited only after that transaction commits.
 */
async function whileTypeLocked<T>(
  typeId: string,
  during: (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ticket_types where id = ${typeId} for no key update`);
    return during(tx);
  });
}

// A batch of seat checkouts decides and writes its orders before it locks the ticket types, and
// locks them only for its guarded stock UPDATEs, so the next batch's hold does not wait for this
// one's checks and inserts. What it read unlocked must still hold once it has the lock: the stock
// (the guarded UPDATEs) and the capacity pools its types draw on (checked again).
describe('a seat batch locks the ticket types late', () => {
  it('writes its orders before it waits for the types, and takes the stock once it has them', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { pending, written } = await whileTypeLocked(std.id, async () => {
      // `then` sends it now: a drizzle query runs when awaited.
      const batch = claimAndHoldSeatBatch(t.db, 'local', [
        seatCheckout(event.id, std.id, 0, ['A-Row A-2', 'A-Row A-3']),
        seatCheckout(event.id, std.id, 1, ['A-Row B-4']),
      ]).then((answers) => answers);
      const pid = await waitingBatch();
      return { pending: { batch }, written: await writtenBy(pid) };
    });
    // While it waited for the types, its seats, orders and items were already written.
    expect(written).toEqual(expect.arrayContaining(['event_seats', 'order_items', 'orders']));
    expect(written).not.toContain('ticket_types');
    const answers = await pending.batch;
    expect(answers.map((a) => a.hold?.status)).toEqual(['created', 'created']);
    expect(await remainingOf(std.id)).toBe(11 - 3);
    const seated = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(seated.every((s) => s.orderId)).toBe(true);
  });

  it('refuses the batch whole when its types joined a capacity pool while it waited', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    const { pending } = await whileTypeLocked(std.id, async (tx) => {
      const batch = claimAndHoldSeatBatch(t.db, 'local', [
        seatCheckout(event.id, std.id, 0, ['A-Row A-2'], 'seat-hold-lock-pool'),
        seatCheckout(event.id, std.id, 1, ['A-Row A-3'], 'seat-hold-lock-pool'),
      ]).then(
        () => 'held',
        (error: unknown) => {
          const e = error as { code?: string; cause?: { code?: string } };
          return e.cause?.code ?? e.code;
        },
      );
      await waitingBatch();
      // A pool made over the type while the batch waits (a membership change locks the types
      // first, as this transaction did): the batch counted no pool, so it must not go through.
      const [pool] = await tx
        .insert(capacityPools)
        .values({ eventId: event.id, name: 'Floor', capacity: 1, remaining: 1 })
        .returning({ id: capacityPools.id });
      await tx
        .insert(capacityPoolTicketTypes)
        .values({ poolId: pool?.id ?? '', ticketTypeId: std.id });
      return { pending: { batch } };
    });
    expect(await pending.batch).toBe('MEA02');
    // Rolled back whole: no seat, no order, the stock untouched.
    expect(await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id))).toEqual(
      [],
    );
    const made = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.requestHash, 'seat-hold-lock-pool'));
    expect(made).toEqual([]);
    expect(await remainingOf(std.id)).toBe(11);
  });

  it('over HTTP: seat and count checkouts racing for one pool sell at most its capacity', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    // Standing tickets, sold by count, share the hall's last three places with the seats.
    const standing = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Standing',
      quantity: 10,
      priceCents: 1500,
    });
    const [pool] = await t.db
      .insert(capacityPools)
      .values({ eventId: event.id, name: 'Hall', capacity: 3, remaining: 3 })
      .returning({ id: capacityPools.id });
    const poolId = pool?.id ?? '';
    await t.db.insert(capacityPoolTicketTypes).values([
      { poolId, ticketTypeId: std.id },
      { poolId, ticketTypeId: standing.id },
    ]);
    // The pool took what the types had: none sold yet, so only its own count limits.
    const who = ['buyer', 'buyer2', 'buyer3'] as const;
    const answers = await Promise.all([
      ...who.map((buyer, i) =>
        call(
          buyer,
          'POST',
          `/api/events/${event.id}/seat-orders`,
          { seatIds: [`A-Row A-${i + 2}`] },
          { 'idempotency-key': randomUUID() },
        ),
      ),
      ...who.map((buyer) =>
        call(
          buyer,
          'POST',
          '/api/orders',
          { items: [{ ticketTypeId: standing.id, quantity: 1 }] },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    ]);
    const codes = answers.map((a) => a.statusCode);
    // Every answer is a sale or a refusal, never an error; three places, three sales.
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    await t.settle();
    const [left] = await t.db
      .select({ remaining: capacityPools.remaining })
      .from(capacityPools)
      .where(eq(capacityPools.id, poolId));
    expect(left?.remaining).toBe(0);
    const seatsSold = codes.slice(0, 3).filter((code) => code === 201).length;
    expect(await remainingOf(std.id)).toBe(11 - seatsSold);
    expect(await remainingOf(standing.id)).toBe(10 - (3 - seatsSold));
    const seated = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(seated).toHaveLength(seatsSold);
    expect(seated.every((s) => s.orderId)).toBe(true);
  });
});
