import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { orders, ticketTypes } from './tickets';

// Access codes reveal hidden ticket types (decision 053). They are separate from discount codes:
// one changes what a buyer may see and buy, the other what they pay.
export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** How many orders may use the code (null: any number). */
    usageLimit: integer('usage_limit'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Codes generated together share a batch, so one sponsor's codes export together. */
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_codes_event_code_key').on(t.eventId, sql`upper(${t.code})`),
    index('access_codes_batch_idx').on(t.batchId),
  ],
);

/** The ticket types a code reveals. */
export const accessCodeTicketTypes = pgTable(
  'access_code_ticket_types',
  {
    accessCodeId: uuid('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accessCodeId, t.ticketTypeId] }),
    index('access_code_ticket_types_type_idx').on(t.ticketTypeId),
  ],
);

/**
 * The order that used a code. A use counts while its order is pending, paid or refunded, so an
 * expired or cancelled order gives its use back without any bookkeeping (decision 053).
 */
export const accessCodeOrders = pgTable(
  'access_code_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accessCodeId: uuid('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    /** The code as it was, for the order's history and the API. */
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_code_orders_code_idx').on(t.accessCodeId)],
);
