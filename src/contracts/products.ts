import { z } from 'zod';
import { isoDateTime } from './bounds';
import type { TICKET_TYPE_KINDS } from './tickets';
import { CURRENCIES, ORDER_MAX_QUANTITY, PRICE_MAX_CENTS, TICKET_AVAILABILITY } from './tickets';

// Products: what an event sells besides admission (merchandise, parking, a meal, a workshop
// seat), alone or as an add-on to chosen ticket types with a least and most per ticket. Each
// variation (a T-shirt's S, M, L) is a ticket type row of kind `product`, so it has its own
// stock, price and hold like any ticket (decision 051).

export type TicketTypeKind = (typeof TICKET_TYPE_KINDS)[number];

export const PRODUCT_CATEGORIES = ['merchandise', 'parking', 'meal', 'workshop', 'other'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_MAX_VARIATIONS = 20;
export const PRODUCT_MAX_ADD_ON_RULES = 20;
/** The most of one add-on a single ticket may carry. */
export const ADD_ON_MAX_PER_TICKET = 20;
export const PRODUCT_MAX_QUANTITY = 1_000_000;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Please enter a name for this product',
  price: 'Price must be 0 or more',
  quantity: 'Quantity must be a whole number of 1 or more',
  variationLabelRequired: 'Please name each variation',
  variationLabelTaken: 'Each variation needs a different name',
  salesWindow: 'Sales must end after they start',
  perTicket: 'The most per ticket must be at least the least per ticket',
  addOnTicketTwice: 'Each ticket type can have only one rule for this product',
  addOnTicketUnknown: 'Please choose a ticket type of this event',
  addOnNeeded: 'A product not sold alone needs at least one ticket type to be added to',
  quantityBelowSold: 'Quantity cannot be less than the products already sold or held',
  variationHasSales: 'This variation was sold or is held and cannot be removed',
  hasSales: 'This product was sold or is held. Stop its sales instead of deleting it.',
  // Checkout's add-on rules: a ticket's add-ons, all variations of the product counted together.
  addOnBelowMin: (min: number, product: string) =>
    `Please choose at least ${min} × ${product} for your tickets`,
  addOnAboveMax: (max: number, product: string) =>
    `You can add at most ${max} × ${product} for your tickets`,
  addOnNeedsTicket: (product: string) => `${product} is sold only with a ticket`,
} as const;

const money = z
  .number({ error: PRODUCT_MESSAGES.price })
  .int({ error: PRODUCT_MESSAGES.price })
  .min(0, { error: PRODUCT_MESSAGES.price })
  .max(PRICE_MAX_CENTS);

const stock = z
  .number({ error: PRODUCT_MESSAGES.quantity })
  .int({ error: PRODUCT_MESSAGES.quantity })
  .min(1, { error: PRODUCT_MESSAGES.quantity })
  .max(PRODUCT_MAX_QUANTITY);

export const ProductVariationInputSchema = z.object({
  /** An existing variation keeps its id (and its sales); a new one has none. */
  id: z.uuid().nullish(),
  /** Empty for a product without variations (then it is its only variation). */
  label: z.string().trim().max(40).default(''),
  /** Null: the product's price. */
  priceCents: money.nullish(),
  quantity: stock,
});

export const AddOnRuleInputSchema = z
  .object({
    ticketTypeId: z.uuid({ error: PRODUCT_MESSAGES.addOnTicketUnknown }),
    minPerTicket: z.number().int().min(0).max(ADD_ON_MAX_PER_TICKET).default(0),
    maxPerTicket: z.number().int().min(1).max(ADD_ON_MAX_PER_TICKET).default(1),
  })
  .refine((r) => r.maxPerTicket >= r.minPerTicket, {
    path: ['maxPerTicket'],
    error: PRODUCT_MESSAGES.perTicket,
  });

export const ProductInputSchema = z
  .object({
    name: z.string().trim().min(1, { error: PRODUCT_MESSAGES.nameRequired }).max(80),
    description: z.string().trim().max(500).default(''),
    category: z.enum(PRODUCT_CATEGORIES).default('merchandise'),
    priceCents: money,
    currency: z.enum(CURRENCIES).default('USD'),
    /** Bought on its own, without a ticket; otherwise only as an add-on. */
    soldAlone: z.boolean().default(true),
    salesStart: isoDateTime().nullish(),
    salesEnd: isoDateTime().nullish(),
    maxPerOrder: z.number().int().min(1).max(ORDER_MAX_QUANTITY).default(10),
    variations: z
      .array(ProductVariationInputSchema)
      .min(1, { error: PRODUCT_MESSAGES.quantity })
      .max(PRODUCT_MAX_VARIATIONS),
    addOns: z.array(AddOnRuleInputSchema).max(PRODUCT_MAX_ADD_ON_RULES).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.salesStart && p.salesEnd && p.salesEnd <= p.salesStart)
      ctx.addIssue({ code: 'custom', path: ['salesEnd'], message: PRODUCT_MESSAGES.salesWindow });
    if (p.variations.length > 1) {
      const seen = new Set<string>();
      p.variations.forEach((v, i) => {
        const key = v.label.toLowerCase();
        if (!key)
          ctx.addIssue({
            code: 'custom',
            path: ['variations', i, 'label'],
            message: PRODUCT_MESSAGES.variationLabelRequired,
          });
        else if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['variations', i, 'label'],
            message: PRODUCT_MESSAGES.variationLabelTaken,
          });
        seen.add(key);
      });
    }
    const types = new Set<string>();
    p.addOns.forEach((rule, i) => {
      if (types.has(rule.ticketTypeId))
        ctx.addIssue({
          code: 'custom',
          path: ['addOns', i, 'ticketTypeId'],
          message: PRODUCT_MESSAGES.addOnTicketTwice,
        });
      types.add(rule.ticketTypeId);
    });
    if (!p.soldAlone && !p.addOns.length)
      ctx.addIssue({ code: 'custom', path: ['addOns'], message: PRODUCT_MESSAGES.addOnNeeded });
  });
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ParsedProductInput = z.output<typeof ProductInputSchema>;

export const ProductVariationSchema = z.object({
  /** The variation's ticket type: what a cart line names. */
  ticketTypeId: z.uuid(),
  /** Null for a product without variations. */
  label: z.string().nullable(),
  /** What the order and receipt call it: "T-shirt (M)". */
  displayName: z.string(),
  priceCents: z.number().int(),
  /** True when the variation has its own price rather than the product's. */
  ownPrice: z.boolean(),
  remaining: z.number().int(),
  availability: z.enum(TICKET_AVAILABILITY),
});
export type ProductVariation = z.infer<typeof ProductVariationSchema>;

export const AddOnRuleSchema = z.object({
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  minPerTicket: z.number().int(),
  maxPerTicket: z.number().int(),
});
export type AddOnRule = z.infer<typeof AddOnRuleSchema>;

/** What a buyer sees on the event's ticket picker. */
export const ProductSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  priceCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  soldAlone: z.boolean(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  maxPerOrder: z.number().int(),
  variations: z.array(ProductVariationSchema),
  addOns: z.array(AddOnRuleSchema),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductListSchema = z.object({ products: z.array(ProductSchema) });

/** What the event owner sees: each variation's stock, sold and held. */
export const ManagedProductSchema = ProductSchema.extend({
  variations: z.array(
    ProductVariationSchema.extend({
      quantity: z.number().int(),
      sold: z.number().int(),
      held: z.number().int(),
    }),
  ),
});
export type ManagedProduct = z.infer<typeof ManagedProductSchema>;
export const ManagedProductListSchema = z.object({ products: z.array(ManagedProductSchema) });
