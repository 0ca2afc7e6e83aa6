import type { Locale } from '../../../contracts/locales';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions } from '../../db/schema/users';
import { profiles, users } from '../../db/schema/users';
import type { UserType } from '../../../contracts/enums';

export async function findUserCredentialsByEmail(db: DbExecutor, params: { email: string }) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      language: users.language,
      fullName: profiles.fullName,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = lower(${params.email})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function getUserCredentials(db: DbExecutor, params: { userId: string }) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      fullName: profiles.fullName,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, params.userId))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts the account and its profile; returns null when the email is already taken. */
export async function insertAccount(
  db: DbExecutor,
  params: {
    email: string;
    passwordHash: string;
    fullName: string;
    phone: string;
    userType: UserType;
    service: string | null;
    referredByPromoCode: string | null;
    language: Locale;
    now: Date;
  },
): Promise<{ id: string } | null> {
  const [user] = await db
    .insert(users)
    .values({
      email: params.email,
      passwordHash: params.passwordHash,
      language: params.language,
      createdAt: params.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return null;
  await db.insert(profiles).values({
    id: user.id,
    fullName: params.fullName,
    phone: params.phone,
    userType: params.userType,
    service: params.service,
    referredByPromoCode: params.referredByPromoCode,
    createdAt: params.now,
    updatedAt: params.now,
  });
  return user;
}

export async function markEmailConfirmed(
  db: DbExecutor,
  params: { userId: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${params.now})` })
    .where(eq(users.id, params.userId));
}

export async function setPasswordHash(
  db: DbExecutor,
  params: { userId: string; passwordHash: string },
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash })
    .where(eq(users.id, params.userId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function revokeSessions(
  db: DbExecutor,
  params: { userId: string; keepSessionId?: string },
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      params.keepSessionId
        ? and(eq(sessions.userId, params.userId), ne(sessions.id, params.keepSessionId))
        : eq(sessions.userId, params.userId),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
