import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions } from '../../db/schema/users';

/** The person's live sessions, the most recently seen first. */
export function findActiveSessions(db: DbExecutor, params: { userId: string; now: Date }) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, params.userId), gt(sessions.expiresAt, params.now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of this person; false when they have none with that id. */
export async function deleteOwnSession(
  db: DbExecutor,
  params: { userId: string; sessionId: string },
): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, params.sessionId), eq(sessions.userId, params.userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of this person but one; how many ended. */
export async function deleteOtherSessions(
  db: DbExecutor,
  params: { userId: string; keepSessionId: string },
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, params.userId), ne(sessions.id, params.keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}
