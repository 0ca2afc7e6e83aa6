import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { EVENT_PARTICIPANT_ROLES } from '../../../contracts/messaging';
import { events } from './events';
import { users } from './users';

// spec §3 chats. A direct chat has `direct_key` (the pair, smaller id first) so "one chat per
// pair" is a unique index, not a hope; an event's group chat has `event_id` (one per event).
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    isGroup: boolean('is_group').notNull().default(false),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastSenderId: uuid('last_sender_id'),
    isBookingRelated: boolean('is_booking_related').notNull().default(false),
    bookingId: uuid('booking_id'),
    directKey: text('direct_key').unique(),
    eventId: uuid('event_id')
      .unique()
      .references(() => events.id, { onDelete: 'cascade' }),
    pinnedMessageId: uuid('pinned_message_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chats_booking_idx').on(t.bookingId)],
);

// spec §3 chat_participants: who may read and post; `last_read_at` drives unread counts, read
// receipts and "is looking at the chat" (no notification while the chat is open).
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participants_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A team member who wrote the message for the sender's account (a booking chat answered by
     * the organizer's vendor manager); null when the sender wrote it themself.
     */
    writtenBy: uuid('written_by').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    /** The sender's own id for this message: a retried send is the same message. */
    clientId: text('client_id'),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the message is removed (by its sender or the group's organizer). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Removed by a moderator from the reports queue (shown as such), not by a participant. */
    removedByModerator: boolean('removed_by_moderator').notNull().default(false),
    /** Null until the first update: tells the socket's INSERT from UPDATE. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('realtime_seq')`),
  },
  (t) => [
    index('messages_chat_created_idx').on(t.chatId, t.createdAt.desc(), t.id.desc()),
    index('messages_seq_idx').on(t.seq),
    uniqueIndex('messages_client_id_idx')
      .on(t.chatId, t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

// spec §3 event_participants: vendors (and later others) attached to an event, and whether they
// may enter its group chat (a vendor only once any fee is paid).
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: EVENT_PARTICIPANT_ROLES }).notNull().default('vendor'),
    canAccessChat: boolean('can_access_chat').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_participants_user_idx').on(t.userId),
  ],
);

// A blocked person can no longer start a chat with (or post to) the one who blocked them.
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
