import { z } from 'zod';
import { COUNTRY_CODES } from './questions';

// Business buyers (decision 060): the company details a buyer enters at checkout, the event's
// billing settings, and what an order shows of them.

export const BILLING_MESSAGES = {
  companyName: 'Please enter the company name',
  address: 'Please enter the street address',
  city: 'Please enter the city',
  country: 'Please choose a country from the list',
  vatIdCountry: 'This VAT ID does not belong to the chosen country',
  vatIdFormat: 'This VAT ID does not have the format of the chosen country',
  vatIdCheckDigit: 'This VAT ID is not valid: its check digit does not match',
  required: 'This event asks for company billing details',
  sellerCountry: 'Please choose the country you are registered for VAT in',
  reverseChargeNote: 'Reverse charge: VAT to be accounted for by the recipient',
  vatIdNotVerified: 'VAT ID checked for format only, not with the tax authority',
} as const;

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

const countryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), { error: message });

/** What a business buyer enters at checkout. The VAT ID is checked by the server. */
export const BillingDetailsInputSchema = z.object({
  companyName: text(BILLING_MESSAGES.companyName, 200),
  address: text(BILLING_MESSAGES.address, 300),
  postalCode: z.string().trim().max(20).default(''),
  city: text(BILLING_MESSAGES.city, 100),
  country: countryCode(BILLING_MESSAGES.country),
  vatId: z.string().trim().max(30).nullish(),
});
export type BillingDetailsInput = z.input<typeof BillingDetailsInputSchema>;

/** An order's billing details as entered, with the offline VAT ID check's result. */
export const OrderBillingDetailsSchema = z.object({
  orderId: z.uuid(),
  companyName: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  vatId: z.string().nullable(),
  /** Format and check digit only: never confirmed with a tax authority. */
  vatIdFormatValid: z.boolean(),
  reverseCharge: z.boolean(),
});
export type OrderBillingDetails = z.infer<typeof OrderBillingDetailsSchema>;

/** An event's billing settings, as the organizer sets them and as checkout reads them. */
export const EventBillingSettingsSchema = z.object({
  billingDetailsRequired: z.boolean(),
  reverseChargeEnabled: z.boolean(),
  /** ISO 3166-1 alpha-2 of the organizer's VAT registration; needed for reverse charge. */
  sellerCountry: z.string().nullable(),
});
export type EventBillingSettings = z.infer<typeof EventBillingSettingsSchema>;

export const EventBillingSettingsInputSchema = z
  .object({
    billingDetailsRequired: z.boolean().default(false),
    reverseChargeEnabled: z.boolean().default(false),
    sellerCountry: countryCode(BILLING_MESSAGES.country).nullish(),
  })
  .refine((s) => !s.reverseChargeEnabled || !!s.sellerCountry, {
    path: ['sellerCountry'],
    error: BILLING_MESSAGES.sellerCountry,
  });
export type EventBillingSettingsInput = z.input<typeof EventBillingSettingsInputSchema>;

export const OrderBillingDetailsResponseSchema = z.object({
  billingDetails: OrderBillingDetailsSchema.nullable(),
});
export type OrderBillingDetailsResponse = z.infer<typeof OrderBillingDetailsResponseSchema>;
