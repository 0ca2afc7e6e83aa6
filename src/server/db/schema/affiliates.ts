import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { orders } from './tickets';
import { users } from './users';

// The affiliate and referral program (decision 023). Money is integer cents; every
// balance is a sum over `affiliate_ledger`, never a stored running total.

/** One row per person who joined the program; `code` is their PROMO-… link id. */
export const affiliates = pgTable('affiliates', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  payoutMethod: text('payout_method'),
  payoutDetails: text('payout_details'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * spec §3 `referrals`: one row per referrer and event (event_id null: a link to the whole
 * site). `clicks` is the count of the link's folded `referral_clicks` (a click is added by the
 * same statement that marks it no longer pending, so it cannot drift from the rows); readers add
 * the pending ones. Conversions and earnings move with the ledger entries that cause them.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    referralCode: text('referral_code').notNull(),
    clicks: integer('clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    earningsCents: integer('earnings_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referrer_event_key')
      .on(t.referrerId, t.eventId)
      .where(sql`${t.eventId} is not null`),
    uniqueIndex('referrals_referrer_site_key')
      .on(t.referrerId)
      .where(sql`${t.eventId} is null`),
    check('referrals_counts_nonnegative', sql`${t.clicks} >= 0 and ${t.conversions} >= 0`),
  ],
);

/**
 * Counted clicks. One browser session (or, without one, one address and user agent) counts once
 * per referral within a short window: `bucket` is that window's number, and the unique key makes
 * a repeated click a no-op however many arrive at once. Test-mode clicks are kept apart.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    bucket: integer('bucket').notNull(),
    test: boolean('test').notNull().default(false),
    /**
     * Kept but not yet in `referrals.clicks` (decision 023): a click no longer
     * updates its referral row, whose lock queued every click to one link. The default (false)
     * is what an instance of the version before writes, having counted the click itself.
     */
    pending: boolean('pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_clicks_once_key').on(t.referralId, t.visitorKey, t.bucket, t.test),
    index('referral_clicks_referral_idx').on(t.referralId, t.createdAt),
    index('referral_clicks_pending_idx')
      .on(t.referralId)
      .where(sql`${t.pending}`),
  ],
);

/** Organizer's commission for an event that opted in (`events.is_referral_based`). */
export const affiliateCommissionRules = pgTable(
  'affiliate_commission_rules',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent: basis points of the ticket revenue; fixed: cents per ticket. */
    value: integer('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('affiliate_commission_rules_value', sql`${t.value} >= 0`)],
);

/**
 * An order that arrived through a link (last click within the cookie window). One per order:
 * recording the same sale twice changes nothing. `settledAt` is set once the paid order's
 * commission is in the ledger (or it earned nothing).
 */
export const affiliateAttributions = pgTable(
  'affiliate_attributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'credited', 'void'] })
      .notNull()
      .default('open'),
    commissionCents: integer('commission_cents').notNull().default(0),
    /** The order's refunded cents already reversed here, so each refund reverses once. */
    reversedForCents: integer('reversed_for_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliate_attributions_open_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'void'`),
  ],
);

/**
 * Every money movement for an affiliate: + commission, − reversal, − payout. A commission and
 * its reversals are pending until `available_at` (the refund window), then due.
 */
export const affiliateLedger = pgTable(
  'affiliate_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['commission', 'reversal', 'payout'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    attributionId: uuid('attribution_id').references(() => affiliateAttributions.id, {
      onDelete: 'set null',
    }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    reference: text('reference'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliate_ledger_affiliate_idx').on(t.affiliateId, t.createdAt),
    uniqueIndex('affiliate_ledger_one_commission_key')
      .on(t.attributionId)
      .where(sql`${t.kind} = 'commission'`),
  ],
);

/** The W-9 on file (latest wins). The TIN is sealed (platform/field-crypto), never stored plain. */
export const affiliateW9 = pgTable('affiliate_w9', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  businessName: text('business_name'),
  taxClassification: text('tax_classification').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  tinType: text('tin_type', { enum: ['ssn', 'ein'] }).notNull(),
  tinSealed: text('tin_sealed').notNull(),
  tinLast4: text('tin_last4').notNull(),
  signatureName: text('signature_name').notNull(),
  signedOn: text('signed_on').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each time an admin reads a full TIN: who, whose, when. */
export const affiliateW9Reads = pgTable('affiliate_w9_reads', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  readBy: uuid('read_by').references(() => users.id, { onDelete: 'set null' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});
