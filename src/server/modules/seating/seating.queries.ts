import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SeatPlan } from '../../../contracts/seating';
import { prepared, type DbExecutor } from '../../db/client';
import type { HoldRequest, HoldResult } from '../orders/orders.service';
import { events } from '../../db/schema/events';
import {
  eventSeating,
  eventSeats,
  seatingPlans,
  seatingPlanVersions,
} from '../../db/schema/seating';
import { ticketTypes } from '../../db/schema/tickets';

const planColumns = {
  id: seatingPlans.id,
  ownerId: seatingPlans.ownerId,
  name: seatingPlans.name,
  version: seatingPlans.currentVersion,
  updatedAt: seatingPlans.updatedAt,
};

export async function findPlansOfOwner(db: DbExecutor, params: { ownerId: string }) {
  return db
    .select({ ...planColumns, seatCount: seatingPlanVersions.seatCount })
    .from(seatingPlans)
    .innerJoin(
      seatingPlanVersions,
      and(
        eq(seatingPlanVersions.planId, seatingPlans.id),
        eq(seatingPlanVersions.version, seatingPlans.currentVersion),
      ),
    )
    .where(eq(seatingPlans.ownerId, params.ownerId))
    .orderBy(desc(seatingPlans.updatedAt))
    .limit(200);
}

/** The plan with one of its versions (the current one unless `version`), locked when asked. */
export async function findPlanVersion(
  db: DbExecutor,
  params: { planId: string; version?: number; lock?: boolean },
) {
  const query = db
    .select({
      ...planColumns,
      version: seatingPlanVersions.version,
      currentVersion: seatingPlans.currentVersion,
      data: seatingPlanVersions.data,
      seatCount: seatingPlanVersions.seatCount,
    })
    .from(seatingPlans)
    .innerJoin(
      seatingPlanVersions,
      and(
        eq(seatingPlanVersions.planId, seatingPlans.id),
        eq(seatingPlanVersions.version, params.version ?? seatingPlans.currentVersion),
      ),
    )
    .where(eq(seatingPlans.id, params.planId));
  const [row] = await (params.lock ? query.for('update', { of: seatingPlans }) : query);
  return row ?? null;
}

export async function insertPlan(
  db: DbExecutor,
  params: { ownerId: string; name: string; data: SeatPlan; seatCount: number; now: Date },
) {
  const [plan] = await db
    .insert(seatingPlans)
    .values({
      ownerId: params.ownerId,
      name: params.name,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning({ id: seatingPlans.id });
  if (!plan) throw new Error('plan not inserted');
  await db.insert(seatingPlanVersions).values({
    planId: plan.id,
    version: 1,
    data: params.data,
    seatCount: params.seatCount,
    createdAt: params.now,
  });
  return plan.id;
}

/** Saves a new version (the plan row is locked by the caller). */
export async function insertVersion(
  db: DbExecutor,
  params: {
    planId: string;
    version: number;
    name: string;
    data: SeatPlan;
    seatCount: number;
    now: Date;
  },
) {
  await db.insert(seatingPlanVersions).values({
    planId: params.planId,
    version: params.version,
    data: params.data,
    seatCount: params.seatCount,
    createdAt: params.now,
  });
  await db
    .update(seatingPlans)
    .set({ name: params.name, currentVersion: params.version, updatedAt: params.now })
    .where(eq(seatingPlans.id, params.planId));
}

export async function findEventSeating(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({
      eventId: eventSeating.eventId,
      planId: eventSeating.planId,
      version: eventSeating.version,
      ticketTypes: eventSeating.ticketTypes,
      planName: seatingPlans.name,
      data: seatingPlanVersions.data,
      currency: events.currency,
    })
    .from(eventSeating)
    .innerJoin(seatingPlans, eq(seatingPlans.id, eventSeating.planId))
    .innerJoin(
      seatingPlanVersions,
      and(
        eq(seatingPlanVersions.planId, eventSeating.planId),
        eq(seatingPlanVersions.version, eventSeating.version),
      ),
    )
    .innerJoin(events, eq(events.id, eventSeating.eventId))
    .where(eq(eventSeating.eventId, params.eventId));
  return row ?? null;
}

export async function upsertEventSeating(
  db: DbExecutor,
  params: {
    eventId: string;
    planId: string;
    version: number;
    ticketTypes: Record<string, string>;
    now: Date;
  },
) {
  const values = { ...params, updatedAt: params.now };
  await db
    .insert(eventSeating)
    .values(values)
    .onConflictDoUpdate({
      target: eventSeating.eventId,
      set: {
        planId: params.planId,
        version: params.version,
        ticketTypes: params.ticketTypes,
        updatedAt: params.now,
      },
    });
}

export async function deleteEventSeating(db: DbExecutor, params: { eventId: string }) {
  await db.delete(eventSeating).where(eq(eventSeating.eventId, params.eventId));
}

export async function findTicketTypesOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name, priceCents: ticketTypes.priceCents })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, params.eventId));
}

/** The event's seats that are not free: sold (paid) or held (in a checkout). */
export async function findTakenSeats(db: DbExecutor, params: { eventId: string; now: Date }) {
  const rows = await db.execute<{ seat_id: string; state: 'held' | 'sold' }>(sql`
    select s.seat_id,
           case when o.status in ('paid', 'partially_refunded') then 'sold' else 'held' end as state
      from event_seats s
      left join orders o on o.id = s.order_id
     where s.event_id = ${params.eventId}
       and (o.status in ('paid', 'partially_refunded')
            or (o.status = 'pending' and o.reserved_until > ${params.now})
            or (s.order_id is null and s.claimed_until > ${params.now}))`);
  return rows.rows;
}

/**
 * Removes the rows of seats that are free again, so they can be taken. The closed orders whose
 * rows go are locked first (in id order): a late payment settling one of them holds that lock, so
 * either it finishes first and the seat stays its (the row is then no longer free), or it finds
 * the seat gone and refunds (decision 072).
 */
export async function clearFreedSeats(
  db: DbExecutor,
  params: { eventId: string; seatIds: string[]; now: Date },
) {
  await db.transaction(async (tx) => {
    const closed = await tx.execute<{ seat_id: string }>(sql`
      select s.seat_id from event_seats s join orders o on o.id = s.order_id
       where s.event_id = ${params.eventId}
         and s.seat_id in ${params.seatIds}
         and o.status not in ('paid', 'partially_refunded', 'pending')
       order by o.id
         for update of o`);
    const lapsed = sql`(${eventSeats.orderId} is null and ${eventSeats.claimedUntil} <= ${params.now})`;
    const freed = closed.rows.map((r) => r.seat_id);
    await tx
      .delete(eventSeats)
      .where(
        and(
          eq(eventSeats.eventId, params.eventId),
          inArray(eventSeats.seatId, params.seatIds),
          freed.length ? or(lapsed, inArray(eventSeats.seatId, freed)) : lapsed,
        ),
      );
  });
}

/**
 * Takes the seats for a checkout: inserts one row per seat; the primary key lets only one of
 * two racing checkouts have each seat. Returns the seats this call took.
 */
export async function claimSeats(
  db: DbExecutor,
  params: {
    eventId: string;
    seats: { seatId: string; ticketTypeId: string | null }[];
    claimedUntil: Date;
  },
): Promise<string[]> {
  const rows = await db
    .insert(eventSeats)
    .values(
      params.seats.map((seat) => ({
        eventId: params.eventId,
        seatId: seat.seatId,
        ticketTypeId: seat.ticketTypeId,
        claimedUntil: params.claimedUntil,
      })),
    )
    .onConflictDoNothing()
    .returning({ seatId: eventSeats.seatId });
  return rows.map((r) => r.seatId);
}

export type SeatClaimResult =
  | { status: 'claimed' | 'due' }
  | { status: 'replay'; orderId: string }
  | { status: 'taken'; seats: Record<string, 'held' | 'sold'> };

export interface SeatClaimRequest {
  eventId: string;
  userId: string;
  idempotencyKey: string | null;
  seats: { seatId: string; ticketTypeId: string | null }[];
  now: Date;
  claimedUntil: Date;
}

const claimJson = (claim: SeatClaimRequest) => ({
  eventId: claim.eventId,
  userId: claim.userId,
  key: claim.idempotencyKey,
  seats: claim.seats,
});

/**
 * The seat checkouts of a batch take their seats in one round trip and one commit
 * (db/functions/seat_claim.sql): each key looked up, freed rows cleared, one row inserted per
 * seat, all or none per checkout. One answer per claim, in order. The batch's clock is its latest
 * claim's: the claims were made within the same moment.
 */
export async function claimSeatBatch(
  db: DbExecutor,
  claims: SeatClaimRequest[],
): Promise<SeatClaimResult[]> {
  const latest = (pick: (claim: SeatClaimRequest) => Date) =>
    new Date(Math.max(...claims.map((claim) => pick(claim).getTime())));
  const [row] = await prepared<{ results: SeatClaimResult[] }>(
    db,
    sql`select seat_claim_batch(${JSON.stringify(
      claims.map(claimJson),
    )}::jsonb, ${latest((c) => c.now)}::timestamptz,
      ${latest((c) => c.claimedUntil)}::timestamptz) as results`,
  );
  if (!row) throw new Error('seat_claim_batch answered nothing');
  return row.results;
}

/** A seat checkout's claim and its order's hold, sent together (seat_hold_batch). */
export interface SeatHoldRequest {
  claim: SeatClaimRequest;
  hold: HoldRequest;
}

export interface SeatHoldResult {
  claim: SeatClaimResult;
  /** The hold's answer when every seat was claimed; null otherwise (nothing was held). */
  hold: HoldResult | null;
}

/**
 * Seat checkouts claimed and held in one statement, round trip and commit
 * (db/functions/seat_hold_batch.sql): seat_claim_batch, then order_hold_batch for the claimed
 * ones, which writes each created order into its seats. One answer per checkout, in order.
 * Outside a transaction only: it commits asynchronously.
 */
export async function claimAndHoldSeatBatch(
  db: DbExecutor,
  provider: string,
  requests: SeatHoldRequest[],
): Promise<SeatHoldResult[]> {
  const claims = requests.map((request) => request.claim);
  const latest = (pick: (claim: SeatClaimRequest) => Date) =>
    new Date(Math.max(...claims.map((claim) => pick(claim).getTime())));
  const [row] = await prepared<{ results: SeatHoldResult[] }>(
    db,
    sql`select seat_hold_batch(${provider}, ${JSON.stringify(claims.map(claimJson))}::jsonb,
      ${JSON.stringify(requests.map((request) => request.hold))}::jsonb,
      ${latest((c) => c.now)}::timestamptz, ${latest((c) => c.claimedUntil)}::timestamptz) as results`,
  );
  if (!row) throw new Error('seat_hold_batch answered nothing');
  return row.results;
}

export async function attachSeatsToOrder(
  db: DbExecutor,
  params: { eventId: string; seatIds: string[]; orderId: string },
) {
  await db
    .update(eventSeats)
    .set({ orderId: params.orderId })
    .where(and(eq(eventSeats.eventId, params.eventId), inArray(eventSeats.seatId, params.seatIds)));
  // A free order was issued before its seats were tied to it: print them on its tickets now.
  await db.execute(sql`select seat_tickets(${params.orderId}::uuid)`);
}

export async function releaseClaims(
  db: DbExecutor,
  params: { eventId: string; seatIds: string[] },
) {
  if (params.seatIds.length === 0) return;
  await db
    .delete(eventSeats)
    .where(
      and(
        eq(eventSeats.eventId, params.eventId),
        inArray(eventSeats.seatId, params.seatIds),
        sql`${eventSeats.orderId} is null`,
      ),
    );
}

/** The seats of an order (for its replay and for the buyer's order page). */
export async function findSeatsOfOrder(db: DbExecutor, params: { orderId: string }) {
  const rows = await db
    .select({ seatId: eventSeats.seatId })
    .from(eventSeats)
    .where(eq(eventSeats.orderId, params.orderId));
  return rows.map((r) => r.seatId);
}

/** Whether any seat of the event is held or sold (its plan can then no longer change). */
export async function hasLiveSeats(db: DbExecutor, params: { eventId: string; now: Date }) {
  return (await findTakenSeats(db, params)).length > 0;
}
