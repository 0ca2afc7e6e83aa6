import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { emailLists, emailSubscribers } from '../../db/schema/marketing';
import { profiles } from '../../db/schema/users';

/** The owner's lists this address is on (any status), for the manage-preferences page. */
export async function preferenceLists(db: DbExecutor, params: { ownerId: string; email: string }) {
  return db
    .select({
      id: emailLists.id,
      name: emailLists.name,
      description: emailLists.description,
      status: emailSubscribers.status,
    })
    .from(emailSubscribers)
    .innerJoin(emailLists, eq(emailLists.id, emailSubscribers.listId))
    .where(and(eq(emailLists.ownerId, params.ownerId), eq(emailSubscribers.email, params.email)))
    .orderBy(emailLists.name, emailLists.id);
}

/** The name a sender shows on the preferences page. */
export async function ownerName(db: DbExecutor, params: { ownerId: string }) {
  const [row] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, params.ownerId));
  return row?.name ?? '';
}
