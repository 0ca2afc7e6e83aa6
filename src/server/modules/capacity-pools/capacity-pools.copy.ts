import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { capacityPools } from '../../db/schema/capacity-pools';
import type { EventCopyContext } from '../events/events.service';
import { findMemberIds, insertPool, replaceMembers } from './capacity-pools.queries';

/**
 * "Duplicate event" copies the pools with their capacity over the copies of their ticket types
 * and products. The copy has sold nothing, so each pool starts full.
 */
export async function copyCapacityPools(tx: DbExecutor, ctx: EventCopyContext): Promise<void> {
  const pools = await tx
    .select()
    .from(capacityPools)
    .where(eq(capacityPools.eventId, ctx.fromEventId))
    .orderBy(asc(capacityPools.createdAt), asc(capacityPools.id));
  const members = await findMemberIds(tx, { poolIds: pools.map((p) => p.id) });
  for (const pool of pools) {
    const copy = await insertPool(tx, {
      eventId: ctx.toEventId,
      name: pool.name,
      capacity: pool.capacity,
      remaining: pool.capacity,
      now: ctx.now,
    });
    if (!copy) continue;
    const ticketTypeIds = members
      .filter((m) => m.poolId === pool.id)
      .flatMap((m) => ctx.ticketTypeIds.get(m.ticketTypeId) ?? []);
    await replaceMembers(tx, { poolId: copy.id, ticketTypeIds });
  }
}
