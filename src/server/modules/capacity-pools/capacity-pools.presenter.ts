import type { CapacityPool } from '../../../contracts/capacity-pools';
import type { DbExecutor } from '../../db/client';
import { poolFigures } from './capacity-pools.policy';
import { findMemberIds, sumHeldByPool, type PoolRow } from './capacity-pools.queries';

/** Pools with their ticket types and sold / held / left figures. */
export async function presentPools(db: DbExecutor, pools: PoolRow[]): Promise<CapacityPool[]> {
  const ids = pools.map((p) => p.id);
  const members = await findMemberIds(db, { poolIds: ids });
  const held = await sumHeldByPool(db, { poolIds: ids });
  return pools.map((pool) => ({
    id: pool.id,
    eventId: pool.eventId,
    name: pool.name,
    capacity: pool.capacity,
    ticketTypeIds: members.filter((m) => m.poolId === pool.id).map((m) => m.ticketTypeId),
    ...poolFigures(pool, held.find((h) => h.poolId === pool.id)?.held ?? 0),
  }));
}
