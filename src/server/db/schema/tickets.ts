import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISCOUNT_KINDS,
  ORDER_KINDS,
  ORDER_STATUSES,
  TICKET_STATUSES,
  TICKET_TYPE_KINDS,
} from '../../../contracts/tickets';
import { events } from './events';
import { products } from './products';
import { taxRates } from './taxes';
import { users } from './users';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderKind = pgEnum('order_kind', ORDER_KINDS);
export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);

// Stock lives in `remaining`: checkout takes it with one guarded UPDATE … WHERE remaining >= n,
// expiry and refunds give it back; the CHECK is the backstop if code ever gets that wrong.
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    /** Before this, the ticket does not admit at the door ("not yet valid"); null: any time. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    maxPerPerson: integer('max_per_person'),
    unlockCode: text('unlock_code'),
    isHidden: boolean('is_hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 'product': a variation of a product (decision 051); it issues no admission ticket. */
    kind: text('kind', { enum: TICKET_TYPE_KINDS }).notNull().default('admission'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variation: text('variation'),
    /** The organizer's tax rate for this ticket type or product variation (decision 058). */
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.eventId, t.sortOrder),
    index('ticket_types_product_idx').on(t.productId),
    check('ticket_types_product_kind', sql`(${t.kind} = 'product') = (${t.productId} is not null)`),
    check('ticket_types_remaining_nonnegative', sql`${t.remaining} >= 0`),
    check('ticket_types_remaining_le_quantity', sql`${t.remaining} <= ${t.quantity}`),
    check('ticket_types_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

// Usage is counted at checkout (a hold uses the code) with a guarded UPDATE, so a limit of N
// admits N orders however many race for it; expired holds give their use back.
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'cascade' }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_event_code_key').on(t.eventId, sql`upper(${t.code})`),
    check('discount_codes_used_nonnegative', sql`${t.usedCount} >= 0`),
    check(
      'discount_codes_within_limit',
      sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: orderKind('kind').notNull().default('tickets'),
    status: orderStatus('status').notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** For vendor-fee orders: the event the fee is for. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    provider: text('provider'),
    paymentSessionId: text('payment_session_id'),
    checkoutUrl: text('checkout_url'),
    paymentRef: text('payment_ref'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The sum of the lines' tax (decision 058); part of the total, never added to it. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** Whether the event's prices were entered with tax included, as at the sale. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_payment_session_key').on(t.paymentSessionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The console's order list and CSV export walk orders by date, the overview and analytics
    // sum them by payment date (at a million orders; decision 020).
    index('orders_created_idx').on(t.createdAt, t.id),
    // Readers ask for paid orders only; a hold (paid_at null) then writes no entry here.
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // Analytics' top vendors: the few vendor-fee orders of a period, not every paid order in it.
    index('orders_vendor_fee_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.kind} = 'vendor_fee'`),
    index('orders_total_idx').on(t.totalCents, t.id),
    // The expiry sweep reads only pending orders by their deadline.
    index('orders_pending_hold_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'pending'`),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('orders_refund_within_total', sql`${t.refundedCents} <= ${t.totalCents}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    // The line's tax as sold (decision 058): name and rate are copied so a later edit or
    // deletion of the rate never changes a sale. The line's amount is quantity*unit_price -
    // discount; net is derived from it and gross = net + tax, for every row whoever wrote it.
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'set null' }),
    taxName: text('tax_name'),
    taxRateThousandths: integer('tax_rate_thousandths').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** Tax-exclusive prices: the tax comes on top of the amount, which is then the net. */
    taxAdded: boolean('tax_added').notNull().default(false),
    netCents: integer('net_cents')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`${orderItems.quantity} * ${orderItems.unitPriceCents} - ${orderItems.discountCents} - case when ${orderItems.taxAdded} then 0 else ${orderItems.taxCents} end`,
      ),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_type_idx').on(t.ticketTypeId),
    index('order_items_event_idx').on(t.eventId),
    // Deleting a rate clears it from past lines (their name and rate stay); only taxed lines.
    index('order_items_tax_rate_idx')
      .on(t.taxRateId)
      .where(sql`${t.taxRateId} is not null`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: ticketStatus('status').notNull().default('valid'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    // A transfer gives the ticket a new code (its MAC covers the version), so the old one stops
    // working at once; while a transfer waits to be claimed the ticket has no usable code at all
    // (docs/decisions/055).
    codeVersion: integer('code_version').notNull().default(0),
    transferPending: boolean('transfer_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId),
    index('tickets_event_idx').on(t.eventId),
    // Exports walk an event's tickets in purchase order, a page at a time (decision 056).
    index('tickets_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('tickets_order_idx').on(t.orderId),
    // The overview's tickets sold per period (decision 020).
    index('tickets_created_idx').on(t.createdAt),
  ],
);

// The built-in `local` provider's hosted checkout sessions (Stripe keeps its own).
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['open', 'requires_action', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  // What the page shows. Null on the pages the batched hold writes (a flash sale's checkouts):
  // then drawn from the order when the page is opened, so a hold writes a narrow row.
  amountCents: integer('amount_cents'),
  currency: text('currency'),
  description: text('description'),
  lines: jsonb('lines').$type<{ label: string; unitAmountCents: number; quantity: number }[]>(),
  successUrl: text('success_url'),
  cancelUrl: text('cancel_url'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paymentRef: text('payment_ref'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Refunds the local provider issued, keyed like Stripe's idempotency keys.
export const localRefunds = pgTable('local_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentRef: text('payment_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Every webhook event applied, by provider event id: a duplicate delivery inserts nothing and
// so has no effect (the insert shares the transaction that applies the event).
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_key').on(t.provider, t.eventId)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    providerRefundId: text('provider_refund_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin overview sums refunds by the day they were made (decision 020).
  (t) => [index('refunds_order_idx').on(t.orderId), index('refunds_created_idx').on(t.createdAt)],
);
