import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { events } from './events';
import { orders } from './tickets';
import { users } from './users';

// Sales at the door (decision 070): which orders the box office made, by whom, and how the guest
// paid; and the door settings an organizer chooses per event.

/**
 * One box-office sale: its order (tickets, stock and sales counters as any order), the staff
 * member who sold it, and the payment method. The idempotency key makes a double submit one sale.
 */
export const boxOfficeSales = pgTable(
  'box_office_sales',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** cash | card | complimentary (contracts/box-office.ts BOX_OFFICE_METHODS). */
    method: text('method').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Cash only: what the guest handed over, and the change given back. */
    tenderedCents: integer('tendered_cents'),
    changeCents: integer('change_cents'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('box_office_sales_key').on(t.eventId, t.idempotencyKey),
    index('box_office_sales_seller_idx').on(t.eventId, t.sellerId, t.createdAt),
    check('box_office_sales_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/** Door settings of an event; no row: the defaults (no re-entry). */
export const doorSettings = pgTable('door_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** A guest checked out may be admitted again. */
  allowReEntry: boolean('allow_re_entry').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tickets mailed from the desk after a sale ("mail the tickets later"): one row per request id,
 * so a double click (the same id sent twice) sends one mail. The address itself is not kept (a
 * walk-in's address is not an account's); the hash tells a reused id with another address.
 */
export const boxOfficeMailings = pgTable(
  'box_office_mailings',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.requestId] })],
);

/**
 * A seller's shift closed with a drawer count (decision 147): the opening float, the cash counted
 * at the close, who closed and who re-opened it. Keyed like the shift summary (event, seller, day
 * in the event's time zone); no row: a float of 0, open. The seller goes null with their account.
 */
export const boxOfficeShifts = pgTable(
  'box_office_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    floatCents: integer('float_cents').notNull().default(0),
    /** Set with `closedAt`: the cash counted in the drawer at the close. */
    countedCents: integer('counted_cents'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('box_office_shifts_key').on(t.eventId, t.sellerId, t.day),
    check('box_office_shifts_float_nonnegative', sql`${t.floatCents} >= 0`),
    check('box_office_shifts_counted_nonnegative', sql`${t.countedCents} >= 0`),
    check(
      'box_office_shifts_closed_counted',
      sql`(${t.closedAt} IS NULL) = (${t.countedCents} IS NULL)`,
    ),
  ],
);
