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

export async function saveAppleConfig(
  db: DbExecutor,
  params: {
    ownerId: string;
    passTypeId: string;
    teamId: string;
    certificatePem: string;
    wwdrPem: string;
    keySealed: string;
    at: Date;
  },
) {
  const values = {
    applePassTypeId: params.passTypeId,
    appleTeamId: params.teamId,
    appleCertificatePem: params.certificatePem,
    appleWwdrPem: params.wwdrPem,
    appleKeySealed: params.keySealed,
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
 * The configurations a pass of this event may be signed with: its organizer's first, then the
 * platform's (the row without an owner). Each kind of pass takes the first that sets it up.
 */
export async function findConfigsForEvent(db: DbExecutor, params: { eventId: string }) {
  const rows = await db
    .select({ config: walletPassConfigs })
    .from(events)
    .innerJoin(
      walletPassConfigs,
      or(eq(walletPassConfigs.ownerId, events.userId), isNull(walletPassConfigs.ownerId)),
    )
    .where(eq(events.id, params.eventId))
    .orderBy(sql`${walletPassConfigs.ownerId} is null`);
  return rows.map((row) => row.config);
}

/** A configuration with this Apple Pass Type ID (its certificate also signs the pushes). */
export async function findConfigByPassType(db: DbExecutor, params: { passTypeId: string }) {
  const [row] = await db
    .select()
    .from(walletPassConfigs)
    .where(eq(walletPassConfigs.applePassTypeId, params.passTypeId))
    .orderBy(sql`${walletPassConfigs.ownerId} is null`)
    .limit(1);
  return row;
}
