import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import {
  cellOf,
  onUnitSphere,
  rideCells,
  rideRatings,
  rideRequests,
  rides,
} from '../../db/schema/rides';
import { profiles, users } from '../../db/schema/users';

// Rides and ride requests: offering, finding and editing rides (the bookings, live positions
// and ratings of a ride have their own queries files beside this one).

export type RideRow = typeof rides.$inferSelect;

/**
 * Great-circle distance in km (haversine) between a row's point and a given one; NULL when the
 * row has no point. Plain SQL rather than earthdistance: that extension is not "trusted", so it
 * needs a superuser on a managed PostgreSQL (decision 026).
 */
export const distanceKm = (lat: SQL | unknown, lng: SQL | unknown, toLat: number, toLng: number) =>
  sql<number | null>`(6371.0 * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${toLat}) / 2), 2) +
    cos(radians(${toLat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${toLng}) / 2), 2)
  ))))`;

const cellLat = cellOf(rides.departureLat);
const cellLng = cellOf(rides.departureLng);

const driverRating = sql<
  number | null
>`(select round(avg(${rideRatings.rating})::numeric, 1)::float8 from ${rideRatings} where ${rideRatings.rateeId} = ${rides.driverId})`;
const driverRatingCount = sql<number>`(select count(*)::int from ${rideRatings} where ${rideRatings.rateeId} = ${rides.driverId})`;

const rideColumns = {
  ride: rides,
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  eventEndsAt: events.endsAt,
  driverName: profiles.fullName,
  driverAvatarUrl: profiles.avatarUrl,
  driverEmail: users.email,
  driverRating,
  driverRatingCount,
};

export type RideView = {
  ride: RideRow;
  eventTitle: string;
  eventStartsAt: Date;
  eventEndsAt: Date | null;
  driverName: string;
  driverAvatarUrl: string | null;
  driverEmail: string;
  driverRating: number | null;
  driverRatingCount: number;
  distanceKm?: number | null;
};

const rideSelect = (db: DbExecutor, extra: Record<string, SQL> = {}) =>
  db
    .select({ ...rideColumns, ...extra })
    .from(rides)
    .innerJoin(events, eq(events.id, rides.eventId))
    .innerJoin(profiles, eq(profiles.id, rides.driverId))
    .innerJoin(users, eq(users.id, rides.driverId));

export async function insertRide(db: DbExecutor, values: typeof rides.$inferInsert) {
  const [row] = await db.insert(rides).values(values).returning();
  return row;
}

export async function rideView(db: DbExecutor, params: { rideId: string }) {
  const [row] = await rideSelect(db).where(eq(rides.id, params.rideId));
  return row as RideView | undefined;
}

type RideListParams = {
  eventId: string;
  now: Date;
  point: { lat: number; lng: number } | null;
  sort: 'time' | 'distance';
  minSeats?: number;
  price: 'any' | 'free' | 'paid';
  returnTrip?: boolean;
  limit: number;
};

/**
 * An event's live offers, by departure time or by distance from a point. By distance, the offers
 * with a point come first through the cell walk (decisions 083, 154): in order of their cell's
 * distance, ties by departure and id, stopping at `limit`. Offers without a point come last, from
 * the full pass, which only an event with fewer than `limit` offers with a point still needs.
 * The walk reads about `limit` offers at any size, so it is no longer kept for big events only:
 * the count that chose it cost a round trip as long as the walk itself.
 */
export async function ridesOfEvent(db: DbExecutor, params: RideListParams): Promise<RideView[]> {
  const point = params.sort === 'distance' ? params.point : null;
  if (point) {
    const rows = await rideList(db, params, point);
    if (rows.length === params.limit) return rows;
  }
  return rideList(db, params, null);
}

/** The point on the unit sphere, computed here: the index's expression applied to a constant. */
function sphereConstant(point: { lat: number; lng: number }) {
  const lat = (point.lat * Math.PI) / 180;
  const lng = (point.lng * Math.PI) / 180;
  const xyz = [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  return sql`cube(array[${xyz[0]}, ${xyz[1]}, ${xyz[2]}]::float8[])`;
}

/** `nearest`: only the offers with a point, nearest first, their ids chosen by nearestIds. */
async function rideList(
  db: DbExecutor,
  params: RideListParams,
  nearest: { lat: number; lng: number } | null,
): Promise<RideView[]> {
  const distance = params.point
    ? distanceKm(cellLat, cellLng, params.point.lat, params.point.lng)
    : sql<number | null>`null::float8`;
  const where = and(
    eq(rides.eventId, params.eventId),
    eq(rides.status, 'active'),
    gt(rides.departsAt, params.now),
    params.minSeats ? sql`${rides.seatsLeft} >= ${params.minSeats}` : undefined,
    params.price === 'free' ? eq(rides.priceCents, 0) : undefined,
    params.price === 'paid' ? gt(rides.priceCents, 0) : undefined,
    params.returnTrip === true ? sql`${rides.returnDepartsAt} is not null` : undefined,
    params.returnTrip === false ? sql`${rides.returnDepartsAt} is null` : undefined,
    nearest ? sql`${rides.departureLat} is not null` : undefined,
  );
  const order = nearest
    ? [
        sql`${onUnitSphere(cellLat, cellLng)} <-> ${sphereConstant(nearest)}`,
        asc(rides.departsAt),
        asc(rides.id),
      ]
    : params.sort === 'distance' && params.point
      ? [sql`${distance} asc nulls last`, asc(rides.departsAt), asc(rides.id)]
      : [asc(rides.departsAt), asc(rides.id)];
  const chosen = nearest ? sql`${rides.id} in (${nearestIds(params, nearest, where)})` : where;
  const rows = await rideSelect(db, { distanceKm: distance })
    .where(chosen)
    .orderBy(...order)
    .limit(params.limit);
  return rows as RideView[];
}

/**
 * The page's ids nearest first, chosen on rides alone before the joins. A cell can hold thousands
 * of offers at one distance (the same cell, so the same distance), and a walk over the offers
 * themselves had to read all of them to order them by departure (decision 124: 1,753 rows for
 * 200). So the event's cells come nearest first from ride_cells_near_idx, and each cell's offers
 * come from rides_event_cell_departs_idx already by departure and id, at most `limit` of them;
 * cells at exactly the same distance are merged by departure and id, as the old order did, and
 * the walk stops once the page is full.
 */
function nearestIds(params: RideListParams, nearest: { lat: number; lng: number }, where?: SQL) {
  const cellDistance = sql`${onUnitSphere(rideCells.cellLat, rideCells.cellLng)} <-> ${sphereConstant(nearest)}`;
  return sql`select offer.id from ${rideCells}
    cross join lateral (
      select ${rides.id} as id, ${rides.departsAt} as departs_at from ${rides}
      where ${where} and ${cellLat} = ${rideCells.cellLat} and ${cellLng} = ${rideCells.cellLng}
      order by ${rides.departsAt}, ${rides.id} limit ${params.limit}) offer
    where ${rideCells.eventId} = ${params.eventId}
    order by ${cellDistance}, offer.departs_at, offer.id
    limit ${params.limit}`;
}

export async function ridesOfDriver(db: DbExecutor, params: { driverId: string }) {
  const rows = await rideSelect(db)
    .where(eq(rides.driverId, params.driverId))
    .orderBy(desc(rides.departsAt))
    .limit(100);
  return rows as RideView[];
}

/** The driver's ride only (owner scoping in the where). */
export async function updateOwnRide(
  db: DbExecutor,
  params: {
    rideId: string;
    driverId: string | null;
    set: Partial<typeof rides.$inferInsert>;
    seats?: number;
  },
) {
  const seatChange =
    params.seats === undefined
      ? {}
      : {
          seats: params.seats,
          seatsLeft: sql`${rides.seatsLeft} + ${params.seats} - ${rides.seats}`,
        };
  const [row] = await db
    .update(rides)
    .set({ ...params.set, ...seatChange })
    .where(
      and(
        eq(rides.id, params.rideId),
        params.driverId ? eq(rides.driverId, params.driverId) : undefined,
        eq(rides.status, 'active'),
        params.seats === undefined
          ? undefined
          : sql`${rides.seatsLeft} + ${params.seats} - ${rides.seats} >= 0`,
      ),
    )
    .returning();
  return row;
}

export async function cancelOwnRide(
  db: DbExecutor,
  params: { rideId: string; driverId: string | null; now: Date },
) {
  const [row] = await db
    .update(rides)
    .set({ status: 'cancelled', updatedAt: params.now })
    .where(
      and(
        eq(rides.id, params.rideId),
        params.driverId ? eq(rides.driverId, params.driverId) : undefined,
        eq(rides.status, 'active'),
      ),
    )
    .returning();
  return row;
}

export async function insertRequest(db: DbExecutor, values: typeof rideRequests.$inferInsert) {
  const [row] = await db.insert(rideRequests).values(values).returning();
  return row;
}

export async function openRequestsOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select({ request: rideRequests, riderName: profiles.fullName })
    .from(rideRequests)
    .innerJoin(profiles, eq(profiles.id, rideRequests.riderId))
    .where(and(eq(rideRequests.eventId, params.eventId), eq(rideRequests.open, true)))
    .orderBy(desc(rideRequests.createdAt))
    .limit(50);
}

/** Open requests of the event whose point is within the radius of a new offer's point. */
export async function requestsNear(
  db: DbExecutor,
  params: { eventId: string; point: { lat: number; lng: number }; radiusKm: number },
) {
  const distance = distanceKm(
    rideRequests.lat,
    rideRequests.lng,
    params.point.lat,
    params.point.lng,
  );
  return db
    .select({ request: rideRequests, distanceKm: distance })
    .from(rideRequests)
    .where(
      and(
        eq(rideRequests.eventId, params.eventId),
        eq(rideRequests.open, true),
        sql`${distance} <= ${params.radiusKm}`,
      ),
    )
    .limit(100);
}

/** Active offers of the event near a request's point with enough seats. */
export async function offersNear(
  db: DbExecutor,
  params: {
    eventId: string;
    point: { lat: number; lng: number };
    radiusKm: number;
    seats: number;
    now: Date;
  },
) {
  const distance = distanceKm(
    rides.departureLat,
    rides.departureLng,
    params.point.lat,
    params.point.lng,
  );
  return db
    .select({ ride: rides, distanceKm: distance })
    .from(rides)
    .where(
      and(
        eq(rides.eventId, params.eventId),
        eq(rides.status, 'active'),
        gt(rides.departsAt, params.now),
        sql`${rides.seatsLeft} >= ${params.seats}`,
        sql`${distance} <= ${params.radiusKm}`,
      ),
    )
    .orderBy(sql`${distance} asc`)
    .limit(20);
}

/** The demo seed: the next public published events, and whether a driver already has rides. */
export async function upcomingPublicEvents(db: DbExecutor, params: { now: Date; limit: number }) {
  return db
    .select({ id: events.id, startsAt: events.startsAt, city: events.city })
    .from(events)
    .where(
      and(
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(params.limit);
}

export async function hasRides(db: DbExecutor, params: { driverId: string }) {
  const [row] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(eq(rides.driverId, params.driverId))
    .limit(1);
  return Boolean(row);
}

export async function userIdByEmail(db: DbExecutor, params: { email: string }) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, params.email));
  return row?.id;
}

/**
 * The ride's chat id and what its title needs, with the ride row locked: the first confirmed
 * rider's transaction creates the chat, a concurrent one waits and finds it made.
 */
export async function lockRideChat(db: DbExecutor, params: { rideId: string }) {
  const [row] = await db
    .select({
      chatId: rides.chatId,
      driverId: rides.driverId,
      departureArea: rides.departureArea,
      eventTitle: events.title,
    })
    .from(rides)
    .innerJoin(events, eq(events.id, rides.eventId))
    .where(eq(rides.id, params.rideId))
    .for('update', { of: rides });
  return row;
}

export async function setRideChat(db: DbExecutor, params: { rideId: string; chatId: string }) {
  await db.update(rides).set({ chatId: params.chatId }).where(eq(rides.id, params.rideId));
}
