import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { ticketTypes } from './tickets';

// A pool's stock is a counter like a ticket type's (decision 052): every hold takes it with a
// guarded UPDATE … WHERE remaining >= n after the types' own, and every release gives it back in
// the same statement as theirs. `remaining` always equals capacity minus what the member types
// have sold or hold (their quantity - remaining); the CHECKs are the backstop.
export const capacityPools = pgTable(
  'capacity_pools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    remaining: integer('remaining').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('capacity_pools_event_idx').on(t.eventId),
    check('capacity_pools_remaining_nonnegative', sql`${t.remaining} >= 0`),
    check('capacity_pools_remaining_le_capacity', sql`${t.remaining} <= ${t.capacity}`),
  ],
);

/** Which ticket types (and products, which are ticket types too) draw on a pool. */
export const capacityPoolTicketTypes = pgTable(
  'capacity_pool_ticket_types',
  {
    poolId: uuid('pool_id')
      .notNull()
      .references(() => capacityPools.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.ticketTypeId] }),
    // Every hold and release looks pools up by ticket type.
    index('capacity_pool_ticket_types_type_idx').on(t.ticketTypeId, t.poolId),
  ],
);
