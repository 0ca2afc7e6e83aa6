import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbExecutor } from '../client';
import { events } from '../schema/events';
import { users } from '../schema/users';
import { getDemoAccount } from './demo-accounts';

/**
 * The demo organizer's next published paid event: the one the ticketing seeds (products,
 * capacity pools, access codes) dress up, so one event shows them all together.
 */
export async function demoOrganizerNextPaidEvent(tx: DbExecutor, now: Date) {
  const [event] = await tx
    .select({ id: events.id, capacity: events.capacity })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(
      and(
        eq(users.email, getDemoAccount('organizer').email),
        eq(events.eventStatus, 'published'),
        eq(events.isFree, false),
        gt(events.startsAt, now),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  return event;
}
