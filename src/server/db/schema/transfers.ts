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
import { TRANSFER_STATUSES } from '../../../contracts/transfers';
import { events } from './events';
import { tickets } from './tickets';
import { users } from './users';

// Whether an event's attendees may pass their tickets on, and until how long before the start
// (docs/decisions/055). No row: transfers are off.
export const eventTransferSettings = pgTable(
  'event_transfer_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    allowed: boolean('allowed').notNull().default(false),
    /** Transfers close this many hours before the event starts (0: until the start). */
    cutoffHours: integer('cutoff_hours').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('event_transfer_settings_cutoff', sql`${t.cutoffHours} between 0 and 8760`)],
);

// Each time a ticket changed hands, or is waiting to: the history the organizer sees. A transfer
// to an address without an account waits (`pending`) until someone opens the mailed claim link
// signed in; only the SHA-256 of that link's token is stored.
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    claimTokenHash: text('claim_token_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('ticket_transfers_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_transfers_event_idx').on(t.eventId, t.createdAt),
    // One transfer under way per ticket: a second waits for the first to be claimed or cancelled.
    uniqueIndex('ticket_transfers_one_pending')
      .on(t.ticketId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
