import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../contracts/vendors';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { chats } from '../../db/schema/messaging';
import { profiles } from '../../db/schema/users';
import { bookings, eventVendors, vendorRequests } from '../../db/schema/vendors';
import { personFields } from './vendors.queries';

const organizer = alias(profiles, 'booking_organizer');

const bookingFields = {
  booking: bookings,
  event: { id: events.id, title: events.title, date: events.date, time: events.time },
  organizerName: sql<string>`coalesce(nullif(trim(${organizer.businessName}), ''), ${organizer.fullName})`,
  organizerAvatarUrl: organizer.avatarUrl,
  vendor: personFields,
  chatId: chats.id,
};

function selectBookings(db: DbExecutor) {
  return db
    .select(bookingFields)
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organizer, eq(organizer.id, bookings.organizerId))
    .innerJoin(profiles, eq(profiles.id, bookings.vendorId))
    .leftJoin(chats, eq(chats.bookingId, bookings.id));
}

/** One booking, only for its organizer or its vendor (or anyone when `viewerId` is undefined). */
export async function getBooking(db: DbExecutor, params: { bookingId: string; viewerId?: string }) {
  const [row] = await selectBookings(db).where(
    and(
      eq(bookings.id, params.bookingId),
      params.viewerId
        ? or(eq(bookings.organizerId, params.viewerId), eq(bookings.vendorId, params.viewerId))
        : undefined,
    ),
  );
  return row ?? null;
}

export async function findBookings(
  db: DbExecutor,
  params: { userId: string; as?: 'organizer' | 'vendor'; status?: BookingStatus },
) {
  const mine =
    params.as === 'organizer'
      ? eq(bookings.organizerId, params.userId)
      : params.as === 'vendor'
        ? eq(bookings.vendorId, params.userId)
        : or(eq(bookings.organizerId, params.userId), eq(bookings.vendorId, params.userId));
  return selectBookings(db)
    .where(and(mine, params.status ? eq(bookings.status, params.status) : undefined))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200);
}

export async function insertBooking(
  db: DbExecutor,
  values: Pick<
    typeof bookings.$inferInsert,
    'eventId' | 'organizerId' | 'vendorId' | 'message' | 'createdAt' | 'updatedAt'
  >,
) {
  // One open request per vendor and event (partial unique index): a duplicate gives no row.
  const [row] = await db.insert(bookings).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Moves a booking from one of `from` to `to`, only for the party allowed to; null otherwise. */
export async function transitionBooking(
  db: DbExecutor,
  params: {
    bookingId: string;
    from: BookingStatus[];
    to: BookingStatus;
    party: { organizerId: string } | { vendorId: string };
    now: Date;
  },
) {
  const [row] = await db
    .update(bookings)
    .set({ status: params.to, updatedAt: params.now, respondedAt: params.now })
    .where(
      and(
        eq(bookings.id, params.bookingId),
        inArray(bookings.status, params.from),
        'organizerId' in params.party
          ? eq(bookings.organizerId, params.party.organizerId)
          : eq(bookings.vendorId, params.party.vendorId),
      ),
    )
    .returning();
  return row ?? null;
}

// ---------- tracker ----------

export async function findOwnEvents(db: DbExecutor, params: { ownerId: string }) {
  return db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      time: events.time,
      startsAt: events.startsAt,
      organizerId: events.userId,
      currency: events.currency,
      vendorFeeAmount: events.vendorFeeAmount,
      metadata: events.metadata,
    })
    .from(events)
    .where(and(eq(events.userId, params.ownerId), sql`${events.eventStatus} <> 'cancelled'`))
    .orderBy(desc(events.startsAt))
    .limit(100);
}

/** Per event and vendor: the latest booking, the latest application and the approval. */
export async function findTrackerRows(db: DbExecutor, params: { eventIds: string[] }) {
  if (!params.eventIds.length) return [];
  const ids = sql.param(params.eventIds);
  const result = await db.execute<{
    event_id: string;
    vendor_id: string;
    booking_id: string | null;
    booking_status: BookingStatus | null;
    request_id: string | null;
    request_status: 'pending' | 'approved' | 'rejected' | null;
    payment_status: 'pending' | 'not_required' | 'paid' | null;
  }>(sql`
    with pairs as (
      select event_id, vendor_id from ${bookings} where event_id = any(${ids}::uuid[])
      union select event_id, vendor_id from ${vendorRequests} where event_id = any(${ids}::uuid[])
      union select event_id, vendor_id from ${eventVendors} where event_id = any(${ids}::uuid[])
    )
    select p.event_id, p.vendor_id,
      b.id as booking_id, b.status as booking_status,
      r.id as request_id, r.status as request_status,
      ev.payment_status
    from pairs p
    left join lateral (
      select id, status from ${bookings} x
      where x.event_id = p.event_id and x.vendor_id = p.vendor_id
      order by x.created_at desc limit 1) b on true
    left join lateral (
      select id, status from ${vendorRequests} x
      where x.event_id = p.event_id and x.vendor_id = p.vendor_id
      order by x.created_at desc limit 1) r on true
    left join ${eventVendors} ev on ev.event_id = p.event_id and ev.vendor_id = p.vendor_id`);
  return result.rows;
}

export async function findPeople(db: DbExecutor, ids: string[]) {
  if (!ids.length) return [];
  return db.select(personFields).from(profiles).where(inArray(profiles.id, ids));
}
