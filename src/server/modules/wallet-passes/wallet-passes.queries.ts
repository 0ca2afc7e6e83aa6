import { eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { walletPassConfigs } from '../../db/schema/wallet-passes';

/** The account's wallet configuration; `ownerId` null: the platform's own (decision 099). */
export async function findOwnConfig(db: DbExecutor, params: { ownerId: string | null }) {
  const [row] = await db
    .select()
    .from(walletPassConfigs)
    .where(
      params.ownerId === null
        ? isNull(walletPassConfigs.ownerId)
        : eq(walletPassConfigs.ownerId, params.ownerId),
    );
  return row;
}

/** How many organizers have their own account of each kind (theirs signs before the platform's). */
export async function countOwnConfigs(db: DbExecutor) {
  const [row] = await db
    .select({
      apple: sql<number>`count(${walletPassConfigs.applePassTypeId})::int`,
      google: sql<number>`count(${walletPassConfigs.googleIssuerId})::int`,
    })
    .from(walletPassConfigs)
    .where(isNotNull(walletPassConfigs.ownerId));
  return row ?? { apple: 0, google: 0 };
}

/** Turns one kind of the account off: its keys are deleted, not kept unused. */
export async function clearConfig(
  db: DbExecutor,
  params: { ownerId: string | null; kind: 'apple' | 'google'; at: Date },
) {
  const cleared =
    params.kind === 'apple'
      ? {
          applePassTypeId: null,
          appleTeamId: null,
          appleCertificatePem: null,
          appleWwdrPem: null,
          appleKeySealed: null,
        }
      : { googleIssuerId: null, googleServiceAccountEmail: null, googleKeySealed: null };
  const [row] = await db
    .update(walletPassConfigs)
    .set({ ...cleared, updatedAt: params.at })
    .where(
      params.ownerId === null
        ? isNull(walletPassConfigs.ownerId)
        : eq(walletPassConfigs.ownerId, params.ownerId),
    )
    .returning();
  return row;
}

export async function saveGoogleConfig(
  db: DbExecutor,
  params: {
    ownerId: string | null;
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
    ownerId: string | null;
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

/**
 * The passes of this Pass Type ID that the account signs (its organizer's events; for the
 * platform's account, events of organizers without their own Apple account) are stamped as
 * changed and their devices marked to be woken: after a new certificate, Wallet fetches them
 * signed with it. Returns how many registrations were marked.
 */
export async function markPassesOfAccount(
  db: DbExecutor,
  params: { ownerId: string | null; passTypeId: string },
) {
  const signedBy =
    params.ownerId === null
      ? sql`not exists (
          select 1 from wallet_pass_configs own
          where own.owner_id = e.user_id and own.apple_pass_type_id is not null)`
      : sql`e.user_id = ${params.ownerId}`;
  const result = await db.execute<{ ticket_id: string }>(sql`
    with affected as (
      select r.device_library_id, r.pass_type_id, r.ticket_id
      from apple_pass_registrations r
      join tickets t on t.id = r.ticket_id
      join events e on e.id = t.event_id
      where r.pass_type_id = ${params.passTypeId} and ${signedBy}
    ), stamped as (
      insert into wallet_pass_ticket_changes (ticket_id, changed_at)
      select distinct ticket_id, now() from affected
      on conflict (ticket_id) do update set changed_at = excluded.changed_at
    )
    update apple_pass_registrations r
    set needs_push = true, push_after = null, push_failures = 0
    from affected a
    where r.device_library_id = a.device_library_id and r.pass_type_id = a.pass_type_id
      and r.ticket_id = a.ticket_id
    returning r.ticket_id`);
  return result.rows.length;
}
