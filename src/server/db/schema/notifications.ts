import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationSettings } from '../../../contracts/notifications';
import { events } from './events';
import { uuidv7 } from '../uuid7';
import { users } from './users';

/**
 * One sequence orders every change the realtime socket carries (inserts take a value by default,
 * a BEFORE UPDATE trigger gives updates a new one): the socket's hub reads "seq > cursor" and a
 * reconnecting client asks for "seq > last seen".
 */
export const realtimeSeq = pgSequence('realtime_seq');

const seqColumn = () =>
  bigint('seq', { mode: 'number' })
    .notNull()
    .default(sql`nextval('realtime_seq')`);

// spec §3 notifications.
export const notifications = pgTable(
  'notifications',
  {
    /**
     * Time-ordered when the app writes the row (uuid7.ts: the primary key's index grows at its
     * right edge); gen_random_uuid() for rows written in SQL.
     */
    id: uuid('id')
      .primaryKey()
      .defaultRandom()
      .$defaultFn(() => uuidv7()),
    /**
     * Not a foreign key: the check locked the user's row on every insert, a quarter of an
     * insert's cost at thousands a second (docs/decisions/007). A trigger on users deletes a
     * deleted user's notifications instead (migration 0014).
     */
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    relatedId: text('related_id'),
    relatedType: text('related_type'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Makes "one notification per thing" (e.g. one payment_success per session) a constraint. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the first update: tells the socket's INSERT from UPDATE. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    seq: seqColumn(),
    /** Set when push and email jobs for it were queued (exactly once, across processes). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_undispatched_idx')
      .on(t.seq)
      .where(sql`${t.dispatchedAt} is null`),
    // The list, the unread count, mark all read and a reconnect's catch-up all read one user's
    // rows: one index serves them, so an insert updates one per-user index, not three. It also
    // carries read (INCLUDE, migration 0014; drizzle-kit has no INCLUDE).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('notifications_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('notifications_seq_idx').on(t.seq),
  ],
);

// spec §3 push_subscriptions: unique per user and endpoint.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.endpoint] })],
);

// spec §3 stream_notifications (the streaming issue writes them; the socket carries them).
export const streamNotifications = pgTable(
  'stream_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventTitle: text('event_title').notNull(),
    message: text('message').notNull(),
    notificationType: text('notification_type')
      .$type<'stream_invitation' | 'stream_started' | 'stream_ended'>()
      .notNull(),
    read: boolean('read').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    seq: seqColumn(),
  },
  (t) => [
    index('stream_notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.read} = false`),
    index('stream_notifications_seq_idx').on(t.seq),
    index('stream_notifications_user_seq_idx').on(t.userId, t.seq),
  ],
);

/** A user's delivery choices (/notification-settings); no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Organizers' messages to their attendees (spec §7 send-event-notification); also the rate limit. */
export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    sendPush: boolean('send_push').notNull(),
    sendEmail: boolean('send_email').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_announcements_event_created_idx').on(t.eventId, t.createdAt.desc())],
);
