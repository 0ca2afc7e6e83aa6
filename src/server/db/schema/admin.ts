import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../../../contracts/admin';
import { events } from './events';
import { users, userType } from './users';

/**
 * Every admin and moderator action: append-only. The application only inserts; a
 * trigger in the migration refuses UPDATE and DELETE, so not even a bug in our code can rewrite
 * history. The actor and target are plain ids, not foreign keys: the row must outlive the
 * account it names (an erased user's audit trail stays).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

/** Site settings editable from /admin/settings (one row per key; the value is the key's JSON). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** A suspended account: its sessions were ended and sign-in is refused while the row exists. */
export const accountSuspensions = pgTable('account_suspensions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull().default(''),
  suspendedBy: uuid('suspended_by'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events an admin chose to feature on the home page, newest choice first. */
export const featuredEvents = pgTable(
  'featured_events',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    featuredBy: uuid('featured_by'),
    featuredAt: timestamp('featured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('featured_events_at_idx').on(t.featuredAt.desc())],
);

export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);

/**
 * A user's report of an event, message, profile or event review, for the moderators' queue.
 * The target is a plain id (no foreign key): reports span several tables and the queue must
 * still show a report whose target was deleted since. One open report per reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: reportTarget('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatus('status').notNull().default('open'),
    handledBy: uuid('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** What the moderator did (dismiss, hide, suspend_author) and their note. */
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Event page views per event and UTC day, for the analytics' view→order conversion:
 * a counter, not a row per view. Each process buffers its counts and adds them every few
 * seconds (modules/admin/event-views.ts).
 */
export const eventPageViews = pgTable(
  'event_page_views',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] }), index('event_page_views_day_idx').on(t.day)],
);

/**
 * The analytics rollup (decision 020): sold orders (paid, partially refunded,
 * refunded) per UTC day of `paid_at` and currency, refreshed by the admin's rollup job for whole
 * past days. The overview and analytics read these for the days listed in `admin_rollup_days`
 * and the orders themselves for the rest of the period (today, the period's first partial day,
 * days the job has not reached yet), so the figures are the live ones at a fraction of the rows.
 */
export const adminDailyOrders = pgTable(
  'admin_daily_orders',
  {
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * The same orders' ticket lines per day, event and currency (an order is for one event). No
 * foreign key: a read joins `events`, so a deleted event drops out as it does from the live query.
 */
export const adminDailyEventSales = pgTable(
  'admin_daily_event_sales',
  {
    day: date('day').notNull(),
    eventId: uuid('event_id').notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    tickets: integer('tickets').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.eventId, t.currency] })],
);

/**
 * Sign-ups (`users.created_at`) and tickets issued (`tickets.created_at`, any status) per UTC
 * day, for the overview's counts. Written with the day's orders (same transaction), so a day in
 * `admin_rollup_days` holds these too; a day with neither has no row.
 */
export const adminDailyCounts = pgTable('admin_daily_counts', {
  day: date('day').primaryKey(),
  signUps: integer('sign_ups').notNull(),
  tickets: integer('tickets').notNull(),
});

/** Refunds per UTC day of `refunds.created_at` and the refunded order's currency. */
export const adminDailyRefunds = pgTable(
  'admin_daily_refunds',
  {
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * Sign-ups per UTC day and the person's account type, for the analytics' sign-ups by type. The
 * type is today's: triggers on `profiles` and `users` (migration 0078) move a held day's count
 * when a type changes, a profile appears or an account is deleted, as the live count would.
 */
export const adminDailySignupTypes = pgTable(
  'admin_daily_signup_types',
  {
    day: date('day').notNull(),
    userType: userType('user_type').notNull(),
    signUps: integer('sign_ups').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userType] })],
);

/**
 * Sold vendor-fee orders per UTC day of `paid_at` and vendor (all currencies summed, as the top
 * vendors list does). The vendor's name is read from `profiles` when asked, so it is today's.
 */
export const adminDailyVendorSales = pgTable(
  'admin_daily_vendor_sales',
  {
    day: date('day').notNull(),
    userId: uuid('user_id').notNull(),
    orders: integer('orders').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** The days the rollup holds; every other day is read from the orders. */
export const adminRollupDays = pgTable('admin_rollup_days', {
  day: date('day').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
