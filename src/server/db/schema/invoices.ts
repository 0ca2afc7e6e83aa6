import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceIssueMode, InvoiceKind } from '../../../contracts/invoices';
import { orders, refunds } from './tickets';

// Invoices (docs/decisions/059). A seller is an organizer (their user id as text) or MEA Events
// itself ('platform'); keyed by text so both live in one table and one numbering scheme.

export const billingProfiles = pgTable('billing_profiles', {
  sellerKey: text('seller_key').primaryKey(),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  taxId: text('tax_id').notNull().default(''),
  footer: text('footer').notNull().default(''),
  logoUrl: text('logo_url'),
  numberPrefix: text('number_prefix').notNull(),
  numberFormat: text('number_format').notNull(),
  issueMode: text('issue_mode').$type<InvoiceIssueMode>().notNull().default('automatic'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The next number per seller and prefix. Taking a number is an UPDATE of this row in the
 * transaction that inserts the invoice, so a rolled-back invoice gives its number back and
 * concurrent issuers wait for each other: no gaps, no duplicates (a sequence would leave gaps).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    sellerKey: text('seller_key').notNull(),
    prefix: text('prefix').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.sellerKey, t.prefix] })],
);

/** What an invoice says, frozen at issue: a later profile or order change never alters it. */
export interface InvoiceSnapshot {
  seller: {
    legalName: string;
    address: string;
    taxId: string;
    footer: string;
    logoUrl: string | null;
  };
  buyer: {
    name: string;
    email: string;
    company: string | null;
    address: string | null;
    vatId: string | null;
  };
  lines: {
    description: string;
    quantity: number;
    unitGross: number;
    net: number;
    tax: number;
    gross: number;
    taxName: string | null;
    rate: string | null;
  }[];
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  /** The credit note's reason (a refund's, or a cancellation). */
  reason: string | null;
}

/** Invoices and credit notes; never updated once written (decision 059). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    sellerKey: text('seller_key').notNull(),
    prefix: text('prefix').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A credit note's invoice. */
    refersToId: uuid('refers_to_id'),
    /** A credit note for a refund. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    /** A full credit note that cancels its invoice (not for a refund). */
    cancelsId: uuid('cancels_id'),
    /** A re-issued invoice: the cancelled one it replaces. */
    replacesId: uuid('replaces_id'),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    snapshot: jsonb('snapshot').$type<InvoiceSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.sellerKey, t.prefix, t.sequence),
    // Exactly one first invoice per order, however often the job runs.
    uniqueIndex('invoices_order_first_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.replacesId} is null`),
    uniqueIndex('invoices_refund_key').on(t.refundId),
    uniqueIndex('invoices_cancels_key').on(t.cancelsId),
    uniqueIndex('invoices_replaces_key').on(t.replacesId),
    index('invoices_order_idx').on(t.orderId),
  ],
);
