import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_EVENT_KINDS,
  CAMPAIGN_SEND_STATUSES,
  CAMPAIGN_STATUSES,
  LIST_KINDS,
  LIST_VISIBILITIES,
  OPT_INS,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
  SUPPRESSION_REASONS,
  type CampaignSegment,
  type FunnelDocument,
} from '../../../contracts/marketing';
import { events } from './events';
import { orders } from './tickets';
import { users } from './users';

// Organizer marketing (docs/decisions/024-email-lists-and-funnels.md).

export const emailLists = pgTable(
  'email_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: LIST_VISIBILITIES }).notNull().default('private'),
    optIn: text('opt_in', { enum: OPT_INS }).notNull().default('double'),
    kind: text('kind', { enum: LIST_KINDS }).notNull().default('manual'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    welcomeSubject: text('welcome_subject').notNull().default(''),
    welcomeText: text('welcome_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_lists_owner_idx').on(t.ownerId)],
);

/** One row per address per list; the address is stored lower-cased. */
export const emailSubscribers = pgTable(
  'email_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => emailLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull(),
    source: text('source', { enum: SUBSCRIBER_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('email_subscribers_list_email').on(t.listId, t.email),
    index('email_subscribers_list_status_idx').on(t.listId, t.status),
  ],
);

/**
 * Addresses an owner may no longer mail (unsubscribed, hard bounce, complaint): honoured across
 * all of the owner's lists, and an import never re-subscribes them.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.email] })],
);

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    /** Sanitized on save (DOMPurify); the text part is generated from it. */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    listIds: jsonb('list_ids').$type<string[]>().notNull().default([]),
    trackOpens: boolean('track_opens').notNull().default(false),
    trackClicks: boolean('track_clicks').notNull().default(true),
    /** The event whose details fill the {{event.*}} merge fields (one of the owner's). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** A segment of the lists: all/any of 1–10 conditions (decision 024, "Segments"). */
    segment: jsonb('segment').$type<CampaignSegment>(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_campaigns_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * One row per recipient of a campaign, written in the same transaction that queues the mail:
 * a resumed send skips everyone already here, so nobody is mailed twice.
 */
export const emailCampaignSends = pgTable(
  'email_campaign_sends',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subscriberId: uuid('subscriber_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** `bounced`/`failed` when the receiving SMTP server refused it for good (5xx). */
    status: text('status', { enum: CAMPAIGN_SEND_STATUSES }).notNull().default('queued'),
    /** The server's answer to a refused send. */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email] })],
);

export const emailCampaignEvents = pgTable(
  'email_campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind', { enum: CAMPAIGN_EVENT_KINDS }).notNull(),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_campaign_events_campaign_idx').on(t.campaignId, t.kind, t.createdAt)],
);

export const funnels = pgTable(
  'funnels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** Where the opt-in blocks add people (one of the owner's lists). */
    listId: uuid('list_id').references(() => emailLists.id, { onDelete: 'set null' }),
    draft: jsonb('draft').$type<FunnelDocument>().notNull(),
    /** The snapshot visitors see; editing the draft never changes it until republished. */
    published: jsonb('published').$type<FunnelDocument>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('funnels_owner_idx').on(t.ownerId)],
);

export const funnelStepStats = pgTable(
  'funnel_step_stats',
  {
    funnelId: uuid('funnel_id')
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    views: integer('views').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.funnelId, t.step] })],
);

/**
 * Ticket orders a funnel's event card brought in: one row per order (a repeated report changes
 * nothing). Whether it is paid, and for how much, is read from the order at report time.
 */
export const funnelOrders = pgTable(
  'funnel_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    funnelId: uuid('funnel_id')
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    eventId: uuid('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('funnel_orders_funnel_idx').on(t.funnelId)],
);
