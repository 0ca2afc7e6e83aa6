import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES } from '../../../contracts/products';
import { events } from './events';

// A product groups its variations; each variation is a `ticket_types` row of kind 'product'
// (decision 051), so stock, price, sales window, holds and capacity pools are the ticket
// types' own. The product's price is the default of variations without their own.
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull().default('merchandise'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    soldAlone: boolean('sold_alone').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_event_idx').on(t.eventId, t.sortOrder),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);
