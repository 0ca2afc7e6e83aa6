import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/events';

/**
 * A new sign-up, or a fresh link for an unconfirmed one last mailed before `resendBefore`;
 * undefined when nothing is to be mailed (confirmed, or mailed too recently).
 */
export async function upsertPendingSubscription(
  db: DbExecutor,
  params: { email: string; tokenHash: string; now: Date; resendBefore: Date },
) {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({
      email: params.email,
      tokenHash: params.tokenHash,
      createdAt: params.now,
      lastSentAt: params.now,
    })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { tokenHash: params.tokenHash, lastSentAt: params.now },
      setWhere: and(
        isNull(newsletterSubscriptions.confirmedAt),
        sql`${newsletterSubscriptions.lastSentAt} < ${params.resendBefore}`,
      ),
    })
    .returning({ id: newsletterSubscriptions.id });
  return row;
}

/** Confirms the unconfirmed subscription with this token; whether one was. */
export async function confirmByTokenHash(db: DbExecutor, params: { tokenHash: string; at: Date }) {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: params.at })
    .where(
      and(
        eq(newsletterSubscriptions.tokenHash, params.tokenHash),
        isNull(newsletterSubscriptions.confirmedAt),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return rows.length === 1;
}
