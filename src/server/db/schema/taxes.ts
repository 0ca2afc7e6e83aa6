import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// An organizer's tax rates (decision 058). The percentage is kept in thousandths of a percent
// (20 % = 20000, 8.875 % = 8875) so rates with three decimals are exact integers.
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rateThousandths: integer('rate_thousandths').notNull(),
    /** ISO 3166-1 alpha-2, or null for a rate that is not tied to one country. */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tax_rates_user_idx').on(t.userId, t.name),
    check(
      'tax_rates_rate_range',
      sql`${t.rateThousandths} >= 0 and ${t.rateThousandths} <= 100000`,
    ),
  ],
);
