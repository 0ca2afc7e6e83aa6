import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROMO_PLACEMENTS, PROMO_PRICING, PROMO_STATUSES } from '../../../contracts/promotions';
import { events } from './events';
import { orders } from './tickets';
import { users } from './users';

// Paid campaigns shown in the product's own placements (the billboard on the home page,
// lists, the event sidebar). Money spent is kept in millicents so a CPM impression (price / 1000)
// is a whole number; every charge is one guarded UPDATE that cannot pass the budgets.
export const promoCampaigns = pgTable(
  'promo_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROMO_STATUSES }).notNull().default('awaiting_payment'),
    headline: text('headline').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt').notNull().default(''),
    // An in-product path (`/events/…`, `/vendors/…`, `/f/…`); never another site.
    targetPath: text('target_path').notNull(),
    // The event the campaign points at, so an ended or cancelled event is never promoted.
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    placement: text('placement', { enum: PROMO_PLACEMENTS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    dailyBudgetCents: integer('daily_budget_cents').notNull(),
    totalBudgetCents: integer('total_budget_cents').notNull(),
    pricing: text('pricing', { enum: PROMO_PRICING }).notNull(),
    // Per 1,000 impressions (cpm) or per click (cpc), fixed when the campaign is created.
    priceCents: integer('price_cents').notNull(),
    targetCategories: text('target_categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    targetCities: text('target_cities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    targetAccountTypes: text('target_account_types')
      .array()
      .notNull()
      .default(sql`'{}'`),
    frequencyCap: integer('frequency_cap').notNull().default(5),
    spentMillicents: bigint('spent_millicents', { mode: 'number' }).notNull().default(0),
    daySpentMillicents: bigint('day_spent_millicents', { mode: 'number' }).notNull().default(0),
    spendDay: date('spend_day'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'promo_campaigns_budgets',
      sql`${t.dailyBudgetCents} > 0 and ${t.totalBudgetCents} >= ${t.dailyBudgetCents} and ${t.priceCents} > 0`,
    ),
    // The database itself refuses an overspend, whatever the code does.
    check(
      'promo_campaigns_spend_within_budget',
      sql`${t.spentMillicents} <= ${t.totalBudgetCents}::bigint * 1000 and ${t.daySpentMillicents} <= ${t.dailyBudgetCents}::bigint * 1000`,
    ),
    index('promo_campaigns_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('promo_campaigns_live_idx')
      .on(t.placement, t.endsAt)
      .where(sql`${t.status} = 'live'`),
    index('promo_campaigns_review_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'in_review'`),
  ],
);

// Per campaign and UTC day: what the report charts.
export const promoDailyStats = pgTable(
  'promo_daily_stats',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spendMillicents: bigint('spend_millicents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

// One row per served item and kind: a repeated beacon or click on the same serve counts once.
export const promoMarks = pgTable(
  'promo_marks',
  {
    serveId: uuid('serve_id').notNull(),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serveId, t.kind] }),
    index('promo_marks_created_idx').on(t.createdAt),
  ],
);

// Views per viewer (user id or an anonymous browser key), campaign and day: the frequency cap.
export const promoViewerCaps = pgTable(
  'promo_viewer_caps',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.viewer, t.day, t.campaignId] })],
);
