import { z } from 'zod';

// Invoices and credit notes (docs/decisions/059): an organizer's billing profile, the invoices of
// paid orders numbered without gaps, and the credit notes refunds issue.

export const INVOICE_ISSUE_MODES = ['automatic', 'on_request'] as const;
export type InvoiceIssueMode = (typeof INVOICE_ISSUE_MODES)[number];
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The number format a new profile starts with: "INV-2026-00001". */
export const DEFAULT_NUMBER_FORMAT = '{prefix}{year}-{number:5}';
export const DEFAULT_NUMBER_PREFIX = 'INV-';
/** The seller key of MEA Events' own billing profile (its charges to organizers and vendors). */
export const PLATFORM_SELLER = 'platform';

export const INVOICE_MESSAGES = {
  legalName: 'Please enter the legal name invoices are issued in',
  address: 'Please enter the address printed on invoices (up to 500 characters)',
  prefix: 'The prefix may have up to 20 letters, digits, dashes, slashes or dots',
  // No braces here: the catalogs read them as placeholders (the form's hint lists the tokens).
  format: 'The number format must contain the invoice number',
} as const;

// {number} or {number:N} (zero-padded to N digits, 1 to 9).
const NUMBER_TOKEN = /\{number(?::[1-9])?\}/;

export const BillingProfileInputSchema = z.object({
  legalName: z
    .string({ error: INVOICE_MESSAGES.legalName })
    .trim()
    .min(1, { error: INVOICE_MESSAGES.legalName })
    .max(200, { error: INVOICE_MESSAGES.legalName }),
  address: z
    .string({ error: INVOICE_MESSAGES.address })
    .trim()
    .min(1, { error: INVOICE_MESSAGES.address })
    .max(500, { error: INVOICE_MESSAGES.address }),
  taxId: z.string().trim().max(40).default(''),
  footer: z.string().trim().max(500).default(''),
  numberPrefix: z
    .string({ error: INVOICE_MESSAGES.prefix })
    .trim()
    .max(20, { error: INVOICE_MESSAGES.prefix })
    .regex(/^[\p{L}\p{N}\-/.]*$/u, { error: INVOICE_MESSAGES.prefix }),
  numberFormat: z
    .string({ error: INVOICE_MESSAGES.format })
    .trim()
    .max(60, { error: INVOICE_MESSAGES.format })
    .regex(NUMBER_TOKEN, { error: INVOICE_MESSAGES.format }),
  issueMode: z.enum(INVOICE_ISSUE_MODES),
});
export type BillingProfileInput = z.infer<typeof BillingProfileInputSchema>;

export const BillingProfileSchema = BillingProfileInputSchema.extend({
  /** The uploaded logo (`POST …/logo`), printed at the top of invoices; null without one. */
  logoUrl: z.string().nullable(),
  /** What the next invoice's number looks like (the format with the next free number). */
  nextNumber: z.string(),
  updatedAt: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;
/** The profile, or null when the seller has not set one up (no invoices are issued then). */
export const BillingProfileAnswerSchema = z.object({ profile: BillingProfileSchema.nullable() });
export type BillingProfileAnswer = z.infer<typeof BillingProfileAnswerSchema>;

export const InvoiceSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  orderId: z.uuid(),
  /** The invoice a credit note refers to. */
  refersToNumber: z.string().nullable(),
  /** True for an invoice a full credit note cancelled. */
  cancelled: z.boolean(),
  currency: z.string(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  grossCents: z.number().int(),
  issuedAt: z.string(),
  /** Where the PDF is (for the buyer, the organizer and admins). */
  pdfUrl: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** An order's invoices and credit notes, and whether the buyer may ask for one now. */
export const OrderInvoicesSchema = z.object({
  invoices: z.array(InvoiceSummarySchema),
  canRequest: z.boolean(),
});
export type OrderInvoices = z.infer<typeof OrderInvoicesSchema>;

/** The buyer as a re-issued invoice names them (the organizer corrects a name or address). */
export const InvoiceBuyerSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).default(''),
  company: z.string().trim().max(200).nullable().default(null),
  address: z.string().trim().max(500).nullable().default(null),
  vatId: z.string().trim().max(40).nullable().default(null),
});
export const ReissueInvoiceSchema = z.object({ buyer: InvoiceBuyerSchema });
export type ReissueInvoiceInput = z.infer<typeof ReissueInvoiceSchema>;
