import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './tickets';

// Tax on MEA Events' own charges to organizers and vendors (decision 081).

/** MEA Events' own charges that carry the platform's tax (decision 081). */
export type PlatformChargeKind = 'plan' | 'vendor_fee' | 'ad_budget';

/**
 * The tax on MEA Events' own charges, one rate per kind of charge, set by admins. The platform's
 * prices include it: the amount charged stays the price, the tax is the part of it the rate gives.
 */
export const platformTaxRates = pgTable(
  'platform_tax_rates',
  {
    kind: text('kind').$type<PlatformChargeKind>().primaryKey(),
    name: text('name').notNull(),
    rateThousandths: integer('rate_thousandths').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'platform_tax_rates_rate_range',
      sql`${t.rateThousandths} >= 0 and ${t.rateThousandths} <= 100000`,
    ),
    check('platform_tax_rates_kind', sql`${t.kind} in ('plan', 'vendor_fee', 'ad_budget')`),
  ],
);

/**
 * A rate for one plan (item: the plan's id), one event's vendor fee (the event's id) or one ad
 * campaign (the campaign's id), in place of its kind's rate; 0 charges that item without tax.
 * No foreign key, as the item's table depends on the kind: a row whose item is gone is never
 * used again (nothing of it is sold) and is left out of the lists.
 */
export const platformTaxItemRates = pgTable(
  'platform_tax_item_rates',
  {
    kind: text('kind').$type<PlatformChargeKind>().notNull(),
    itemId: uuid('item_id').notNull(),
    name: text('name').notNull(),
    rateThousandths: integer('rate_thousandths').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    check(
      'platform_tax_item_rates_rate_range',
      sql`${t.rateThousandths} >= 0 and ${t.rateThousandths} <= 100000`,
    ),
    check('platform_tax_item_rates_kind', sql`${t.kind} in ('plan', 'vendor_fee', 'ad_budget')`),
  ],
);

/**
 * The tax of a platform charge as sold (such an order has no lines to hold it): written with the
 * order, never changed, so a later change of the rate leaves sold charges and their invoices alone.
 * `orders.tax_cents` holds the same amount.
 */
export const orderPlatformTaxes = pgTable('order_platform_taxes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  rateThousandths: integer('rate_thousandths').notNull(),
  taxCents: integer('tax_cents').notNull(),
});
