import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { products } from './products';
import { ticketTypes } from './tickets';

// A product offered with a ticket type: each ticket of that type carries between min and max of
// the product (all its variations together). A min above 0 makes the product required with it.
export const productAddOnRules = pgTable(
  'product_add_on_rules',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    minPerTicket: integer('min_per_ticket').notNull().default(0),
    maxPerTicket: integer('max_per_ticket').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.ticketTypeId] }),
    // Checkout looks rules up by the ticket types of a cart.
    index('product_add_on_rules_type_idx').on(t.ticketTypeId),
    check(
      'product_add_on_rules_range',
      sql`${t.minPerTicket} >= 0 and ${t.maxPerTicket} >= 1 and ${t.maxPerTicket} >= ${t.minPerTicket}`,
    ),
  ],
);
