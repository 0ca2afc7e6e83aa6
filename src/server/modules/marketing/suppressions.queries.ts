import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { emailLists, emailSubscribers, emailSuppressions } from '../../db/schema/marketing';

/** Which of these addresses the owner may no longer mail (they left, bounced or complained). */
export async function findSuppressed(
  db: DbExecutor,
  params: { ownerId: string; emails: string[] },
) {
  if (params.emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.ownerId, params.ownerId),
        inArray(emailSuppressions.email, params.emails),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/**
 * Suppresses an address for an owner and marks it unsubscribed on every one of their lists, at
 * once (RFC 8058: no further mail after the click). Returns the names of the lists it left.
 */
export async function suppressAddress(
  db: DbExecutor,
  params: {
    ownerId: string;
    email: string;
    reason: 'unsubscribed' | 'bounced' | 'complaint';
    now: Date;
  },
) {
  await db
    .insert(emailSuppressions)
    .values({
      ownerId: params.ownerId,
      email: params.email,
      reason: params.reason,
      createdAt: params.now,
    })
    .onConflictDoNothing();
  const rows = await db.execute<{ name: string }>(sql`
    update ${emailSubscribers} s
       set status = ${{ unsubscribed: 'unsubscribed', bounced: 'bounced', complaint: 'complained' }[params.reason]}, updated_at = ${params.now}
      from ${emailLists} l
     where l.id = s.list_id and l.owner_id = ${params.ownerId} and s.email = ${params.email}
       and s.status in ('subscribed', 'unconfirmed')
    returning l.name`);
  return rows.rows.map((r) => r.name);
}

/** Lifts an unsubscribe (or, with `anyReason`, a bounce or complaint too: the person asked). */
export async function liftSuppression(
  db: DbExecutor,
  params: { ownerId: string; email: string; anyReason?: boolean },
) {
  await db
    .delete(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.ownerId, params.ownerId),
        eq(emailSuppressions.email, params.email),
        params.anyReason ? undefined : eq(emailSuppressions.reason, 'unsubscribed'),
      ),
    );
}
