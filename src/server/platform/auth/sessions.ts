import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role, UserType } from '../../../contracts/enums';
import type { Database } from '../../db/client';
import { profiles, sessions, userRoles, users } from '../../db/schema/users';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Touch last_seen_at (and slide expiry) at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  emailConfirmedAt: Date | null;
  fullName: string;
  userType: UserType;
  roles: Role[];
  avatarUrl: string | null;
  createdAt: Date;
  sessionId: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Database,
  params: { userId: string; now: Date; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(params.now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: params.userId,
    createdAt: params.now,
    lastSeenAt: params.now,
    expiresAt,
    userAgent: params.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The signed-in user for a cookie token, or null when unknown or expired. One query. */
export async function findSessionUser(
  db: Database,
  params: { token: string; now: Date },
): Promise<AuthUser | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: profiles.createdAt,
      fullName: profiles.fullName,
      userType: profiles.userType,
      avatarUrl: profiles.avatarUrl,
      // Cast to text[]: node-postgres parses text arrays but not arrays of an enum type.
      roles: sql<
        Role[]
      >`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}'::text[])`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.tokenHash, hashToken(params.token)), gt(sessions.expiresAt, params.now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (params.now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: params.now, expiresAt: new Date(params.now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _lastSeen, ...user } = row;
  return user;
}

export async function deleteSession(db: Database, params: { token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(params.token)));
}

export async function deleteExpiredSessions(db: Database, params: { now: Date }): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${params.now}`)
    .returning({ id: sessions.id });
  return deleted.length;
}
