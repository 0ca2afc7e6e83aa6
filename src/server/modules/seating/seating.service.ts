import { bestAvailable, expandPlan, isBlocked, type Seat } from '../../../contracts/seat-layout';
import {
  SEATING_MESSAGES as M,
  type BestSeats,
  type EventSeating,
  type EventSeatingInput,
  type SeatingPlan,
  type SeatingPlanInput,
  type SeatPlan,
  SeatingPlanInputSchema,
} from '../../../contracts/seating';
import type { Order } from '../../../contracts/tickets';
import type { Database, DbExecutor } from '../../db/client';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { must } from '../../platform/must';
import { defineCache } from '../../platform/cache/shared-cache';
import { AppError } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validation';
import { getEvent, lockManagedEvent, requireViewableEvent } from '../events/events.service';
import {
  createOrder,
  expireHolds,
  getOrder,
  type OrderDeps,
  type SeatClaim,
} from '../orders/orders.service';
import {
  attachSeatsToOrder,
  claimSeats,
  clearFreedSeats,
  deleteEventSeating,
  findEventSeating,
  findPlanVersion,
  findPlansOfOwner,
  findSeatsOfOrder,
  findTakenSeats,
  findTicketTypesOfEvent,
  hasLiveSeats,
  insertPlan,
  insertVersion,
  releaseClaims,
  upsertEventSeating,
  type SeatClaimRequest,
  type SeatClaimResult,
} from './seating.queries';
import { claimAndHoldTogether } from './seat-claims';

// Reserved seating (decision 068). Seats ride on the hold engine: a seat order is an ordinary
// order of the categories' ticket types (so counts, pools, prices and payment are the engine's),
// and each seat is a row keyed (event, seat) that points at the order. The key is the guarantee
// that no seat is sold twice; the row's state follows its order.

export interface SeatingDeps {
  db: Database;
  clock: Clock;
}

/** A claim without an order lapses after this long (only a crash between the two leaves one). */
const CLAIM_MS = 2 * 60_000;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

const mayDrawPlans = (actor: AuthUser) =>
  isAdmin(actor) || actor.userType === 'organizer' || actor.userType === 'venue';

const seatCount = (plan: SeatPlan) => expandPlan(plan).length;

/**
 * An event's plan version expanded into its seats. A saved version never changes, so each is
 * expanded once per process: at 20,000 seats expanding it took most of a checkout's time.
 */
const layouts = new Map<string, { seats: Seat[]; byId: Map<string, Seat> }>();
const LAYOUTS_KEPT = 32;
export function layoutOf(seating: { planId: string; version: number; data: SeatPlan }) {
  const key = `${seating.planId}:${seating.version}`;
  let layout = layouts.get(key);
  if (!layout) {
    const seats = expandPlan(seating.data);
    layout = { seats, byId: new Map(seats.map((s) => [s.id, s])) };
    // The oldest goes first (a Map keeps insertion order).
    if (layouts.size >= LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value ?? '');
    layouts.set(key, layout);
  }
  return layout;
}

function presentPlan(row: {
  id: string;
  name: string;
  version: number;
  seatCount: number;
  data: SeatPlan;
  updatedAt: Date;
}): SeatingPlan {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    seatCount: row.seatCount,
    plan: row.data,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPlans(deps: SeatingDeps, params: { actor: AuthUser }) {
  const rows = await findPlansOfOwner(deps.db, { ownerId: params.actor.id });
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export async function createPlan(
  deps: SeatingDeps,
  params: { actor: AuthUser; input: SeatingPlanInput },
) {
  if (!mayDrawPlans(params.actor)) throw new AppError('FORBIDDEN', M.ownerOnly);
  const input = parseInput(SeatingPlanInputSchema, params.input);
  const id = await deps.db.transaction((tx) =>
    insertPlan(tx, {
      ownerId: params.actor.id,
      name: input.name,
      data: input.plan,
      seatCount: seatCount(input.plan),
      now: deps.clock.now(),
    }),
  );
  return getPlan(deps, { actor: params.actor, planId: id });
}

/** The plan's owner or an admin sees a plan; to anyone else it does not exist. */
async function visiblePlan(
  db: DbExecutor,
  params: { actor: AuthUser; planId: string; version?: number; lock?: boolean },
) {
  if (
    params.version !== undefined &&
    !(Number.isInteger(params.version) && params.version >= 1 && params.version <= 1_000_000)
  )
    throw new AppError('NOT_FOUND', M.versionNotFound);
  const row = await findPlanVersion(db, params);
  if (!row || (row.ownerId !== params.actor.id && !isAdmin(params.actor))) {
    if (row && params.version === undefined) throw new AppError('FORBIDDEN', M.planForbidden);
    throw new AppError('NOT_FOUND', row ? M.versionNotFound : M.planNotFound);
  }
  return row;
}

export async function getPlan(
  deps: SeatingDeps,
  params: { actor: AuthUser; planId: string; version?: number },
) {
  return presentPlan(await visiblePlan(deps.db, params));
}

/** Saves the plan as a new version; events keep the version they link. */
export async function savePlan(
  deps: SeatingDeps,
  params: { actor: AuthUser; planId: string; input: SeatingPlanInput },
) {
  const input = parseInput(SeatingPlanInputSchema, params.input);
  await deps.db.transaction(async (tx) => {
    const row = await visiblePlan(tx, { ...params, lock: true });
    await insertVersion(tx, {
      planId: row.id,
      version: row.currentVersion + 1,
      name: input.name,
      data: input.plan,
      seatCount: seatCount(input.plan),
      now: deps.clock.now(),
    });
  });
  return getPlan(deps, params);
}

/** Links a plan version to the event and maps its categories to the event's ticket types. */
export async function setEventSeating(
  deps: SeatingDeps,
  params: { actor: AuthUser; eventId: string; input: EventSeatingInput },
) {
  const { input } = params;
  await deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId: params.eventId, actor: params.actor },
      { permission: 'event.edit', action: 'event.seating' },
    );
    const plan = await findPlanVersion(tx, { planId: input.planId, version: input.version });
    // The event's owner's plans (a team member links the owner's); an admin may use anyone's.
    if (!plan || (plan.ownerId !== event.userId && !isAdmin(params.actor)))
      throw fieldError('body.planId', M.planNotFound);
    const types = new Set(
      (await findTicketTypesOfEvent(tx, { eventId: event.id })).map((t) => t.id),
    );
    for (const category of plan.data.categories) {
      const typeId = input.ticketTypes[category.id];
      if (!typeId || !types.has(typeId))
        throw fieldError(`body.ticketTypes.${category.id}`, M.categoryTicketType);
    }
    const current = await findEventSeating(tx, { eventId: event.id });
    const changesSeats =
      current && (current.planId !== input.planId || current.version !== input.version);
    if (changesSeats && (await hasLiveSeats(tx, { eventId: event.id, now: deps.clock.now() })))
      throw new AppError('CONFLICT', M.planInUse);
    await upsertEventSeating(tx, {
      eventId: event.id,
      planId: input.planId,
      version: input.version,
      ticketTypes: input.ticketTypes,
      now: deps.clock.now(),
    });
  });
  await saleSeatings.invalidate(deps, params.eventId);
  return must(
    await getEventSeating(deps, { actor: params.actor, eventId: params.eventId }),
    'the seating just linked',
  );
}

export async function removeEventSeating(
  deps: SeatingDeps,
  params: { actor: AuthUser; eventId: string },
) {
  await deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId: params.eventId, actor: params.actor },
      { permission: 'event.edit', action: 'event.seating' },
    );
    if (await hasLiveSeats(tx, { eventId: event.id, now: deps.clock.now() }))
      throw new AppError('CONFLICT', M.planInUse);
    await deleteEventSeating(tx, { eventId: event.id });
  });
  await saleSeatings.invalidate(deps, params.eventId);
}

export async function loadSeating(db: DbExecutor, eventId: string) {
  const seating = await findEventSeating(db, { eventId });
  if (!seating) throw new AppError('NOT_FOUND', M.noSeating);
  return seating;
}

/** What a seat checkout needs of the event's seating: its plan version and ticket types. */
type SaleSeating = Pick<
  NonNullable<Awaited<ReturnType<typeof findEventSeating>>>,
  'planId' | 'version' | 'data' | 'ticketTypes'
>;

// Every seat checkout reads the event's seating, which changes only when the organizer links or
// removes a plan: kept per event (and per database) for a minute, forgotten at once in every
// process by those two writes. A saved plan version never changes.
const saleSeatings = defineCache<SaleSeating | null, SeatingDeps>({
  name: 'seating.sale',
  ttlMs: 60_000,
  maxEntries: 2_000,
});

async function saleSeating(deps: SeatingDeps, eventId: string): Promise<SaleSeating> {
  const seating = await saleSeatings.in(deps).get(eventId, async () => {
    const row = await findEventSeating(deps.db, { eventId });
    return (
      row && {
        planId: row.planId,
        version: row.version,
        data: row.data,
        ticketTypes: row.ticketTypes,
      }
    );
  });
  if (!seating) throw new AppError('NOT_FOUND', M.noSeating);
  return seating;
}

/**
 * The event's plan with every seat's state, for anyone who may see the event; null for an event
 * sold by count (the event page asks for every event, and a 404 would be an error in the
 * browser's console for most of them).
 */
export async function getEventSeating(
  deps: SeatingDeps,
  params: { actor: AuthUser | null; eventId: string; accessToken?: string },
): Promise<EventSeating | null> {
  await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  const seating = await findEventSeating(deps.db, { eventId: params.eventId });
  if (!seating) return null;
  const types = new Map(
    (await findTicketTypesOfEvent(deps.db, { eventId: params.eventId })).map((t) => [t.id, t]),
  );
  const taken = await findTakenSeats(deps.db, { eventId: params.eventId, now: deps.clock.now() });
  return {
    eventId: seating.eventId,
    planId: seating.planId,
    planName: seating.planName,
    version: seating.version,
    plan: seating.data,
    categories: Object.entries(seating.ticketTypes).flatMap(([id, typeId]) => {
      const type = types.get(typeId);
      return type
        ? [
            {
              id,
              ticketTypeId: type.id,
              ticketTypeName: type.name,
              priceCents: type.priceCents,
              currency: seating.currency,
            },
          ]
        : [];
    }),
    held: taken.filter((s) => s.state === 'held').map((s) => s.seat_id),
    sold: taken.filter((s) => s.state === 'sold').map((s) => s.seat_id),
  };
}

/** The best free seats of a category, together where possible. */
export async function findBestSeats(
  deps: SeatingDeps,
  params: { actor: AuthUser | null; eventId: string; categoryId: string; quantity: number },
): Promise<BestSeats> {
  await getEvent(deps, { id: params.eventId, actor: params.actor });
  const seating = await loadSeating(deps.db, params.eventId);
  await expireHolds(deps.db, deps.clock.now(), { eventId: params.eventId });
  const taken = await findTakenSeats(deps.db, { eventId: params.eventId, now: deps.clock.now() });
  const best = bestAvailable(
    layoutOf(seating).seats,
    new Set(taken.map((s) => s.seat_id)),
    params.categoryId,
    params.quantity,
  );
  if (!best) throw new AppError('CONFLICT', M.seatsShort);
  return best;
}

/** Checks the chosen seats against the plan: each exists, is for sale and its category sells. */
function chosenSeats(
  byId: Map<string, Seat>,
  ticketTypes: Record<string, string>,
  seatIds: string[],
) {
  const seats: Seat[] = [];
  for (const [index, id] of seatIds.entries()) {
    const seat = byId.get(id);
    if (!seat) throw fieldError(`body.seatIds.${index}`, M.seatUnknown(id));
    if (isBlocked(seat) || !ticketTypes[seat.categoryId])
      throw fieldError(`body.seatIds.${index}`, M.seatBlocked(id));
    seats.push(seat);
  }
  return seats;
}

/**
 * The event's seating, if the buyer may see the event (both cached: a flash sale reads the same
 * event on every checkout); the event's refusal comes first.
 */
async function eventAndSeating(deps: OrderDeps, params: { actor: AuthUser; eventId: string }) {
  const [visible, seating] = await Promise.allSettled([
    requireViewableEvent(deps, { id: params.eventId, actor: params.actor }),
    saleSeating(deps, params.eventId),
  ]);
  // Seats of an event the buyer may not see do not exist for them.
  if (visible.status === 'rejected') throw visible.reason;
  if (seating.status === 'rejected') throw seating.reason;
  return seating.value;
}

/** A checkout's seats not all taken: its answer, thrown out of the order's hold to be answered here. */
class SeatsNotClaimed extends Error {
  constructor(readonly claim: Exclude<SeatClaimResult, { status: 'claimed' }>) {
    super('seats not claimed');
  }
}

/**
 * Buys seats: takes them (one row each; a seat another checkout has is refused by name) and
 * creates the order of their categories' ticket types through the hold engine, in one statement
 * batched with the other checkouts of the moment (decision 118): the claim, then the hold, which
 * ties the seats to the order. If the order is refused, the seats are given back at once. The
 * common checkout reads the event's visibility and its seating, both cached (decisions 110,
 * 136), then makes that one batched round trip.
 */
export async function createSeatOrder(
  deps: OrderDeps,
  params: { actor: AuthUser; eventId: string; seatIds: string[]; idempotencyKey?: string },
): Promise<{ order: Order; seatIds: string[] }> {
  const seating = await eventAndSeating(deps, params);
  const seatIds = [...new Set(params.seatIds)];
  const seats = chosenSeats(layoutOf(seating).byId, seating.ticketTypes, seatIds);
  const now = deps.clock.now();
  const claim: SeatClaimRequest = {
    eventId: params.eventId,
    userId: params.actor.id,
    idempotencyKey: params.idempotencyKey ?? null,
    seats: seats.map((seat) => ({
      seatId: seat.id,
      ticketTypeId: seating.ticketTypes[seat.categoryId] ?? null,
    })),
    now,
    claimedUntil: new Date(now.getTime() + CLAIM_MS),
  };
  const lines = new Map<string, number>();
  for (const seat of seats) {
    const typeId = seating.ticketTypes[seat.categoryId] ?? '';
    lines.set(typeId, (lines.get(typeId) ?? 0) + 1);
  }
  const taken: SeatClaim = { eventId: params.eventId, seatIds };
  let claimed = false;
  const buy = async () => {
    try {
      const order = await createOrder(deps, {
        actor: params.actor,
        input: {
          items: [...lines].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
        },
        idempotencyKey: params.idempotencyKey,
        seated: true,
        seats: taken,
        // The order's quick hold goes with the claim of its seats, in one statement.
        holdWith: async (hold) => {
          const both = await claimAndHoldTogether(deps.db, deps.payments.name, { claim, hold });
          if (both.claim.status !== 'claimed') throw new SeatsNotClaimed(both.claim);
          claimed = true;
          return must(both.hold, 'the hold of claimed seats');
        },
      });
      // The general path (a free order, any doubt) leaves the seats to tie here.
      if (!taken.attached)
        await attachSeatsToOrder(deps.db, { eventId: params.eventId, seatIds, orderId: order.id });
      return { order, seatIds };
    } catch (error) {
      if (claimed) await releaseClaims(deps.db, { eventId: params.eventId, seatIds });
      throw error;
    }
  };
  let refused: SeatsNotClaimed;
  try {
    return await buy();
  } catch (error) {
    if (!(error instanceof SeatsNotClaimed)) throw error;
    refused = error;
  }
  if (refused.claim.status === 'due') {
    // A wanted seat's hold ran out: give the event's lapsed holds back first, then take it.
    await expireHolds(deps.db, now, { eventId: params.eventId });
    try {
      return await buy();
    } catch (error) {
      if (!(error instanceof SeatsNotClaimed)) throw error;
      refused = error;
    }
  }
  const answer = refused.claim;
  if (answer.status === 'replay')
    return {
      order: await getOrder(deps, { id: answer.orderId, actor: params.actor }),
      seatIds: await findSeatsOfOrder(deps.db, { orderId: answer.orderId }),
    };
  const others = answer.status === 'taken' ? answer.seats : {};
  const missing = seatIds.find((id) => id in others) ?? seatIds[0] ?? '';
  throw new AppError(
    'CONFLICT',
    others[missing] === 'sold' ? M.seatSold(missing) : M.seatHeld(missing),
    { seatId: missing },
  );
}

/** The seats an order holds or bought (its buyer, the event's owner or an admin). */
export async function seatsOfOrder(deps: OrderDeps, params: { actor: AuthUser; orderId: string }) {
  await getOrder(deps, { id: params.orderId, actor: params.actor });
  return findSeatsOfOrder(deps.db, { orderId: params.orderId });
}

/**
 * The box office's seats (decision 090): the lines their categories sell as, after checking each
 * seat against the plan, and with freed rows of these seats cleared so the sale can take them.
 * Empty for a sale without seats.
 */
export async function boxOfficeSeatLines(
  deps: SeatingDeps,
  params: { eventId: string; seatIds: string[] },
): Promise<{ ticketTypeId: string; quantity: number }[]> {
  if (!params.seatIds.length) return [];
  const seating = await loadSeating(deps.db, params.eventId);
  const seats = chosenSeats(layoutOf(seating).byId, seating.ticketTypes, params.seatIds);
  const now = deps.clock.now();
  await expireHolds(deps.db, now, { eventId: params.eventId });
  await clearFreedSeats(deps.db, { eventId: params.eventId, seatIds: params.seatIds, now });
  const lines = new Map<string, number>();
  for (const seat of seats) {
    const typeId = seating.ticketTypes[seat.categoryId] ?? '';
    lines.set(typeId, (lines.get(typeId) ?? 0) + 1);
  }
  return [...lines].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
}

/**
 * Takes the box office sale's seats for its order, in the sale's transaction: a seat someone
 * else has refuses the whole sale by name (the transaction then leaves nothing behind), and the
 * seats of a sale paid at once are printed on its tickets.
 */
export async function takeBoxOfficeSeats(
  tx: DbExecutor,
  params: { eventId: string; seatIds: string[]; orderId: string; now: Date },
) {
  if (!params.seatIds.length) return;
  const seating = await loadSeating(tx, params.eventId);
  const { byId } = layoutOf(seating);
  const took = await claimSeats(tx, {
    eventId: params.eventId,
    seats: params.seatIds.map((seatId) => ({
      seatId,
      ticketTypeId: seating.ticketTypes[byId.get(seatId)?.categoryId ?? ''] ?? null,
    })),
    claimedUntil: new Date(params.now.getTime() + CLAIM_MS),
  });
  const missing = params.seatIds.find((id) => !took.includes(id));
  if (missing !== undefined) {
    const taken = await findTakenSeats(tx, { eventId: params.eventId, now: params.now });
    const sold = taken.some((s) => s.seat_id === missing && s.state === 'sold');
    throw new AppError('CONFLICT', sold ? M.seatSold(missing) : M.seatHeld(missing), {
      seatId: missing,
    });
  }
  await attachSeatsToOrder(tx, {
    eventId: params.eventId,
    seatIds: params.seatIds,
    orderId: params.orderId,
  });
}
