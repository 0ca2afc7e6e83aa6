import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { orders } from './tickets';

// Business buyers (decision 060). An event's billing settings live beside the event rather than
// on it so the event row and its form stay about the event itself.
export const eventBillingSettings = pgTable('event_billing_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** Every buyer must enter company billing details (else they are optional). */
  billingDetailsRequired: boolean('billing_details_required').notNull().default(false),
  /** EU reverse charge applies to business buyers from another member state. */
  reverseChargeEnabled: boolean('reverse_charge_enabled').notNull().default(false),
  /** ISO 3166-1 alpha-2 country the organizer is registered for VAT in. */
  sellerCountry: text('seller_country'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// What a business buyer entered at checkout, as entered: invoices read it later, so it is never
// edited after the order is placed.
export const orderBillingDetails = pgTable('order_billing_details', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** Normalized (upper case, no spaces or dots), with its country prefix; null when none. */
  vatId: text('vat_id'),
  /** Whether the VAT ID passed the offline format and check-digit test (never a tax authority's). */
  vatIdFormatValid: boolean('vat_id_format_valid').notNull().default(false),
  reverseCharge: boolean('reverse_charge').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
