import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STREAM_ACCESS, STREAM_STATUS } from '../../../contracts/streaming';
import { events } from './events';
import { orders, ticketTypes } from './tickets';
import { users } from './users';

// Live event streaming. One stream per event; the owner is the event's organizer at
// creation. Start and end are guarded status updates, so stream_started / stream_ended are
// written exactly once however many segments or reconnects arrive. docs/decisions/030.

export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }).notNull(),
    access: text('access', { enum: STREAM_ACCESS }).notNull(),
    accessCode: text('access_code'),
    streamTicketTypeId: uuid('stream_ticket_type_id').references(() => ticketTypes.id, {
      onDelete: 'set null',
    }),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    recordingEnabled: boolean('recording_enabled').notNull().default(false),
    status: text('status', { enum: STREAM_STATUS }).notNull().default('scheduled'),
    // The RTMP key (and only proof of identity for an encoder): random, rotated by the owner.
    streamKey: text('stream_key').notNull(),
    // The streaming add-on paid for this event (plans that include streaming need no order).
    activatedOrderId: uuid('activated_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Last input seen (segment written); the end sweep ends streams silent past the grace.
    lastInputAt: timestamp('last_input_at', { withTimezone: true }),
    // Storage key prefix of the replay (VOD playlist + segments), null when none.
    recordingKey: text('recording_key'),
    peakViewers: integer('peak_viewers').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('streams_event_uidx').on(t.eventId),
    uniqueIndex('streams_key_uidx').on(t.streamKey),
    index('streams_owner_idx').on(t.ownerId),
    index('streams_live_idx')
      .on(t.lastInputAt)
      .where(sql`${t.status} = 'live'`),
    check('streams_code_when_code', sql`${t.access} <> 'code' or ${t.accessCode} is not null`),
  ],
);

/** People who redeemed a stream's access code. */
export const streamAccessGrants = pgTable(
  'stream_access_grants',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.streamId, t.userId] }),
    index('stream_access_user_idx').on(t.userId),
  ],
);

/** Who was invited (stream_invitation goes out once per holder). */
export const streamInvites = pgTable(
  'stream_invites',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/**
 * Viewers seen recently: one row per (stream, viewer key), touched at most every few seconds
 * per viewer. The viewer count is the rows seen within VIEWER_WINDOW_MS.
 */
export const streamViewers = pgTable(
  'stream_viewers',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    // The user id, or an anonymous token id for public streams watched signed out.
    viewerKey: text('viewer_key').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.viewerKey] })],
);
