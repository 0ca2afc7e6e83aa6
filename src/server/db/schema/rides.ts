import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { chats } from './messaging';
import { orders } from './tickets';
import { users } from './users';

// Rides to events ("ryder"). Seats are counted on the ride row itself and taken with
// one guarded UPDATE (`seats_left >= n`), like ticket inventory (decision 006), so concurrent
// bookings can never oversell. docs/decisions/026-rides.md.

export const RIDE_STATUSES = ['active', 'cancelled'] as const;
export const RIDE_BOOKING_MODES = ['instant', 'approval'] as const;
/**
 * pending: waiting for the driver; awaiting_payment: seats held until `hold_until` for a paid
 * ride; confirmed: the rider has the seats; declined / cancelled: seats (if any) given back.
 */
export const RIDE_BOOKING_STATUSES = [
  'pending',
  'awaiting_payment',
  'confirmed',
  'declined',
  'cancelled',
] as const;

/**
 * A coordinate snapped to the 0.01° grid: the list sorts and measures by a ride's cell, never by
 * the exact point, so distances from a few chosen points cannot locate a driver's home more
 * closely than the cell (decision 026).
 */
export const cellOf = (degrees: SQLWrapper) => sql`(round(${degrees} * 100) / 100)`;

/**
 * A point on the unit sphere as a `cube` (x, y, z). The straight-line (chord) distance between
 * two of them orders exactly as the great-circle distance does, and `cube`'s GiST operator class
 * walks it nearest first; `cube` and `btree_gist` are trusted extensions a database owner may
 * create, unlike `earthdistance` (decision 083). The index and the queries must use this same
 * expression for PostgreSQL to match them.
 */
export const onUnitSphere = (lat: SQLWrapper, lng: SQLWrapper) =>
  sql`cube(array[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;

export const rides = pgTable(
  'rides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departureArea: text('departure_area').notNull(),
    // The optional map point; the public share page only ever shows it rounded.
    departureLat: doublePrecision('departure_lat'),
    departureLng: doublePrecision('departure_lng'),
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    returnDepartsAt: timestamp('return_departs_at', { withTimezone: true }),
    seats: integer('seats').notNull(),
    seatsLeft: integer('seats_left').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    car: text('car').notNull().default(''),
    luggage: boolean('luggage').notNull().default(true),
    smoking: boolean('smoking').notNull().default(false),
    pets: boolean('pets').notNull().default(false),
    notes: text('notes').notNull().default(''),
    bookingMode: text('booking_mode', { enum: RIDE_BOOKING_MODES }).notNull().default('approval'),
    status: text('status', { enum: RIDE_STATUSES }).notNull().default('active'),
    /** The ride's group chat (driver and confirmed riders), opened by the first confirmation. */
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rides_event_departs_idx').on(t.eventId, t.departsAt),
    // Nearest first (rides.queries.ts ridesOfEvent): the cells come nearest first from
    // ride_cells, and each cell's offers from here already in the page's order (departure, id),
    // so a list of 200 reads about 200 offers even when one cell holds thousands (decision 154).
    index('rides_event_cell_departs_idx')
      .on(t.eventId, cellOf(t.departureLat), cellOf(t.departureLng), t.departsAt, t.id)
      .where(sql`${t.departureLat} is not null`),
    index('rides_driver_idx').on(t.driverId),
    check('rides_seats_left_range', sql`${t.seatsLeft} between 0 and ${t.seats}`),
    check('rides_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('rides_point_complete', sql`(${t.departureLat} is null) = (${t.departureLng} is null)`),
  ],
);

/**
 * Every 0.01° cell an event's offers leave from, nearest first through its GiST index: the rides
 * list walks these cells by distance and reads each one's offers by departure. Kept by triggers
 * on rides (migration 0083): a cell is added with its first offer and never removed, so the table
 * may hold a cell no live offer uses any more (read as an empty cell), never lack one in use.
 */
export const rideCells = pgTable(
  'ride_cells',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    cellLat: doublePrecision('cell_lat').notNull(),
    cellLng: doublePrecision('cell_lng').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.cellLat, t.cellLng] }),
    index('ride_cells_near_idx').using('gist', t.eventId, onUnitSphere(t.cellLat, t.cellLng)),
  ],
);

export const rideBookings = pgTable(
  'ride_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    status: text('status', { enum: RIDE_BOOKING_STATUSES }).notNull().default('pending'),
    message: text('message').notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live booking per rider per ride; a declined or cancelled one may be followed by another.
    uniqueIndex('ride_bookings_one_live')
      .on(t.rideId, t.riderId)
      .where(sql`${t.status} in ('pending', 'awaiting_payment', 'confirmed')`),
    index('ride_bookings_rider_idx').on(t.riderId),
    check('ride_bookings_seats_positive', sql`${t.seats} > 0`),
  ],
);

/** "I need 2 seats from X": drivers going to the event are told of nearby requests. */
export const rideRequests = pgTable(
  'ride_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    seats: integer('seats').notNull(),
    note: text('note').notNull().default(''),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ride_requests_event_idx').on(t.eventId, t.createdAt),
    check('ride_requests_seats_positive', sql`${t.seats} > 0`),
  ],
);

/**
 * The driver's live position during the trip: one row per ride, overwritten by each update and
 * deleted once it expires, so no track is ever kept.
 */
export const ridePositions = pgTable('ride_positions', {
  rideId: uuid('ride_id')
    .primaryKey()
    .references(() => rides.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A vendor's live position on the event day, for the event's organizer (vendor_location_sharing):
 * like ride_positions, one row per vendor and event, overwritten and deleted once it expires.
 */
export const vendorPositions = pgTable(
  'vendor_positions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.vendorId] })],
);

/** After the event: driver and riders rate each other, once per person per ride. */
export const rideRatings = pgTable(
  'ride_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ride_ratings_once').on(t.rideId, t.raterId, t.rateeId),
    index('ride_ratings_ratee_idx').on(t.rateeId),
    check('ride_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);
