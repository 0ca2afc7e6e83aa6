import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_OFFER_HOURS, WAITLIST_STATUSES } from '../../../contracts/waitlist';
import { events } from './events';
import { orders, ticketTypes } from './tickets';
import { users } from './users';

/** Places in line are numbered when they enter it (on joining signed in, or on confirming). */
export const waitlistPositionSeq = pgSequence('waitlist_position_seq');

/** Per event: how long an offer holds its tickets (decision 054). */
export const waitlistSettings = pgTable(
  'waitlist_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    offerHours: integer('offer_hours').notNull().default(DEFAULT_OFFER_HOURS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('waitlist_settings_offer_hours', sql`${t.offerHours} between 1 and 336`)],
);

// An offer takes its tickets from `ticket_types.remaining` with the hold's guarded UPDATE and
// keeps them here (`offered_quantity`) until claimed (they move to the claim's order), or until
// it expires or is declined (they go back and on to the next place).
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The language of the page the place was taken on, for mail to someone without account. */
    language: text('language'),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull(),
    position: bigint('position', { mode: 'number' }),
    offeredQuantity: integer('offered_quantity'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The line of one type, in order: offers walk it from the front.
    index('waitlist_entries_line_idx').on(t.ticketTypeId, t.status, t.position),
    index('waitlist_entries_event_idx').on(t.eventId, t.createdAt),
    index('waitlist_entries_user_idx').on(t.userId),
    index('waitlist_entries_offer_due_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('waitlist_entries_order_idx').on(t.orderId),
    // One active place per address and ticket type.
    uniqueIndex('waitlist_entries_active_email_key')
      .on(t.ticketTypeId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('unconfirmed', 'waiting', 'offered')`),
    check('waitlist_entries_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'waitlist_entries_offer_shape',
      sql`${t.status} <> 'offered' or (${t.offeredQuantity} > 0 and ${t.offerExpiresAt} is not null)`,
    ),
  ],
);
