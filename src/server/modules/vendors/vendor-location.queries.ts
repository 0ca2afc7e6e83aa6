import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { vendorPositions } from '../../db/schema/rides';
import { profiles } from '../../db/schema/users';

// Vendors' live positions on the event day (vendor_location_sharing). The table sits beside the
// rides' positions in the schema: both are the same expiring kind of row (decision 026).

/**
 * The event, its organizer and whether this person is a vendor approved for it (an
 * event_vendors row), with the vendor's name: all a position update needs, in one read.
 */
export async function vendorSharingFacts(
  db: DbExecutor,
  params: { eventId: string; vendorId: string },
) {
  const [row] = await db
    .select({
      eventId: events.id,
      title: events.title,
      ownerId: events.userId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      // Plain names in the subqueries: a one-table select leaves Drizzle's columns unqualified.
      approved: sql<boolean>`exists (select 1 from event_vendors ev
        where ev.event_id = events.id and ev.vendor_id = ${params.vendorId}
          and ev.status = 'approved')`,
      vendorName: sql<string>`coalesce((select p.full_name from profiles p
        where p.id = ${params.vendorId}), '')`,
    })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

/** Writes the vendor's position; `first` when there was none (a new sharing session). */
export async function upsertVendorPosition(
  db: DbExecutor,
  values: typeof vendorPositions.$inferInsert,
) {
  const [row] = await db
    .insert(vendorPositions)
    .values(values)
    .onConflictDoUpdate({
      target: [vendorPositions.eventId, vendorPositions.vendorId],
      set: {
        lat: values.lat,
        lng: values.lng,
        updatedAt: values.updatedAt,
        expiresAt: values.expiresAt,
      },
    })
    .returning({ first: sql<boolean>`(xmax = 0)` });
  return { first: row?.first ?? false };
}

export async function deleteVendorPosition(
  db: DbExecutor,
  params: { eventId: string; vendorId: string },
) {
  await db
    .delete(vendorPositions)
    .where(
      and(
        eq(vendorPositions.eventId, params.eventId),
        eq(vendorPositions.vendorId, params.vendorId),
      ),
    );
}

/** The event's fresh vendor positions, for its organizer (expired ones deleted on the way). */
export async function vendorPositionsOf(db: DbExecutor, params: { eventId: string; now: Date }) {
  await db
    .delete(vendorPositions)
    .where(
      and(eq(vendorPositions.eventId, params.eventId), lt(vendorPositions.expiresAt, params.now)),
    );
  return db
    .select({ position: vendorPositions, vendorName: profiles.fullName })
    .from(vendorPositions)
    .innerJoin(profiles, eq(profiles.id, vendorPositions.vendorId))
    .where(eq(vendorPositions.eventId, params.eventId))
    .orderBy(asc(profiles.fullName));
}

export async function deleteExpiredVendorPositions(db: DbExecutor, params: { now: Date }) {
  await db.delete(vendorPositions).where(lt(vendorPositions.expiresAt, params.now));
}
