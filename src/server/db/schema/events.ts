import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ATTENDEE_VISIBILITY, EVENT_STATUSES, EVENT_VISIBILITIES } from '../../../contracts/events';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
// Byte order: a btree over it serves prefix searches (`^@`, LIKE 'p%') whatever the database's locale.
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const eventVisibility = pgEnum('event_visibility', EVENT_VISIBILITIES);

// spec §3 categories: the list is reference data inserted by a migration.
export const categories = pgTable('categories', {
  name: text('name').primaryKey(),
  slug: text('slug').notNull().unique(),
});

// A weekly or monthly series that generated dated occurrences (rows in events).
export const eventSeries = pgTable('event_series', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
  occurrences: integer('occurrences').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// spec §3 events, plus what a real event needs (venue, start/end with time zone, capacity,
// online link, cover image, visibility with a secret link for private events).
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category')
      .notNull()
      .references(() => categories.name),
    venueName: text('venue_name'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    // spec §3 `location`: one display line kept in step with the parts above.
    location: text('location').notNull().default(''),
    isOnline: boolean('is_online').notNull().default(false),
    onlineUrl: text('online_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    timezone: text('timezone').notNull().default('UTC'),
    // spec §3 `date` and `time`: the start's local date and time in the event's time zone.
    date: date('date').notNull(),
    time: text('time').notNull(),
    capacity: integer('capacity'),
    isFree: boolean('is_free').notNull().default(true),
    eventStatus: eventStatus('event_status').notNull().default('draft'),
    visibility: eventVisibility('visibility').notNull().default('public'),
    accessToken: text('access_token').unique(),
    attendeeVisibility: text('attendee_visibility', { enum: ATTENDEE_VISIBILITY })
      .notNull()
      .default('count'),
    totalTicketsSold: integer('total_tickets_sold').notNull().default(0),
    freeTicketsSold: integer('free_tickets_sold').notNull().default(0),
    paidTicketsSold: integer('paid_tickets_sold').notNull().default(0),
    signupCount: integer('signup_count').notNull().default(0),
    earnings: numeric('earnings', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    isReferralBased: boolean('is_referral_based').notNull().default(false),
    referralCode: text('referral_code'),
    paymentStatus: text('payment_status'),
    vendorFeeAmount: numeric('vendor_fee_amount', { precision: 10, scale: 2, mode: 'number' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    coverImage: text('cover_image'),
    /** Whether ticket prices are entered with tax included (decision 058). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /** ISO 4217; the event's ticket types and orders are in it (decision 060). */
    currency: text('currency').notNull().default('USD'),
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // Weighted full-text document: title first, then where, then the description.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${events.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${events.location}, '') || ' ' || coalesce(${events.category}, '')), 'B') || setweight(to_tsvector('english', left(coalesce(${events.description}, ''), 4000)), 'C')`,
    ),
  },
  (t) => [
    check('events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('events_counters_nonnegative', sql`${t.totalTicketsSold} >= 0 and ${t.signupCount} >= 0`),
    // The public list: published, public, dated today or later, newest first. NULLS FIRST is
    // what a plain ORDER BY … DESC means; with Drizzle's default NULLS LAST the index could not
    // give that order and every list (and search tier) sorted all its matches.
    // Migration 0013 adds INCLUDE columns (the search document and the filtered columns) so a
    // search walk reads the index alone; drizzle-kit cannot declare them.
    index('events_public_list_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.eventStatus} = 'published' and ${t.visibility} = 'public'`),
    index('events_public_date_idx')
      .on(t.date)
      .where(sql`${t.eventStatus} = 'published' and ${t.visibility} = 'public'`),
    index('events_category_idx').on(t.category, t.createdAt.desc().nullsFirst()),
    index('events_user_idx').on(t.userId, t.startsAt.desc().nullsFirst()),
    // The expiry sweep finds live events whose end (or start) has passed.
    index('events_expiry_idx')
      .on(t.startsAt)
      .where(sql`${t.eventStatus} in ('published', 'draft')`),
    index('events_search_idx').using('gin', t.searchVector),
    index('events_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

// Attendees follow organizers (notified of new events by a later issue).
export const organizerFollows = pgTable(
  'organizer_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.organizerId] }),
    index('organizer_follows_organizer_idx').on(t.organizerId),
  ],
);

// Newsletter sign-ups from the home page, confirmed by a mailed link (double opt-in).
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased, so one address is one subscription whatever its letter case.
    email: text('email').notNull().unique(),
    tokenHash: text('token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_token_idx').on(t.tokenHash)],
);

// Search vocabulary (docs/decisions/005): every lexeme of the search documents of events search
// can find (public, published or cancelled), with how many such events hold it. Kept by triggers
// on events (migration 0012); typo correction and prefix expansion read it instead of the events.
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    lexeme: byteOrderedText('lexeme').primaryKey(),
    events: integer('events').notNull(),
  },
  (t) => [index('search_vocabulary_trgm_idx').using('gin', sql`${t.lexeme} gin_trgm_ops`)],
);
