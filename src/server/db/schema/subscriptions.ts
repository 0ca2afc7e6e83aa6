import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './tickets';
import { users } from './users';

// spec §3 subscription_plans. Prices are integer cents with a currency; max_attendees -1 means
// unlimited. A plan with subscribers is never deleted (the foreign key below restricts it), only
// deactivated.
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceMonthly: integer('price_monthly').notNull(),
    currency: text('currency').notNull().default('USD'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    maxAttendees: integer('max_attendees').notNull().default(-1),
    hasMessaging: boolean('has_messaging').notNull().default(false),
    hasChat: boolean('has_chat').notNull().default(false),
    hasRecording: boolean('has_recording').notNull().default(false),
    hasSharing: boolean('has_sharing').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_plans_name_key').on(sql`lower(${t.name})`),
    index('subscription_plans_active_price_idx')
      .on(t.priceMonthly)
      .where(sql`${t.isActive}`),
    check('subscription_plans_price_nonnegative', sql`${t.priceMonthly} >= 0`),
    check('subscription_plans_max_attendees', sql`${t.maxAttendees} >= -1`),
    check('subscription_plans_trial_days', sql`${t.trialDays} between 0 and 90`),
  ],
);

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

// One row per person: their current (or last) subscription. Its history is the invoices below.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** A downgrade waits for the period end. */
    pendingPlanId: uuid('pending_plan_id').references(() => subscriptionPlans.id, {
      onDelete: 'set null',
    }),
    /** The card renewals charge (local provider: its last four digits decide the outcome). */
    cardLast4: text('card_last4'),
    cardDeclines: boolean('card_declines').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the renewal job must next look at this row (period end, or the next retry). */
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    /** Ending-soon notice already sent for this period end. */
    endingNoticeFor: timestamp('ending_notice_for', { withTimezone: true }),
    /** Stripe Billing: the provider's subscription; its webhook events find the row by it. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** `created` of the newest provider event applied to the row: older ones change nothing. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    index('subscriptions_plan_idx').on(t.planId),
    uniqueIndex('subscriptions_provider_ref_key')
      .on(t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
    index('subscriptions_renews_at_idx')
      .on(t.renewsAt)
      .where(sql`${t.renewsAt} is not null`),
    check('subscriptions_failed_attempts', sql`${t.failedAttempts} >= 0`),
  ],
);

// `trial`: a free trial's start ($0, as Stripe writes one); one per person and plan, ever.
export const INVOICE_KINDS = ['initial', 'renewal', 'proration', 'trial'] as const;

// Every charge (or failed attempt) of a subscription. The unique key makes one renewal attempt
// one row however many workers race for it: the double-charge guard.
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_key').on(t.subscriptionId, t.idempotencyKey),
    // One free trial per person and plan, ever (two checkouts racing cannot both start one).
    uniqueIndex('subscription_invoices_one_trial_key')
      .on(t.userId, t.planId)
      .where(sql`${t.kind} = 'trial'`),
    index('subscription_invoices_user_idx').on(t.userId, t.createdAt),
    check('subscription_invoices_amount', sql`${t.amountCents} >= 0`),
  ],
);
