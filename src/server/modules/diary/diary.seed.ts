import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { diaryEntries, diaryFeeds } from '../../db/schema/diary';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';

/** A first note in the demo attendee's diary, for an event they hold a ticket for. */
export async function seedDiary(tx: DbExecutor, params: { now: Date }) {
  const [attendee] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('attendee').email));
  if (!attendee) return;
  // A calendar link that is on (its secret is random and thrown away: the page offers a new
  // one), so the demo shows the feed's "on" state.
  await tx
    .insert(diaryFeeds)
    .values({
      userId: attendee.id,
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      createdAt: params.now,
    })
    .onConflictDoNothing();
  const [has] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, attendee.id));
  if ((has?.n ?? 0) > 0) return;
  const [ticket] = await tx
    .select({ eventId: tickets.eventId })
    .from(tickets)
    .where(and(eq(tickets.userId, attendee.id)))
    .limit(1);
  if (!ticket) return;
  await tx.insert(diaryEntries).values({
    userId: attendee.id,
    eventId: ticket.eventId,
    notes: 'Going with Sam and Priya. Meet at the north gate at 6.',
    mood: 'good',
    tags: ['friends'],
    createdAt: params.now,
    updatedAt: params.now,
  });
}
