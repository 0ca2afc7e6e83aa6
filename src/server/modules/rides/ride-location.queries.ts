import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { ridePositions, rides } from '../../db/schema/rides';

// The driver's live position during the trip (decision 026).

/**
 * What a live position update needs in one statement: the ride and its confirmed riders (who
 * get the position on their sockets). The driver's phone sends one a second, so no joins to
 * profiles or ratings here.
 */
export async function rideWithConfirmedRiders(db: DbExecutor, params: { rideId: string }) {
  const [row] = await db
    .select({
      ride: rides,
      // Plain names: in a one-table select Drizzle leaves columns unqualified, and an
      // unqualified "id" in the subquery would be the booking's.
      riderIds: sql<string[]>`coalesce((select array_agg(rb.rider_id::text)
        from ride_bookings rb where rb.ride_id = rides.id and rb.status = 'confirmed'), '{}')`,
    })
    .from(rides)
    .where(eq(rides.id, params.rideId));
  return row;
}

export async function upsertPosition(db: DbExecutor, values: typeof ridePositions.$inferInsert) {
  await db
    .insert(ridePositions)
    .values(values)
    .onConflictDoUpdate({
      target: ridePositions.rideId,
      set: {
        lat: values.lat,
        lng: values.lng,
        updatedAt: values.updatedAt,
        expiresAt: values.expiresAt,
      },
    });
}

/** Many rides' newest positions in one statement (the periodic write of rides.live.ts). */
export async function upsertPositions(
  db: DbExecutor,
  rows: { rideId: string; lat: number; lng: number; updatedAt: Date; expiresAt: Date }[],
) {
  await db.execute(sql`
    insert into ${ridePositions} (ride_id, lat, lng, updated_at, expires_at)
    select t.* from unnest(
      ${`{${rows.map((r) => r.rideId).join(',')}}`}::uuid[],
      ${`{${rows.map((r) => r.lat).join(',')}}`}::float8[],
      ${`{${rows.map((r) => r.lng).join(',')}}`}::float8[],
      ${`{${rows.map((r) => r.updatedAt.toISOString()).join(',')}}`}::timestamptz[],
      ${`{${rows.map((r) => r.expiresAt.toISOString()).join(',')}}`}::timestamptz[])
      as t(ride_id, lat, lng, updated_at, expires_at)
    -- A ride deleted meanwhile has no row to hold a position for.
    where exists (select 1 from ${rides} r where r.id = t.ride_id)
    on conflict (ride_id) do update set lat = excluded.lat, lng = excluded.lng,
      updated_at = excluded.updated_at, expires_at = excluded.expires_at`);
}

/** A NOTIFY inside the caller's transaction (delivered when it commits). */
export async function notify(db: DbExecutor, params: { channel: string; payload: string }) {
  await db.execute(sql`select pg_notify(${params.channel}, ${params.payload})`);
}

/** The live position if still fresh; an expired one is deleted on the way (never kept). */
export async function currentPosition(db: DbExecutor, params: { rideId: string; now: Date }) {
  await db
    .delete(ridePositions)
    .where(and(eq(ridePositions.rideId, params.rideId), lt(ridePositions.expiresAt, params.now)));
  const [row] = await db
    .select()
    .from(ridePositions)
    .where(eq(ridePositions.rideId, params.rideId));
  return row;
}

export async function deletePosition(db: DbExecutor, params: { rideId: string }) {
  await db.delete(ridePositions).where(eq(ridePositions.rideId, params.rideId));
}

/** Expired positions of every ride (the cleanup job). */
export async function deleteExpiredPositions(db: DbExecutor, params: { now: Date }) {
  await db.delete(ridePositions).where(lt(ridePositions.expiresAt, params.now));
}
