import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../contracts/enums';
import type { Database } from '../../db/client';
import { userRoles } from '../../db/schema/users';
import { announceSessionChange } from './session-events';

/**
 * Grants or removes a role, and tells every server process in the same transaction: their
 * cached sessions of the person are forgotten and live sockets re-authorise, so the change counts
 * on the person's next request (the CLI runs in a process of its own).
 */
export async function setUserRole(
  db: Database,
  params: { userId: string; role: Role; granted: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (params.granted) {
      await tx
        .insert(userRoles)
        .values({ userId: params.userId, role: params.role })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, params.userId), eq(userRoles.role, params.role)));
    }
    await announceSessionChange(tx, { userId: params.userId, accessChanged: true });
  });
}
