import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { capacityPools, capacityPoolTicketTypes } from '../../db/schema/capacity-pools';

export type PoolRow = typeof capacityPools.$inferSelect;

/**
 * Locks ticket types of one event in id order (the order every stock taker uses) and returns
 * what each has sold or holds. A pool's stock is computed from these, so they must not change
 * until the pool is written; types of another event are simply not returned.
 */
export async function lockTypesOfEvent(
  db: DbExecutor,
  params: { eventId: string; ids: string[] },
): Promise<{ id: string; used: number }[]> {
  if (!params.ids.length) return [];
  const { rows } = await db.execute<{ id: string; used: number }>(sql`
    select id, quantity - remaining as used from ticket_types
    where event_id = ${params.eventId}
      and id = any(${`{${params.ids.join(',')}}`}::uuid[])
    order by id
    for no key update`);
  return rows;
}

/** The pool, locked after its types (a stock taker's order: types, then pools). */
export async function lockPool(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select()
    .from(capacityPools)
    .where(eq(capacityPools.id, params.id))
    .for('no key update');
  return row;
}

export async function findPool(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(capacityPools).where(eq(capacityPools.id, params.id));
  return row;
}

export async function countPoolsOfEvent(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(capacityPools)
    .where(eq(capacityPools.eventId, params.eventId));
  return row?.count ?? 0;
}

export async function insertPool(
  db: DbExecutor,
  values: { eventId: string; name: string; capacity: number; remaining: number; now: Date },
) {
  const [row] = await db
    .insert(capacityPools)
    .values({
      eventId: values.eventId,
      name: values.name,
      capacity: values.capacity,
      remaining: values.remaining,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row;
}

export async function updatePool(
  db: DbExecutor,
  params: { id: string; name: string; capacity: number; remaining: number; now: Date },
) {
  const [row] = await db
    .update(capacityPools)
    .set({
      name: params.name,
      capacity: params.capacity,
      remaining: params.remaining,
      updatedAt: params.now,
    })
    .where(eq(capacityPools.id, params.id))
    .returning();
  return row;
}

export async function deletePoolById(db: DbExecutor, params: { id: string }) {
  await db.delete(capacityPools).where(eq(capacityPools.id, params.id));
}

export async function findMemberIds(db: DbExecutor, params: { poolIds: string[] }) {
  if (!params.poolIds.length) return [];
  return db
    .select({
      poolId: capacityPoolTicketTypes.poolId,
      ticketTypeId: capacityPoolTicketTypes.ticketTypeId,
    })
    .from(capacityPoolTicketTypes)
    .where(inArray(capacityPoolTicketTypes.poolId, params.poolIds));
}

/** Sets a pool's ticket types to exactly these. */
export async function replaceMembers(
  db: DbExecutor,
  params: { poolId: string; ticketTypeIds: string[] },
) {
  await db.delete(capacityPoolTicketTypes).where(eq(capacityPoolTicketTypes.poolId, params.poolId));
  if (params.ticketTypeIds.length)
    await db
      .insert(capacityPoolTicketTypes)
      .values(
        params.ticketTypeIds.map((ticketTypeId) => ({ poolId: params.poolId, ticketTypeId })),
      );
}

export async function findPoolsOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(capacityPools)
    .where(and(eq(capacityPools.eventId, params.eventId)))
    .orderBy(asc(capacityPools.createdAt), asc(capacityPools.id));
}

/** Places of each pool in checkouts not finished yet (pending orders of its types). */
export async function sumHeldByPool(db: DbExecutor, params: { poolIds: string[] }) {
  if (!params.poolIds.length) return [];
  const { rows } = await db.execute<{ poolId: string; held: number }>(sql`
    select m.pool_id as "poolId", coalesce(sum(i.quantity), 0)::int as held
    from capacity_pool_ticket_types m
    join order_items i on i.ticket_type_id = m.ticket_type_id
    join orders o on o.id = i.order_id and o.status = 'pending'
    where m.pool_id = any(${`{${params.poolIds.join(',')}}`}::uuid[])
    group by m.pool_id`);
  return rows;
}
