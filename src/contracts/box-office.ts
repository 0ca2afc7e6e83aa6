import { z } from 'zod';
import { chargeStep } from './currency';

// Selling at the door (decision 070): the box office's catalogue, a sale, and a seller's shift.

export const BOX_OFFICE_METHODS = ['cash', 'card', 'complimentary'] as const;
export type BoxOfficeMethod = (typeof BOX_OFFICE_METHODS)[number];

/** Tickets of one type in one sale at most (a group at the desk, not a resale stock). */
export const BOX_OFFICE_MAX_QUANTITY = 50;

export const BoxOfficeSaleInputSchema = z.object({
  /** Ticket types and add-ons (a product variation's id, from the catalogue's `addOns`). */
  items: z
    .array(
      z.object({
        ticketTypeId: z.uuid(),
        quantity: z.number().int().min(1).max(BOX_OFFICE_MAX_QUANTITY),
      }),
    )
    .max(20)
    .default([]),
  /** Seats picked on the map of an event sold by seat; their categories set the lines. */
  seatIds: z.array(z.string().min(1).max(60)).max(BOX_OFFICE_MAX_QUANTITY).default([]),
  method: z.enum(BOX_OFFICE_METHODS),
  /** Cash only: what the guest handed over (minor units); none: the exact amount. */
  tenderedCents: z.number().int().min(0).max(100_000_000).optional(),
  buyerName: z.string().trim().max(200).optional(),
  /** The tickets are mailed here; none: they are handed over or admitted at once. */
  buyerEmail: z.email().max(254).optional(),
  /**
   * A card sale only: `desk` opens the provider's card form on the desk's screen and comes back
   * to the app; `phone` shows its hosted checkout as a QR code for the buyer's own phone, which
   * comes back to the payment pages.
   */
  cardOn: z.enum(['desk', 'phone']).default('desk'),
  /** Sell and admit: the tickets are checked in as soon as they are paid. */
  admit: z.boolean().default(false),
  gate: z.string().trim().max(60).default(''),
});
export type BoxOfficeSaleInput = z.input<typeof BoxOfficeSaleInputSchema>;

/** Required: checked after access, so a stranger is refused before being told it is missing. */
export const BoxOfficeHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional(),
});

export const BoxOfficeTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceCents: z.number().int(),
  /** Left to sell (the same stock as online sales). */
  remaining: z.number().int(),
  /** The type's tax rate (thousandths of a percent, 0: none), as the order will apply it. */
  taxRateThousandths: z.number().int(),
  /** The event's prices exclude tax: the order adds it on top of the price. */
  taxAdded: z.boolean(),
});

/** An add-on sold with tickets (a product's variation, decision 051), priced as online. */
const BoxOfficeAddOnSchema = z.object({
  /** The variation's ticket type id: sold as a line of `items`, like a ticket type. */
  id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  priceCents: z.number().int(),
  remaining: z.number().int(),
  taxRateThousandths: z.number().int(),
  taxAdded: z.boolean(),
});

export const BoxOfficeCatalogSchema = z.object({
  eventId: z.uuid(),
  currency: z.string(),
  ticketTypes: z.array(BoxOfficeTypeSchema),
  addOns: z.array(BoxOfficeAddOnSchema),
});
export type BoxOfficeCatalog = z.infer<typeof BoxOfficeCatalogSchema>;

export const BoxOfficeSaleSchema = z.object({
  orderId: z.uuid(),
  /**
   * paid: tickets issued; pending: waiting for the card payment at `checkoutUrl`; cancelled (by
   * the seller) or expired (the checkout closed unpaid): the hold is released, nothing is sold.
   */
  status: z.enum(['paid', 'pending', 'cancelled', 'expired']),
  method: z.enum(BOX_OFFICE_METHODS),
  currency: z.string(),
  totalCents: z.number().int(),
  tenderedCents: z.number().int().nullable(),
  changeCents: z.number().int().nullable(),
  checkoutUrl: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  tickets: z.array(
    z.object({
      id: z.uuid(),
      ticketTypeName: z.string(),
      status: z.enum(['valid', 'checked_in', 'void']),
    }),
  ),
  /** The add-ons sold with the tickets (they issue no ticket). */
  addOns: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});
export type BoxOfficeSale = z.infer<typeof BoxOfficeSaleSchema>;

/** "Mail the tickets later": the address the desk types for a sale already made. */
export const BoxOfficeMailInputSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});
export type BoxOfficeMailInput = z.input<typeof BoxOfficeMailInputSchema>;

/** The tickets mail is on its way (a repeat of the same request id sends nothing more). */
export const BoxOfficeMailSchema = z.object({
  sentTo: z.string(),
  ticketCount: z.number().int(),
});
export type BoxOfficeMail = z.infer<typeof BoxOfficeMailSchema>;

type PricedLine = { priceCents: number; taxRateThousandths: number; taxAdded: boolean };

/**
 * What a sale will charge before it is made, as the order's tax statement computes it
 * (server `taxes/tax-lines.ts` `computeTaxLine`): each line's amount, plus, where the event's
 * prices exclude tax, the line's tax rounded half up to the currency's charge step. Tax inside
 * the prices changes no total. Complimentary sales cost nothing.
 */
export function boxOfficeTotal(
  lines: { type: PricedLine; quantity: number }[],
  currency: string,
): number {
  const step = chargeStep(currency);
  return lines.reduce((sum, { type, quantity }) => {
    const amount = type.priceCents * quantity;
    if (!type.taxAdded || !type.taxRateThousandths || !amount) return sum + amount;
    const scaled = 100_000 * step;
    const tax = step * Math.floor((2 * amount * type.taxRateThousandths + scaled) / (2 * scaled));
    return sum + amount + tax;
  }, 0);
}

/** A seller's shift: their sales of one day in the event's time zone. */
export const BoxOfficeShiftSchema = z.object({
  sellerId: z.uuid().nullable(),
  /** The shift's day in the event's time zone (YYYY-MM-DD). */
  day: z.string(),
  sellerName: z.string(),
  sales: z.number().int(),
  tickets: z.number().int(),
  cashCents: z.number().int(),
  cardCents: z.number().int(),
  complimentary: z.number().int(),
  /** Null: a shift opened with a float before its first sale. */
  firstSaleAt: z.string().nullable(),
  lastSaleAt: z.string().nullable(),
  /** The drawer (decision 147), in minor units: the float it opened with. */
  floatCents: z.number().int(),
  /** Cash handed over by guests, and the change given back. */
  tenderedCents: z.number().int(),
  changeCents: z.number().int(),
  /** What should be in the drawer: float + cash handed over − change given. */
  expectedCents: z.number().int(),
  /** Counted at the close; null while the shift is open. */
  countedCents: z.number().int().nullable(),
  /** Counted − expected: positive over, negative short; null while open. */
  differenceCents: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** The last re-opening by the organizer or an admin, if any. */
  reopenedAt: z.string().nullable(),
  reopenedByName: z.string().nullable(),
});
export type BoxOfficeShift = z.infer<typeof BoxOfficeShiftSchema>;

export const BoxOfficeSummarySchema = z.object({
  currency: z.string(),
  /** The viewer may re-open a closed shift (the organizer and admins). */
  mayReopen: z.boolean(),
  shifts: z.array(BoxOfficeShiftSchema),
});
export type BoxOfficeSummary = z.infer<typeof BoxOfficeSummarySchema>;

/**
 * A shift is a seller's sales of a day in the event's time zone. The day (YYYY-MM-DD) is checked
 * after access, so a stranger is refused before being told the day is not a date.
 */
export const BoxOfficeShiftParamsSchema = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  day: z.string().max(40),
});

export const ShiftDaySchema = z.iso.date();

/** Cash in the drawer: whole minor units of the event's currency, as every box-office amount. */
const MAX_DRAWER_CENTS = 100_000_000;

/** The cash in the drawer when the shift opens. */
export const BoxOfficeFloatInputSchema = z.object({
  floatCents: z
    .number({ error: 'Enter the float as an amount' })
    .int({ error: 'Enter the float in whole minor units' })
    .min(0, { error: 'The float cannot be negative' })
    .max(MAX_DRAWER_CENTS, { error: 'The float is too large' }),
});
export type BoxOfficeFloatInput = z.input<typeof BoxOfficeFloatInputSchema>;

/** The cash counted in the drawer at the close. */
export const BoxOfficeCloseInputSchema = z.object({
  countedCents: z
    .number({ error: 'Enter the cash counted as an amount' })
    .int({ error: 'Enter the cash counted in whole minor units' })
    .min(0, { error: 'The cash counted cannot be negative' })
    .max(MAX_DRAWER_CENTS, { error: 'The cash counted is too large' }),
});
export type BoxOfficeCloseInput = z.input<typeof BoxOfficeCloseInputSchema>;
