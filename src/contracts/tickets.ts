import { z } from 'zod';
import { INT4_MAX, isoDateTime } from './bounds';
import { ATTENDEE_VISIBILITY } from './events';
import { ACCESS_CODE_PROBLEMS } from './access-codes';
import { CheckoutAnswersSchema } from './questions';
import { CURRENCY_CODES } from './currency';
import { BillingDetailsInputSchema } from './billing-details';
import { QuoteTaxSchema } from './taxes';
import { BOX_OFFICE_METHODS } from './box-office';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY } from './order-limits';

// Ticketing: ticket types, discount codes, orders with holds, tickets, payments.
// Money is always integer cents; currencies are ISO 4217 codes in upper case.

/** The currencies an organizer can sell in; their minor units come from contracts/currency.ts. */
export const CURRENCIES = CURRENCY_CODES;
export type Currency = (typeof CURRENCIES)[number];

/** How long checkout holds stock before an unpaid order expires (minutes). */
export const HOLD_MINUTES = 10;
export { ORDER_MAX_LINES, ORDER_MAX_QUANTITY };
export const TICKET_TYPE_MAX_QUANTITY = 1_000_000;
export const PRICE_MAX_CENTS = 10_000_000;

/** `details.reason` of a ticket error a page acts on (the message is in the reader's language). */
export const TICKET_REASONS = { alreadyRegistered: 'ALREADY_REGISTERED' } as const;

export const TICKET_MESSAGES = {
  nameRequired: 'Please enter a name for this ticket',
  price: 'Price must be 0 or more',
  quantity: 'Quantity must be a whole number of 1 or more',
  salesWindow: 'Sales must end after they start',
  perOrder: 'The most per order must be at least the least per order',
  capacityExceeded: 'The tickets on sale would exceed the event capacity',
  hasSales: 'Tickets of this type were sold or are held. Hide it instead of deleting it.',
  quantityBelowSold: 'Quantity cannot be less than the tickets already sold or held',
  soldOut: 'Sold out',
  notEnoughLeft: (left: number) =>
    left === 1 ? 'Only 1 ticket is left' : `Only ${left} tickets are left`,
  notOnSale: 'These tickets are not on sale right now',
  belowMin: (min: number) => `Please choose at least ${min} tickets`,
  aboveMax: (max: number) => `You can buy at most ${max} tickets of this type per order`,
  alreadyRegistered: 'You are already registered for this event',
  mixedCurrencies: 'Tickets in one order must share a currency',
  eventUnavailable: 'This event is not open for tickets',
  cartEmpty: 'Your cart is empty',
  codeInvalid: 'This discount code is not valid',
  codeExpired: 'This discount code has expired',
  codeNotStarted: 'This discount code is not active yet',
  codeUsedUp: 'This discount code has been used up',
  codeNotApplicable: 'This discount code does not apply to these tickets',
  codeTaken: 'This event already has a discount code with this name',
  percentRange: 'A percentage must be between 1 and 100',
  amountRequired: 'Please enter the discount amount',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different order',
  orderNotPending: 'This order is no longer waiting for payment',
  holdExpired: 'Your reservation expired. Please choose your tickets again.',
  refundTooMuch: 'The refund is more than what is left to refund',
  refundNothing: 'Nothing was paid for this order',
  ticketNotFound: 'No ticket with this code for this event',
  ticketVoid: 'This ticket was refunded and is not valid',
  authRequiredTitle: 'Authentication Required',
  authRequiredTickets: 'Please log in to buy tickets.',
  authRequiredPlan: 'Please log in to subscribe to a plan.',
  checkoutFailedTitle: 'Checkout Failed',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  cardDeclined: 'Your card was declined. Please use another card.',
  cardInvalid: 'Please enter a valid card number',
  expiryInvalid: 'Please enter a valid expiry date (MM/YY) in the future',
  cvcInvalid: 'Please enter the 3 or 4 digit security code',
} as const;

const cents = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message });

// ---------- ticket types ----------

const TicketTypeFields = z.object({
  name: z.string().trim().min(1, { error: TICKET_MESSAGES.nameRequired }).max(80),
  description: z.string().trim().max(500).default(''),
  priceCents: cents(TICKET_MESSAGES.price).max(PRICE_MAX_CENTS),
  currency: z.enum(CURRENCIES).default('USD'),
  quantity: z
    .number({ error: TICKET_MESSAGES.quantity })
    .int({ error: TICKET_MESSAGES.quantity })
    .min(1, { error: TICKET_MESSAGES.quantity })
    .max(TICKET_TYPE_MAX_QUANTITY),
  salesStart: isoDateTime().nullish(),
  salesEnd: isoDateTime().nullish(),
  /** Before this its tickets do not admit at the door ("not yet valid"); none: any time. */
  validFrom: isoDateTime({ error: 'Please give a valid start time' }).nullish(),
  minPerOrder: z.number().int().min(1).max(ORDER_MAX_QUANTITY).default(1),
  maxPerOrder: z.number().int().min(1).max(ORDER_MAX_QUANTITY).default(10),
  /** Most tickets of this type one person may hold (free registration defaults to 1). */
  maxPerPerson: z.number().int().min(1).max(ORDER_MAX_QUANTITY).nullish(),
  /** When set, the type is hidden until the buyer enters this code. */
  unlockCode: z.string().trim().max(40).nullish(),
  isHidden: z.boolean().default(false),
});

export const TicketTypeInputSchema = TicketTypeFields.refine(
  (t) => !t.salesStart || !t.salesEnd || t.salesEnd > t.salesStart,
  {
    path: ['salesEnd'],
    error: TICKET_MESSAGES.salesWindow,
  },
).refine((t) => t.maxPerOrder >= t.minPerOrder, {
  path: ['maxPerOrder'],
  error: TICKET_MESSAGES.perOrder,
});
export type TicketTypeInput = z.input<typeof TicketTypeInputSchema>;

/**
 * A change to a ticket type: any of its fields, each checked as on creation; a field left out
 * keeps its value (no defaults here). The service checks the merged whole (sales window, per
 * order limits) against the stored type.
 */
export const TicketTypePatchSchema = TicketTypeFields.extend({
  description: TicketTypeFields.shape.description.unwrap(),
  currency: TicketTypeFields.shape.currency.unwrap(),
  minPerOrder: TicketTypeFields.shape.minPerOrder.unwrap(),
  maxPerOrder: TicketTypeFields.shape.maxPerOrder.unwrap(),
  isHidden: TicketTypeFields.shape.isHidden.unwrap(),
}).partial();
export type TicketTypePatch = z.input<typeof TicketTypePatchSchema>;

export const TICKET_AVAILABILITY = ['on_sale', 'not_started', 'ended', 'sold_out'] as const;
/** A ticket type admits its holder; a product (decision 051) is sold beside admission. */
export const TICKET_TYPE_KINDS = ['admission', 'product'] as const;
export type TicketAvailability = (typeof TICKET_AVAILABILITY)[number];

/** What a buyer sees. `remaining` excludes stock held by unpaid orders. */
export const TicketTypeSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  isFree: z.boolean(),
  remaining: z.number().int(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  maxPerPerson: z.number().int().nullable(),
  availability: z.enum(TICKET_AVAILABILITY),
  /** True when this type was revealed by an unlock code. */
  unlocked: z.boolean(),
});
export type TicketType = z.infer<typeof TicketTypeSchema>;

/** What the event owner sees on /event/{eventId}/tickets. */
export const ManagedTicketTypeSchema = TicketTypeSchema.extend({
  quantity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  unlockCode: z.string().nullable(),
  isHidden: z.boolean(),
  validFrom: z.string().nullable(),
});
export type ManagedTicketType = z.infer<typeof ManagedTicketTypeSchema>;

export const TicketTypeListSchema = z.object({
  ticketTypes: z.array(TicketTypeSchema),
  /** Hidden types exist that an unlock code could reveal. */
  hasLocked: z.boolean(),
  /** The typed code is an access code of the event that reveals nothing now, and why. */
  codeProblem: z.enum(ACCESS_CODE_PROBLEMS).nullable().optional(),
});
export const ManagedTicketTypeListSchema = z.object({
  ticketTypes: z.array(ManagedTicketTypeSchema),
  /** Event capacity (null: unlimited) and the sum of quantities, to show the cap. */
  capacity: z.number().int().nullable(),
  allocated: z.number().int(),
});

// ---------- discount codes ----------

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;

export const DiscountCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, { error: 'A code needs at least 3 characters' })
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' }),
    kind: z.enum(DISCOUNT_KINDS),
    /** Percent (1–100) for `percent`, cents for `fixed`. */
    amount: z
      .number({ error: TICKET_MESSAGES.amountRequired })
      .int({ error: TICKET_MESSAGES.amountRequired })
      .min(1, { error: TICKET_MESSAGES.amountRequired })
      // A fixed amount is cents off an order, which never costs more than this.
      .max(PRICE_MAX_CENTS * ORDER_MAX_QUANTITY),
    ticketTypeId: z.uuid().nullish(),
    usageLimit: z.number().int().min(1).max(1_000_000).nullish(),
    validFrom: isoDateTime().nullish(),
    validUntil: isoDateTime().nullish(),
  })
  .refine((d) => d.kind !== 'percent' || d.amount <= 100, {
    path: ['amount'],
    error: TICKET_MESSAGES.percentRange,
  })
  .refine((d) => !d.validFrom || !d.validUntil || d.validUntil > d.validFrom, {
    path: ['validUntil'],
    error: 'The code must expire after it starts',
  });
export type DiscountCodeInput = z.input<typeof DiscountCodeInputSchema>;

export const DiscountCodeSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  amount: z.number().int(),
  ticketTypeId: z.uuid().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;
export const DiscountCodeListSchema = z.object({ discountCodes: z.array(DiscountCodeSchema) });
export type DiscountCodeList = z.infer<typeof DiscountCodeListSchema>;

// ---------- orders ----------

export const OrderLineInputSchema = z.object({
  ticketTypeId: z.uuid({ error: 'Please choose a ticket' }),
  quantity: z
    .number()
    .int()
    .min(1, { error: 'Please choose at least 1 ticket' })
    .max(ORDER_MAX_QUANTITY),
});
export const OrderInputSchema = z.object({
  items: z
    .array(OrderLineInputSchema)
    .min(1, { error: TICKET_MESSAGES.cartEmpty })
    .max(ORDER_MAX_LINES),
  discountCode: z.string().trim().max(40).nullish(),
  /** Unlock code that reveals hidden ticket types in this order. */
  unlockCode: z.string().trim().max(40).nullish(),
  /** Answers to the checkout questions (contracts/questions.ts), kept with the pending order. */
  answers: CheckoutAnswersSchema.nullish(),
  /** A business buyer's company details (contracts/billing-details.ts), checked by the server. */
  billingDetails: BillingDetailsInputSchema.nullish(),
});
export type OrderInput = z.input<typeof OrderInputSchema>;

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = [
  'tickets',
  'vendor_fee',
  'plan',
  'ad_budget',
  'streaming',
  'ride_seat',
] as const;

export const TICKET_STATUSES = ['valid', 'checked_in', 'void'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const OrderLineSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  /** 'product': merchandise, parking, a meal… (decision 051); it gives no ticket. */
  kind: z.enum(TICKET_TYPE_KINDS),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
});

export const TicketSummarySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  ticketTypeName: z.string(),
  status: z.enum(TICKET_STATUSES),
});

export const OrderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  discountCode: z.string().nullable(),
  /** Until when the stock is held (pending orders); null once paid or closed. */
  reservedUntil: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  items: z.array(OrderLineSchema),
  tickets: z.array(TicketSummarySchema),
  /** Where to pay (pending paid orders); null when nothing is due. */
  checkoutUrl: z.string().nullable(),
  /** The payment session (for the browser's pending payment record, spec §3). */
  paymentSessionId: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) });

export const QuoteSchema = z.object({
  currency: z.enum(CURRENCIES),
  lines: z.array(
    OrderLineSchema.omit({ id: true }).extend({ availability: z.enum(TICKET_AVAILABILITY) }),
  ),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  discountCode: z.string().nullable(),
  /** Net, tax and gross per line and in total; `totalCents` is the gross (decision 058). */
  tax: QuoteTaxSchema.optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const RefundInputSchema = z.object({
  /** Leave out for a full refund of what is left. */
  amountCents: z.number().int().min(1).max(INT4_MAX).optional(),
  reason: z.string().trim().max(500).optional(),
});

// ---------- tickets ----------

export const TicketSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(TICKET_STATUSES),
  /** Signed, unguessable text encoded in the QR code and typed at check-in. */
  code: z.string(),
  checkedInAt: z.string().nullable(),
  ticketTypeName: z.string(),
  /** Its seat ("A-Row C-12") when the event is sold by seat (decision 072); absent otherwise. */
  seat: z.string().optional(),
  /**
   * What the buyer was charged for this ticket: its share of its order line, tax included and
   * discount taken off (the attendee list's "Paid" and the receipt's figure, not the unit price).
   */
  paidCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  holderName: z.string(),
  event: z.object({
    id: z.uuid(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    timezone: z.string(),
    location: z.string(),
    isOnline: z.boolean(),
    coverImage: z.string().nullable(),
  }),
  createdAt: z.string(),
  /**
   * The event is over (its end, or a day after a start without one, has passed): the server's
   * one rule for upcoming and past, the events lists' own, so no page decides it by itself.
   */
  isPast: z.boolean(),
});
export type Ticket = z.infer<typeof TicketSchema>;
export const TicketListSchema = z.object({ tickets: z.array(TicketSchema) });
export type TicketList = z.infer<typeof TicketListSchema>;

export const CheckInInputSchema = z.object({
  code: z.string().trim().min(1, { error: 'Please enter or scan a ticket code' }).max(200),
});
export const CheckInResultSchema = z.object({
  result: z.enum(['checked_in', 'already_checked_in']),
  ticket: TicketSchema,
  /** The name of the ticket's seat's section ("Stalls"), when it has a seat. */
  seatSection: z.string().optional(),
});

export const AttendeeSchema = z.object({
  ticketId: z.uuid(),
  orderId: z.uuid(),
  holderName: z.string(),
  email: z.string(),
  ticketTypeName: z.string(),
  /** Its seat when the event is sold by seat (decision 072); absent otherwise. */
  seat: z.string().optional(),
  status: z.enum(TICKET_STATUSES),
  checkedInAt: z.string().nullable(),
  purchasedAt: z.string(),
  paidCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** How the box office was paid when the ticket was sold at the door; null: sold online. */
  boxOfficeMethod: z.enum(BOX_OFFICE_METHODS).nullable(),
});
export const SalesSchema = z.object({
  totalTicketsSold: z.number().int(),
  freeTicketsSold: z.number().int(),
  paidTicketsSold: z.number().int(),
  signupCount: z.number().int(),
  /** In the event's main currency, as cents. */
  earningsCents: z.number().int(),
  checkedIn: z.number().int(),
  held: z.number().int(),
});
export type Sales = z.infer<typeof SalesSchema>;
/** One page of an event's attendees; `q` finds a holder by name or email, or a ticket type. */
export const AttendeeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(200).default(''),
});
export type AttendeeListQuery = z.infer<typeof AttendeeListQuerySchema>;
export const AttendeeListSchema = z.object({
  /** The asked page of the attendees matching `q`, in purchase order. */
  attendees: z.array(AttendeeSchema),
  /** Attendees matching `q` on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sales: SalesSchema,
});

/** One page of an event's orders past pending; `q` finds a buyer by name or email. */
export const EventOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).default(''),
});
export type EventOrderListQuery = z.infer<typeof EventOrderListQuerySchema>;
/**
 * An order as its event's organizer lists it, with its tax as sold (decision 058), read from the
 * paid order's row (the Order a checkout answers does not carry it).
 */
export const EventOrderSchema = OrderSchema.extend({
  /** The tax within `totalCents` (the gross); 0 untaxed or reverse-charged. */
  taxCents: z.number().int(),
  /** `totalCents` − `taxCents`. */
  netCents: z.number().int(),
  pricesIncludeTax: z.boolean(),
  /** The buyer's business accounts for the VAT (EU reverse charge): no tax was charged. */
  reverseCharge: z.boolean(),
  /** How the box office was paid when the order was sold at the door; null: sold online. */
  boxOfficeMethod: z.enum(BOX_OFFICE_METHODS).nullable(),
});
export type EventOrder = z.infer<typeof EventOrderSchema>;
export const EventOrderListSchema = z.object({
  /** Newest first. */
  orders: z.array(EventOrderSchema),
  /** Orders matching `q` on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const PublicAttendingSchema = z.object({
  visibility: z.enum(ATTENDEE_VISIBILITY),
  count: z.number().int().nullable(),
  attendees: z.array(
    z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  ),
});

// ---------- payments ----------

/** Spec §7 create-checkout: an existing ticket order, a plan, or a vendor fee (cents). */
export const CreateCheckoutInputSchema = z.union([
  z.object({ orderId: z.uuid() }),
  z.object({
    planId: z.string().min(1),
    quantity: z.literal(1).default(1),
    isVendorFee: z.literal(false).default(false),
  }),
  z.object({
    eventId: z.uuid(),
    isVendorFee: z.literal(true),
    vendorFeeAmount: z.number().int().min(1).max(PRICE_MAX_CENTS),
  }),
]);
export const CheckoutUrlSchema = z.object({ url: z.string(), sessionId: z.string() });

export const LOCAL_SESSION_STATUSES = ['open', 'requires_action', 'complete', 'expired'] as const;
export const LocalCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(LOCAL_SESSION_STATUSES),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  lines: z.array(z.object({ label: z.string(), amountCents: z.number().int() })),
  expiresAt: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  /** The last decline on this session, to show again after a reload. */
  lastError: z.string().nullable(),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSessionSchema>;

export const LocalPayInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Please enter the name on the card' }).max(120),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: TICKET_MESSAGES.cardInvalid })),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: TICKET_MESSAGES.expiryInvalid }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: TICKET_MESSAGES.cvcInvalid }),
});
export const LocalConfirmInputSchema = z.object({ approve: z.boolean() });
export const LocalPayResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'declined']),
  message: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});

/** The payment behind a return URL's session_id, for the result pages. */
export const PaymentSessionSchema = z.object({
  sessionId: z.string(),
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  eventId: z.uuid().nullable(),
  /** True when this return created the payment_success notification (spec §4). */
  notified: z.boolean(),
});
export const PaymentReturnInputSchema = z.object({
  sessionId: z.string().min(1),
  /** When the browser stored its pending record (ms since epoch). */
  storedAt: z.number().int(),
});
