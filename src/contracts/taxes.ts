import { z } from 'zod';
import { CURRENCY_CODES as CURRENCIES } from './currency';
import { COUNTRY_CODES } from './questions';

// Organizers' tax rates and the tax of an order (decision 058). A rate is a percentage with up
// to three decimals, kept in thousandths of a percent (20 % = 20000, 8.875 % = 8875).

export const TAX_RATE_NAME_MAX = 80;
export const TAX_RATES_PER_ORGANIZER_MAX = 100;

export const TAX_MESSAGES = {
  name: 'Please enter a name for the tax rate',
  percent: 'Please enter a percentage between 0 and 100 with at most 3 decimals',
  country: 'Please choose a country from the list',
  notFound: 'Tax rate not found',
  forbidden: 'Only the organizer who created this tax rate can change it',
  notYours: 'Please choose one of your own tax rates',
  tooMany: 'You can have at most 100 tax rates',
} as const;

const M = TAX_MESSAGES;

/** "8.875" (or 8.875) → 8875; anything not a percentage with ≤ 3 decimals is refused. */
const percent = z
  .union([z.number({ error: M.percent }), z.string({ error: M.percent })], { error: M.percent })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text);
    const thousandths = match
      ? Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
      : NaN;
    if (!(thousandths >= 0 && thousandths <= 100_000)) {
      ctx.addIssue({ code: 'custom', message: M.percent });
      return z.NEVER;
    }
    return thousandths;
  });

export const TaxRateInputSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(TAX_RATE_NAME_MAX, {
    error: M.name,
  }),
  /** The percentage, e.g. "20" or "8.875". */
  percent,
  /** ISO 3166-1 alpha-2; null or left out for a rate tied to no country. */
  country: z
    .string({ error: M.country })
    .trim()
    .toUpperCase()
    .refine((code) => (COUNTRY_CODES as readonly string[]).includes(code), { error: M.country })
    .nullish(),
});
export type TaxRateInput = z.input<typeof TaxRateInputSchema>;
/** What the route hands on: the percentage already in thousandths. */
export type TaxRateValues = z.output<typeof TaxRateInputSchema>;

export const TaxRateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Thousandths of a percent: 20 % = 20000. */
  rateThousandths: z.number().int(),
  /** The same as a person reads it: "20", "8.875". */
  percent: z.string(),
  country: z.string().nullable(),
  /** Ticket types and products it is assigned to. */
  usedBy: z.number().int(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;
export const TaxRateListSchema = z.object({ rates: z.array(TaxRateSchema) });

/** An event's tax settings: how its prices are entered and each ticket type's rate. */
export const EventTaxSettingsSchema = z.object({
  eventId: z.uuid(),
  pricesIncludeTax: z.boolean(),
  rates: z.array(TaxRateSchema),
  ticketTypes: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: z.string(),
      priceCents: z.number().int(),
      currency: z.string(),
      taxRateId: z.uuid().nullable(),
    }),
  ),
});
export type EventTaxSettings = z.infer<typeof EventTaxSettingsSchema>;

export const EventTaxSettingsInputSchema = z.object({
  pricesIncludeTax: z.boolean().optional(),
  /** Ticket type (or product variation) id → rate id, or null for no tax. */
  assignments: z
    .array(
      z.object({ ticketTypeId: z.uuid(), taxRateId: z.uuid({ error: M.notYours }).nullable() }),
    )
    .max(500)
    .optional(),
});
export type EventTaxSettingsInput = z.input<typeof EventTaxSettingsInputSchema>;

const money = z.number().int();

export const TaxSummaryLineSchema = z.object({
  orderItemId: z.uuid(),
  description: z.string(),
  quantity: z.number().int(),
  /** The line's gross divided by its quantity (the line's gross is exact). */
  unitGross: money,
  net: money,
  tax: money,
  gross: money,
  taxName: z.string().nullable(),
  /** Basis points (2000 = 20 %); one decimal when the rate has three (887.5 = 8.875 %). */
  rateBp: z.number(),
  rateThousandths: z.number().int(),
});

export const TaxSummarySchema = z.object({
  currency: z.enum(CURRENCIES),
  pricesIncludeTax: z.boolean(),
  reverseCharge: z.boolean(),
  lines: z.array(TaxSummaryLineSchema),
  byRate: z.array(
    z.object({
      taxName: z.string().nullable(),
      rateBp: z.number(),
      rateThousandths: z.number().int(),
      net: money,
      tax: money,
      gross: money,
    }),
  ),
  net: money,
  tax: money,
  gross: money,
  /** The tax given back by refunds so far (refunds reverse tax in proportion, decision 058). */
  refundedTax: money,
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;

/** The tax of a cart before it is ordered (the checkout summary). */
export const QuoteTaxSchema = z.object({
  pricesIncludeTax: z.boolean(),
  /** The company details sent with the quote make the buyer account for the VAT (decision 060). */
  reverseCharge: z.boolean().optional(),
  lines: z.array(
    z.object({
      ticketTypeId: z.uuid(),
      net: money,
      tax: money,
      gross: money,
      taxName: z.string().nullable(),
      rateThousandths: z.number().int(),
    }),
  ),
  net: money,
  tax: money,
  gross: money,
});
export type QuoteTax = z.infer<typeof QuoteTaxSchema>;

// The tax on MEA Events' own charges (decision 081): one rate per kind of charge, set by admins.
// The platform's prices include it, so a rate never changes what is charged.

export const PLATFORM_CHARGE_KINDS = ['plan', 'vendor_fee', 'ad_budget'] as const;
export type PlatformChargeKind = (typeof PLATFORM_CHARGE_KINDS)[number];

export const PLATFORM_TAX_MESSAGES = {
  kind: 'Please choose a subscription plan, vendor fee or advertising campaign',
} as const;

export const PlatformTaxRateInputSchema = z.object({
  name: TaxRateInputSchema.shape.name,
  /** The percentage, e.g. "20" or "8.875". */
  percent,
});
export type PlatformTaxRateInput = z.input<typeof PlatformTaxRateInputSchema>;

export const PlatformTaxKindParamsSchema = z.object({
  kind: z.enum(PLATFORM_CHARGE_KINDS, { error: PLATFORM_TAX_MESSAGES.kind }),
});

export const PlatformTaxRatesSchema = z.object({
  /** Only the kinds that have a rate; a kind left out is charged without tax. */
  rates: z.array(
    z.object({
      kind: z.enum(PLATFORM_CHARGE_KINDS),
      name: z.string(),
      rateThousandths: z.number().int(),
      percent: z.string(),
    }),
  ),
});
export type PlatformTaxRates = z.infer<typeof PlatformTaxRatesSchema>;

// A rate for one plan, one event's vendor fee or one ad campaign, in place of its kind's rate
// (decision 093). The item is the plan's, the event's or the campaign's id.

export const PLATFORM_ITEM_MESSAGES = {
  item: 'Please choose a plan, an event with a vendor fee or a campaign',
} as const;

export const PlatformTaxItemParamsSchema = PlatformTaxKindParamsSchema.extend({
  itemId: z.uuid({ error: PLATFORM_ITEM_MESSAGES.item }),
});

export const PlatformTaxItemQuerySchema = PlatformTaxKindParamsSchema.extend({
  /** Words of the plan's name, the event's title or the campaign's headline. */
  q: z.string().trim().max(100).optional(),
});

/** What can carry a rate of its own: up to 50 plans, events with a vendor fee or campaigns. */
export const PlatformTaxItemChoicesSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), label: z.string() })),
});
export type PlatformTaxItemChoices = z.infer<typeof PlatformTaxItemChoicesSchema>;

const platformRate = {
  kind: z.enum(PLATFORM_CHARGE_KINDS),
  name: z.string(),
  rateThousandths: z.number().int(),
  percent: z.string(),
};

/** The admin's list: the kinds' rates and the items' own, named for the console. */
export const AdminPlatformTaxRatesSchema = PlatformTaxRatesSchema.extend({
  items: z.array(z.object({ ...platformRate, itemId: z.uuid(), itemLabel: z.string() })),
});
export type AdminPlatformTaxRates = z.infer<typeof AdminPlatformTaxRatesSchema>;

/**
 * The public read, for the prices shown to buyers: the kinds' rates and the items' own. It holds
 * no person and no amount, only rates and the ids of what they apply to.
 */
export const PublicPlatformTaxRatesSchema = PlatformTaxRatesSchema.extend({
  items: z.array(z.object({ ...platformRate, itemId: z.uuid() })),
});
export type PublicPlatformTaxRates = z.infer<typeof PublicPlatformTaxRatesSchema>;
