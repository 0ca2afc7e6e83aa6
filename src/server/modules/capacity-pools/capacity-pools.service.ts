import {
  CapacityPoolInputSchema,
  CapacityPoolPatchSchema,
  POOL_MESSAGES,
  POOLS_PER_EVENT_MAX,
  type CapacityPool,
  type CapacityPoolInput,
  type CapacityPoolPatch,
} from '../../../contracts/capacity-pools';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validation';
import { must } from '../../platform/must';
import { lockManagedEvent } from '../events/events.service';
import { expireHolds } from '../orders/orders.service';
import { poolRemaining, usedByTypes } from './capacity-pools.policy';
import { presentPools } from './capacity-pools.presenter';
import {
  countPoolsOfEvent,
  deletePoolById,
  findMemberIds,
  findPool,
  findPoolsOfEvent,
  insertPool,
  lockPool,
  lockTypesOfEvent,
  replaceMembers,
  updatePool,
} from './capacity-pools.queries';

// Capacity pools (decision 052). A pool's `remaining` is its capacity less what its types have
// sold or hold; checkout and every release keep it so. Changing a pool locks its types first
// (old and new ones, in id order) and then the pool, the order every stock taker locks in, so
// the types' figures it is computed from cannot move under it and no checkout deadlocks with it.

export interface PoolDeps {
  db: Database;
  clock: Clock;
}

const M = POOL_MESSAGES;
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });
const notFound = () => new AppError('NOT_FOUND', M.notFound);

/** Locks the chosen types (all of this event's, or the field error) and sums what they used. */
async function lockChosenTypes(
  tx: DbExecutor,
  params: { eventId: string; chosen: string[]; others?: string[] },
) {
  const chosen = [...new Set(params.chosen)];
  const locked = await lockTypesOfEvent(tx, {
    eventId: params.eventId,
    ids: [...new Set([...chosen, ...(params.others ?? [])])],
  });
  const found = locked.filter((t) => chosen.includes(t.id));
  if (found.length !== chosen.length) throw fieldError('body.ticketTypeIds', M.typesOfEvent);
  return { ids: chosen, used: usedByTypes(found) };
}

function remainingOrRefuse(capacity: number, used: number): number {
  const remaining = poolRemaining(capacity, used);
  if (remaining === null) throw fieldError('body.capacity', M.capacityBelowUsed);
  return remaining;
}

async function present(db: DbExecutor, eventId: string, onlyId?: string) {
  const pools = await findPoolsOfEvent(db, { eventId });
  return presentPools(db, onlyId ? pools.filter((p) => p.id === onlyId) : pools);
}

export async function listPools(
  deps: PoolDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<CapacityPool[]> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  // Holds that ran out are not "held" any more: give them back before counting.
  await expireHolds(deps.db, deps.clock.now(), { eventId: params.eventId });
  return present(deps.db, params.eventId);
}

export async function createPool(
  deps: PoolDeps,
  params: { eventId: string; actor: AuthUser; input: CapacityPoolInput },
): Promise<CapacityPool> {
  const input = CapacityPoolInputSchema.parse(params.input);
  const now = deps.clock.now();
  await expireHolds(deps.db, now, { eventId: params.eventId });
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, params, {
      lock: false,
      permission: 'event.edit',
      action: 'capacity_pool.create',
    });
    if ((await countPoolsOfEvent(tx, { eventId: event.id })) >= POOLS_PER_EVENT_MAX)
      throw new AppError('CONFLICT', M.tooMany);
    const types = await lockChosenTypes(tx, { eventId: event.id, chosen: input.ticketTypeIds });
    const pool = must(
      await insertPool(tx, {
        eventId: event.id,
        name: input.name,
        capacity: input.capacity,
        remaining: remainingOrRefuse(input.capacity, types.used),
        now,
      }),
      'pool',
    );
    await replaceMembers(tx, { poolId: pool.id, ticketTypeIds: types.ids });
    return must((await present(tx, event.id, pool.id))[0], 'pool');
  });
}

export async function updatePoolById(
  deps: PoolDeps,
  params: { id: string; actor: AuthUser; input: CapacityPoolPatch },
): Promise<CapacityPool> {
  const patch = parseInput(CapacityPoolPatchSchema, params.input);
  const now = deps.clock.now();
  const found = await findPool(deps.db, params);
  if (!found) throw notFound();
  await expireHolds(deps.db, now, { eventId: found.eventId });
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId: found.eventId, actor: params.actor },
      { lock: false, permission: 'event.edit', action: 'capacity_pool.edit' },
    );
    const current = (await findMemberIds(tx, { poolIds: [found.id] })).map((m) => m.ticketTypeId);
    const types = await lockChosenTypes(tx, {
      eventId: event.id,
      chosen: patch.ticketTypeIds ?? current,
      others: current,
    });
    const pool = await lockPool(tx, { id: found.id });
    if (!pool) throw notFound();
    const capacity = patch.capacity ?? pool.capacity;
    await updatePool(tx, {
      id: pool.id,
      name: patch.name ?? pool.name,
      capacity,
      remaining: remainingOrRefuse(capacity, types.used),
      now,
    });
    if (patch.ticketTypeIds)
      await replaceMembers(tx, { poolId: pool.id, ticketTypeIds: types.ids });
    return must((await present(tx, event.id, pool.id))[0], 'pool');
  });
}

/** A pool can go at any time: its types keep their own limits and sales. */
export async function deletePool(deps: PoolDeps, params: { id: string; actor: AuthUser }) {
  const found = await findPool(deps.db, params);
  if (!found) throw notFound();
  await deps.db.transaction(async (tx) => {
    await lockManagedEvent(
      tx,
      { eventId: found.eventId, actor: params.actor },
      { lock: false, permission: 'event.edit', action: 'capacity_pool.delete' },
    );
    if (!(await lockPool(tx, { id: found.id }))) throw notFound();
    await deletePoolById(tx, { id: found.id });
  });
}
