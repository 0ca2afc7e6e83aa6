import { eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { walletPassConfigs } from '../../db/schema/wallet-passes';

export async function findOwnConfig(db: DbExecutor, params: { ownerId: string }) {
  const [row] = await db
    .select()
    .from(walletPassConfigs)
    .where(eq(walletPassConfigs.ownerId, params.ownerId));
  return row;
}

export async function saveGoogleConfig(
  db: DbExecutor,
  params: {
    ownerId: string;
    issuerId: string;
    serviceAccountEmail: string;
    keySealed: string;
    at: Date;
  },
) {
  const values = {
    googleIssuerId: params.issuerId,
    googleServiceAccountEmail: params.serviceAccountEmail,
    googleKeySealed: params.keySealed,
    updatedAt: params.at,
  };
  const [row] = await db
    .insert(walletPassConfigs)
    .values({ ownerId: params.ownerId, ...values })
    .onConflictDoUpdate({ target: walletPassConfigs.ownerId, set: values })
    .returning();
  return row;
}

/**
 * The configuration a pass of this event is signed with: its organizer's, else the platform's
 * (the row without an owner).
 */
export async function findConfigForEvent(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ config: walletPassConfigs })
    .from(events)
    .innerJoin(
      walletPassConfigs,
      or(eq(walletPassConfigs.ownerId, events.userId), isNull(walletPassConfigs.ownerId)),
    )
    .where(eq(events.id, params.eventId))
    .orderBy(sql`${walletPassConfigs.ownerId} is null`)
    .limit(1);
  return row?.config;
}
