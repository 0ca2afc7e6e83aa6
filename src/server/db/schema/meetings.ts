import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { MEETING_PARTICIPANT_STATUSES } from '../../../contracts/meetings';
import { events } from './events';
import { users } from './users';

// Video meeting rooms (decision 031). Media flows browser to browser (a peer mesh);
// the server keeps who may be in a room and relays the signalling between its sockets.
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The host admits each guest from a waiting list. */
    lobby: boolean('lobby').notNull().default(false),
    /** argon2id of the optional passcode (never the passcode itself). */
    passcodeHash: text('passcode_hash'),
    /** The event the room was started from, if any. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by "end for all": nobody can join afterwards. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('meetings_host_idx').on(t.hostId, t.createdAt)],
);

/** Each person's standing in a room: waiting in the lobby, admitted, denied or removed. */
export const meetingParticipants = pgTable(
  'meeting_participants',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MEETING_PARTICIPANT_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
);

/**
 * One row per open signalling socket (a person in the room, possibly twice from two tabs), on
 * any server instance: the room's size cap, its participant list and each peer's state (muted,
 * camera, hand, screen) are read from here. `seen_at` is refreshed while the socket lives, so the
 * rows of an instance that died stop counting after a minute.
 */
export const meetingConnections = pgTable(
  'meeting_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull().default(false),
    cameraOff: boolean('camera_off').notNull().default(false),
    handRaised: boolean('hand_raised').notNull().default(false),
    sharing: boolean('sharing').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_connections_meeting_idx').on(t.meetingId)],
);

/**
 * Signals too large for a NOTIFY payload (PostgreSQL's limit is 8000 bytes; an SDP offer can
 * exceed it): the body waits here and the NOTIFY carries its id. Rows older than a minute are
 * deleted as new ones arrive.
 */
export const meetingSignalBodies = pgTable(
  'meeting_signal_bodies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('meeting_signal_bodies_created_idx').on(t.createdAt)],
);
