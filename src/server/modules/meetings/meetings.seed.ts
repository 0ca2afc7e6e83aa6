import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { meetings } from '../../db/schema/meetings';
import { users } from '../../db/schema/users';
import { insertMeeting } from './meetings.queries';

const DEMO_TITLE = 'Weekly organizer stand-up';

/** A standing room hosted by the demo organizer (a Pro subscriber), with a lobby. */
export async function seedMeetings(tx: DbExecutor) {
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  if (!organizer) return;
  const [existing] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.hostId, organizer.id), eq(meetings.title, DEMO_TITLE)));
  if (existing) return;
  await insertMeeting(tx, {
    hostId: organizer.id,
    title: DEMO_TITLE,
    lobby: true,
    passcodeHash: null,
    eventId: null,
  });
}
