import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUSES,
  VENDOR_PAYMENT_STATUSES,
  VENDOR_REQUEST_STATUSES,
  type GalleryImage,
  type VendorLinks,
  type VendorService,
} from '../../../contracts/vendors';
import { events } from './events';
import { orders } from './tickets';
import { users } from './users';

export const vendorRequestStatus = pgEnum('vendor_request_status', VENDOR_REQUEST_STATUSES);
export const vendorPaymentStatus = pgEnum('vendor_payment_status', VENDOR_PAYMENT_STATUSES);
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

// A vendor's public page beyond spec §3 profiles: business name and category (the service type)
// stay in profiles, where every list that shows a person already reads them.
export const vendorProfiles = pgTable('vendor_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  description: text('description').notNull().default(''),
  services: jsonb('services').$type<VendorService[]>().notNull().default([]),
  gallery: jsonb('gallery').$type<GalleryImage[]>().notNull().default([]),
  links: jsonb('links').$type<VendorLinks>().notNull().default({}),
  serviceArea: text('service_area').notNull().default(''),
  availability: text('availability').notNull().default(''),
  /** Set when the vendor first saves the profile form. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// spec §3 vendor_requests, plus what the application carried and the realtime cursor (the
// trigger vendor_requests_realtime_touch renews seq and updated_at on every update).
export const vendorRequests = pgTable(
  'vendor_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: vendorRequestStatus('status').notNull().default('pending'),
    message: text('message').notNull().default(''),
    read: boolean('read').notNull().default(false),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the first update: tells the socket's INSERT from UPDATE. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('realtime_seq')`),
  },
  (t) => [
    // A vendor cannot have two pending applications for one event (the 409 comes from here).
    uniqueIndex('vendor_requests_one_pending_idx')
      .on(t.eventId, t.vendorId)
      .where(sql`${t.status} = 'pending'`),
    index('vendor_requests_event_created_idx').on(t.eventId, t.createdAt.desc()),
    index('vendor_requests_organizer_created_idx').on(t.organizerId, t.createdAt.desc()),
    index('vendor_requests_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('vendor_requests_seq_idx').on(t.seq),
    index('vendor_requests_organizer_seq_idx').on(t.organizerId, t.seq),
    index('vendor_requests_vendor_seq_idx').on(t.vendorId, t.seq),
  ],
);

// spec §3 event_vendors (upserted on event_id + vendor_id), plus when the fee was paid.
export const eventVendors = pgTable(
  'event_vendors',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => vendorRequests.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('approved'),
    /** The fee in dollars at approval (spec §3), null when none was due. */
    vendorFeeAmount: numeric('vendor_fee_amount', { precision: 10, scale: 2, mode: 'number' }),
    paymentStatus: vendorPaymentStatus('payment_status').notNull(),
    paidOrderId: uuid('paid_order_id').references(() => orders.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.vendorId] }),
    index('event_vendors_vendor_idx').on(t.vendorId),
  ],
);

// An organizer rates a vendor after an event they worked: one rating per event and vendor.
export const vendorRatings = pgTable(
  'vendor_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_ratings_event_vendor_idx').on(t.eventId, t.vendorId),
    index('vendor_ratings_vendor_idx').on(t.vendorId, t.createdAt.desc()),
    check('vendor_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

// Hiring: an organizer asks a vendor to work one of their events; the vendor accepts or
// declines. chats.booking_id points here (the booking's chat).
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: bookingStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One open hire request per vendor and event.
    uniqueIndex('bookings_one_open_idx')
      .on(t.eventId, t.vendorId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('bookings_organizer_idx').on(t.organizerId, t.createdAt.desc()),
    index('bookings_vendor_idx').on(t.vendorId, t.createdAt.desc()),
  ],
);
