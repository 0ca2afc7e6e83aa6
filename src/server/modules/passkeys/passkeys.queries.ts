import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { passkeys, webauthnChallenges } from '../../db/schema/auth';

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

export async function insertChallenge(
  db: DbExecutor,
  params: { challenge: string; purpose: Purpose; userId: string | null; now: Date; ttlMs: number },
): Promise<string> {
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      challenge: params.challenge,
      purpose: params.purpose,
      userId: params.userId,
      createdAt: params.now,
      expiresAt: new Date(params.now.getTime() + params.ttlMs),
    })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge not stored');
  return row.id;
}

/** Takes a challenge once; a second use, an expired one or another user's one gives null. */
export async function consumeChallenge(
  db: DbExecutor,
  params: { id: string; purpose: Purpose; userId: string | null; now: Date },
): Promise<string | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(webauthnChallenges.id, params.id),
        eq(webauthnChallenges.purpose, params.purpose),
        params.userId
          ? eq(webauthnChallenges.userId, params.userId)
          : isNull(webauthnChallenges.userId),
        isNull(webauthnChallenges.usedAt),
        sql`${webauthnChallenges.expiresAt} > ${params.now}`,
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

export async function deleteStaleChallenges(db: DbExecutor, params: { now: Date }): Promise<void> {
  await db
    .delete(webauthnChallenges)
    .where(
      or(
        sql`${webauthnChallenges.expiresAt} < ${params.now}`,
        sql`${webauthnChallenges.usedAt} is not null`,
      ),
    );
}

export function findPasskeysOfUser(db: DbExecutor, params: { userId: string }) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, params.userId))
    .orderBy(desc(passkeys.createdAt));
}

export async function getPasskey(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, params.id)).limit(1);
  return row ?? null;
}

export async function insertPasskey(
  db: DbExecutor,
  values: typeof passkeys.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/**
 * Moves the signature counter forward, only forward: a replayed or cloned authenticator's
 * assertion (same or lower counter) updates nothing. Authenticators that always report 0
 * (many platform passkeys) stay at 0.
 */
export async function advancePasskeyCounter(
  db: DbExecutor,
  params: { id: string; newCounter: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: params.newCounter, lastUsedAt: params.now })
    .where(
      and(
        eq(passkeys.id, params.id),
        or(
          sql`${passkeys.counter} < ${params.newCounter}`,
          sql`${passkeys.counter} = 0 and ${params.newCounter} = 0`,
        ),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskey(
  db: DbExecutor,
  params: { id: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, params.userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}
