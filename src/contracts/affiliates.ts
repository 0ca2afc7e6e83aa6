import { z } from 'zod';
import { AFFILIATE_COOKIE_DAYS } from './limits';

// The affiliate and referral program (decision 023). Money is integer cents, USD.

/** A commission stays pending this long after the sale: the window in which refunds happen. */
export const AFFILIATE_REFUND_WINDOW_DAYS = 14;
/** Smallest due balance an admin pays out. */
export const AFFILIATE_MIN_PAYOUT_CENTS = 2_500;
/** US reporting threshold: payouts at or above it need a W-9 on file (IRS 1099-NEC, $600). */
export const AFFILIATE_W9_THRESHOLD_CENTS = 60_000;
/** Repeated clicks from one browser session on one link within this window count once. */
export const CLICK_DEDUP_WINDOW_SECONDS = 600;
export const AFFILIATE_WINDOW_DAYS = AFFILIATE_COOKIE_DAYS;
/** Site-wide default when an opted-in event has no rule of its own: 10 % of ticket revenue. */
export const DEFAULT_COMMISSION = { kind: 'percent', value: 1_000 } as const;

/**
 * A code is PROMO- and three groups of four random characters ("PROMO-K7QX-M2PD-9HTR", decision
 * 047): short enough to read out or type, and unguessable (60 random bits). Codes given before
 * have the longer shape PROMO-{referrerId}-{timestamp}-{random} (spec §3 plus randomness) and
 * keep working.
 */
export const PROMO_CODE_PATTERN =
  /^PROMO-(?:[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}|[0-9a-f-]{36}-\d{10,14}-[A-Za-z0-9]{8,16})$/;

const uuid = (message: string) => z.uuid({ error: message });

export const JoinInputSchema = z.object({
  acceptTerms: z.literal(true, { error: 'Please accept the program terms' }),
});

export const TrackClickInputSchema = z.object({
  affiliateId: z.string().trim().min(1, 'Affiliate code is required').max(120),
  sessionId: z.string().trim().min(8, 'Session id is too short').max(80),
  eventId: uuid('Event not found').nullish(),
  test: z.boolean().default(false),
});

export const ReferralHandlerQuerySchema = z.object({
  event_id: z.string().max(80).optional(),
  session_id: z.string().max(80).optional(),
});

export const RecordSaleInputSchema = z.object({
  orderId: uuid('Order not found'),
});
export const RecordSaleResponseSchema = z.object({
  attributed: z.boolean(),
  reason: z.enum(['recorded', 'already', 'no_referral', 'self', 'expired', 'not_eligible']),
});

export const CommissionRuleInputSchema = z
  .object({
    eventId: uuid('Event not found'),
    isReferralBased: z.boolean(),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose percent or fixed' }),
    /** Percent: 0–100 with two decimals in basis points (1000 = 10 %); fixed: cents per ticket. */
    value: z
      .number({ error: 'Enter a number' })
      .int('Enter a whole number')
      .min(0, 'Cannot be negative')
      .max(1_000_000, 'Too large'),
  })
  .refine((v) => v.kind !== 'percent' || v.value <= 10_000, {
    path: ['value'],
    message: 'A percentage cannot exceed 100 %',
  });
export const CommissionRuleQuerySchema = z.object({ event_id: uuid('Event not found') });
export const CommissionRuleSchema = z.object({
  eventId: z.string(),
  isReferralBased: z.boolean(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
});

export const BalancesSchema = z.object({
  pendingCents: z.number().int(),
  dueCents: z.number().int(),
  paidCents: z.number().int(),
});

export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['commission', 'reversal', 'payout']),
  amountCents: z.number().int(),
  eventTitle: z.string().nullable(),
  reference: z.string().nullable(),
  availableAt: z.string(),
  createdAt: z.string(),
});

/** One page of the signed-in affiliate's ledger, newest first. */
export const AffiliateLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AffiliateLedgerQuery = z.infer<typeof AffiliateLedgerQuerySchema>;
export const AffiliateLedgerPageSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  /** Entries on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliateLedgerPage = z.infer<typeof AffiliateLedgerPageSchema>;

export const ReferralLinkSchema = z.object({
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  url: z.string(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  earningsCents: z.number().int(),
});

export const DailyPointSchema = z.object({
  day: z.string(),
  clicks: z.number().int(),
  conversions: z.number().int(),
});

export const AffiliateDashboardSchema = z.object({
  joined: z.boolean(),
  code: z.string().nullable(),
  links: z.array(ReferralLinkSchema),
  daily: z.array(DailyPointSchema),
  balances: BalancesSchema,
  ledger: z.array(LedgerEntrySchema),
  payoutMethod: z.string().nullable(),
  w9: z.object({ onFile: z.boolean(), tinMasked: z.string().nullable() }),
  minPayoutCents: z.number().int(),
  w9ThresholdCents: z.number().int(),
});
export type AffiliateDashboard = z.infer<typeof AffiliateDashboardSchema>;

export const PayoutMethodInputSchema = z.object({
  payoutMethod: z.enum(['paypal', 'bank_transfer', 'check'], { error: 'Choose a payout method' }),
  payoutDetails: z.string().trim().min(3, 'Enter where to send payouts').max(200),
});

export const TestActivitySchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  recent: z.array(z.object({ kind: z.enum(['click', 'conversion']), at: z.string() })),
});

export const TAX_CLASSIFICATIONS = [
  'individual',
  'c_corporation',
  's_corporation',
  'partnership',
  'trust_estate',
  'llc',
  'other',
] as const;

const SSN = /^(?!000|666|9\d\d)\d{3}-?(?!00)\d{2}-?(?!0000)\d{4}$/;
const EIN = /^\d{2}-?\d{7}$/;
const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const W9InputSchema = z
  .object({
    name: text('Name'),
    businessName: z.string().trim().max(120, 'Business name is too long').nullish(),
    taxClassification: z.enum(TAX_CLASSIFICATIONS, { error: 'Choose a tax classification' }),
    address: text('Address', 200),
    city: text('City', 80),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Use the two-letter state code'),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
    tinType: z.enum(['ssn', 'ein'], { error: 'Choose SSN or EIN' }),
    tin: z.string().trim().max(20, 'Enter a valid TIN'),
    certify: z.literal(true, { error: 'Please certify the information' }),
    signatureName: text('Signature'),
    signedOn: z.iso.date({ error: 'Enter the date' }),
  })
  .superRefine((v, ctx) => {
    const ok = v.tinType === 'ssn' ? SSN.test(v.tin) : EIN.test(v.tin);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['tin'],
        message:
          v.tinType === 'ssn'
            ? 'Enter a valid SSN (123-45-6789)'
            : 'Enter a valid EIN (12-3456789)',
      });
  });
export type W9Input = z.input<typeof W9InputSchema>;

export const W9SummarySchema = z.object({
  onFile: z.boolean(),
  name: z.string().nullable(),
  businessName: z.string().nullable(),
  taxClassification: z.string().nullable(),
  address: z.string().nullable(),
  tinType: z.enum(['ssn', 'ein']).nullable(),
  tinMasked: z.string().nullable(),
  signatureName: z.string().nullable(),
  signedOn: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

export const AdminAffiliateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  balances: BalancesSchema,
  w9OnFile: z.boolean(),
  tinMasked: z.string().nullable(),
  payoutMethod: z.string().nullable(),
});
export const AdminAffiliateListSchema = z.object({ affiliates: z.array(AdminAffiliateSchema) });

export const PayoutInputSchema = z.object({
  affiliateId: uuid('Affiliate not found'),
  amountCents: z
    .number()
    .int('Enter cents')
    .min(1, 'Enter an amount')
    .max(100_000_000, 'Too large'),
  reference: z.string().trim().min(1, 'Enter the payment reference').max(120),
});

export const RevealTinInputSchema = z.object({ affiliateId: uuid('Affiliate not found') });
export const RevealTinResponseSchema = z.object({ tin: z.string() });

/** "•••-••-6789" for an SSN, "••-•••6789" for an EIN: the last 4 only. */
export function maskTin(type: 'ssn' | 'ein', last4: string): string {
  return type === 'ssn' ? `•••-••-${last4}` : `••-•••${last4}`;
}
