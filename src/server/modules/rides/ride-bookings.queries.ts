import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { rideBookings, rides } from '../../db/schema/rides';
import { profiles } from '../../db/schema/users';

// Seats on a ride: the guarded seat count, bookings and their payment holds.

export type BookingRow = typeof rideBookings.$inferSelect;

/** The one guarded decrement: never more seats taken than the ride has left. */
export async function takeSeats(
  db: DbExecutor,
  params: { rideId: string; seats: number; now: Date },
) {
  const [row] = await db
    .update(rides)
    .set({ seatsLeft: sql`${rides.seatsLeft} - ${params.seats}`, updatedAt: params.now })
    .where(
      and(
        eq(rides.id, params.rideId),
        eq(rides.status, 'active'),
        gt(rides.departsAt, params.now),
        sql`${rides.seatsLeft} >= ${params.seats}`,
      ),
    )
    .returning({ id: rides.id, seatsLeft: rides.seatsLeft });
  return row;
}

export async function giveBackSeats(
  db: DbExecutor,
  params: { rideId: string; seats: number; now: Date },
) {
  await db
    .update(rides)
    .set({
      seatsLeft: sql`least(${rides.seats}, ${rides.seatsLeft} + ${params.seats})`,
      updatedAt: params.now,
    })
    .where(eq(rides.id, params.rideId));
}

/** Paid seats not paid in time go back on sale (one statement: the seats come back once). */
export async function releaseExpiredHolds(db: DbExecutor, params: { rideId?: string; now: Date }) {
  await db.execute(sql`
    with expired as (
      update ${rideBookings} set status = 'cancelled', updated_at = ${params.now}
      where status = 'awaiting_payment' and hold_until < ${params.now}
        ${params.rideId ? sql`and ride_id = ${params.rideId}` : sql``}
      returning ride_id, seats
    ), per_ride as (
      select ride_id, sum(seats)::int as seats from expired group by ride_id
    )
    update ${rides} r set seats_left = least(r.seats, r.seats_left + per_ride.seats)
    from per_ride where r.id = per_ride.ride_id`);
}

export async function insertBooking(db: DbExecutor, values: typeof rideBookings.$inferInsert) {
  const [row] = await db.insert(rideBookings).values(values).returning();
  return row;
}

const LIVE = ['pending', 'awaiting_payment', 'confirmed'] as const;

export async function liveBookingOf(db: DbExecutor, params: { rideId: string; riderId: string }) {
  const [row] = await db
    .select()
    .from(rideBookings)
    .where(
      and(
        eq(rideBookings.rideId, params.rideId),
        eq(rideBookings.riderId, params.riderId),
        inArray(rideBookings.status, [...LIVE]),
      ),
    );
  return row;
}

/** Which of these rides the rider holds a confirmed seat on (they may see its exact point). */
export async function confirmedRideIdsOf(
  db: DbExecutor,
  params: { riderId: string; rideIds: string[] },
): Promise<Set<string>> {
  if (!params.rideIds.length) return new Set();
  const rows = await db
    .select({ rideId: rideBookings.rideId })
    .from(rideBookings)
    .where(
      and(
        eq(rideBookings.riderId, params.riderId),
        eq(rideBookings.status, 'confirmed'),
        inArray(rideBookings.rideId, params.rideIds),
      ),
    );
  return new Set(rows.map((row) => row.rideId));
}

export async function latestBookingOf(db: DbExecutor, params: { rideId: string; riderId: string }) {
  const [row] = await db
    .select()
    .from(rideBookings)
    .where(and(eq(rideBookings.rideId, params.rideId), eq(rideBookings.riderId, params.riderId)))
    .orderBy(desc(rideBookings.createdAt))
    .limit(1);
  return row;
}

const bookingColumns = {
  booking: rideBookings,
  riderName: profiles.fullName,
  riderAvatarUrl: profiles.avatarUrl,
};
export type BookingView = {
  booking: BookingRow;
  riderName: string;
  riderAvatarUrl: string | null;
};

export async function bookingsOfRide(
  db: DbExecutor,
  params: { rideId: string; confirmedOnly: boolean },
): Promise<BookingView[]> {
  return db
    .select(bookingColumns)
    .from(rideBookings)
    .innerJoin(profiles, eq(profiles.id, rideBookings.riderId))
    .where(
      and(
        eq(rideBookings.rideId, params.rideId),
        params.confirmedOnly
          ? eq(rideBookings.status, 'confirmed')
          : inArray(rideBookings.status, [...LIVE]),
      ),
    )
    .orderBy(asc(rideBookings.createdAt));
}

export async function bookingView(db: DbExecutor, params: { bookingId: string }) {
  const [row] = await db
    .select(bookingColumns)
    .from(rideBookings)
    .innerJoin(profiles, eq(profiles.id, rideBookings.riderId))
    .where(eq(rideBookings.id, params.bookingId));
  return row as BookingView | undefined;
}

/** A booking with its ride, locked, for the ride's driver or the booking's rider. */
export async function lockBooking(
  db: DbExecutor,
  params: { bookingId: string; as: 'driver' | 'rider'; userId: string | null },
) {
  const [row] = await db
    .select({ booking: rideBookings, ride: rides })
    .from(rideBookings)
    .innerJoin(rides, eq(rides.id, rideBookings.rideId))
    .where(
      and(
        eq(rideBookings.id, params.bookingId),
        params.userId === null
          ? undefined
          : params.as === 'driver'
            ? eq(rides.driverId, params.userId)
            : eq(rideBookings.riderId, params.userId),
      ),
    )
    .for('update', { of: rideBookings });
  return row;
}

export async function setBooking(
  db: DbExecutor,
  params: { bookingId: string; from: readonly BookingRow['status'][]; set: Partial<BookingRow> },
) {
  const [row] = await db
    .update(rideBookings)
    .set(params.set)
    .where(
      and(eq(rideBookings.id, params.bookingId), inArray(rideBookings.status, [...params.from])),
    )
    .returning();
  return row;
}

export async function bookingsOfRider(db: DbExecutor, params: { riderId: string }) {
  return db
    .select({ booking: rideBookings, rideId: rides.id })
    .from(rideBookings)
    .innerJoin(rides, eq(rides.id, rideBookings.rideId))
    .where(eq(rideBookings.riderId, params.riderId))
    .orderBy(desc(rides.departsAt))
    .limit(100);
}

/** Every live booking of a ride, locked, when the driver cancels it. */
export async function cancelLiveBookings(db: DbExecutor, params: { rideId: string; now: Date }) {
  return db
    .update(rideBookings)
    .set({ status: 'cancelled', updatedAt: params.now })
    .where(and(eq(rideBookings.rideId, params.rideId), inArray(rideBookings.status, [...LIVE])))
    .returning();
}
