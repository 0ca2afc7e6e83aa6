import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventTransferSettings } from '../../db/schema/transfers';

const EVENT_TITLE = 'Summer Soul Festival';

/**
 * Demo: the festival lets its attendees transfer tickets until a day before it starts, so a
 * ticket holder's page offers "Transfer ticket". Left alone once set (an organizer may change it).
 */
export async function seedTransfers(tx: DbExecutor, params: { now: Date }) {
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.title, EVENT_TITLE));
  if (!event) return;
  await tx
    .insert(eventTransferSettings)
    .values({ eventId: event.id, allowed: true, cutoffHours: 24, updatedAt: params.now })
    .onConflictDoNothing();
}
