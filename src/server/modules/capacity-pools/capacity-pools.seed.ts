import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { capacityPools } from '../../db/schema/capacity-pools';
import { ticketTypes } from '../../db/schema/tickets';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';
import { poolRemaining, usedByTypes } from './capacity-pools.policy';
import { insertPool, lockTypesOfEvent, replaceMembers } from './capacity-pools.queries';

/**
 * A demo pool on the demo organizer's next paid event: "Main hall" over its admission tickets,
 * smaller than their total, so the organizer's Capacity section shows a bar with sales in it
 * and the ticket picker shows the shared limit.
 */
export async function seedCapacityPools(tx: DbExecutor, params: { now: Date }) {
  const event = await demoOrganizerNextPaidEvent(tx, params.now);
  if (!event) return;
  const [existing] = await tx
    .select({ id: capacityPools.id })
    .from(capacityPools)
    .where(eq(capacityPools.eventId, event.id))
    .limit(1);
  if (existing) return;
  const admission = await tx
    .select({ id: ticketTypes.id, quantity: ticketTypes.quantity })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, event.id), eq(ticketTypes.kind, 'admission')))
    .orderBy(asc(ticketTypes.sortOrder));
  if (admission.length < 2) return;
  const types = await lockTypesOfEvent(tx, {
    eventId: event.id,
    ids: admission.map((t) => t.id),
  });
  const used = usedByTypes(types);
  const total = admission.reduce((sum, t) => sum + t.quantity, 0);
  // Room for about two thirds of what the types offer together: the shared limit binds first.
  const capacity = Math.max(used + 1, Math.round(total * 0.66));
  const pool = await insertPool(tx, {
    eventId: event.id,
    name: 'Main hall',
    capacity,
    remaining: poolRemaining(capacity, used) ?? 0,
    now: params.now,
  });
  if (pool)
    await replaceMembers(tx, { poolId: pool.id, ticketTypeIds: admission.map((t) => t.id) });
}
