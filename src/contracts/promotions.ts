import { z } from 'zod';
import { isoDateTime } from './bounds';

// Ads and the home billboard. Served content uses neutral names ("promotions",
// "sponsored") in URLs and classes: content blockers hide anything called ad, ads or banner.

export const PROMO_PLACEMENTS = [
  'home_billboard',
  'events_list',
  'search_results',
  'event_sidebar',
] as const;
export type PromoPlacement = (typeof PROMO_PLACEMENTS)[number];

export const PROMO_PRICING = ['cpm', 'cpc'] as const;
export type PromoPricing = (typeof PROMO_PRICING)[number];

export const PROMO_STATUSES = [
  'awaiting_payment',
  'in_review',
  'live',
  'paused',
  'rejected',
  'ended',
] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const PROMO_ACCOUNT_TYPES = ['attendee', 'organizer', 'vendor', 'venue'] as const;

/**
 * What a campaign costs: per 1,000 impressions (cpm) or per click (cpc), in US cents. Site
 * settings will own these once the admin settings exist; until then they live here, where the
 * form shows them and the server charges them.
 */
export const PROMO_PRICE_CENTS: Record<PromoPricing, number> = { cpm: 500, cpc: 40 };
export const PROMO_MIN_DAILY_CENTS = 500;
export const PROMO_MAX_TOTAL_CENTS = 10_000_000;
export const PROMO_HEADLINE_MAX = 70;
export const PROMO_BODY_MAX = 160;
/** How many served items one beacon may report. */
export const PROMO_BEACON_MAX = 50;

export const PROMO_MESSAGES = {
  headline: 'Please enter a headline',
  imageAlt: 'Please describe the image for people who cannot see it',
  targetPath: 'Please link to a page of this site (an event, a vendor or venue profile, a funnel)',
  endBeforeStart: 'The end must be after the start',
  dailyBudget: `The daily budget must be at least $${PROMO_MIN_DAILY_CENTS / 100}`,
  totalBudget: 'The total budget must be at least the daily budget',
  frequencyCap: 'Please choose between 1 and 50 views per person per day',
  notEditable: 'This campaign can no longer be changed',
  notPayable: 'This campaign is already paid',
  notInReview: 'This campaign is not waiting for review',
  cannotPause: 'Only a live campaign can be paused',
  cannotResume: 'Only a paused campaign can be resumed',
  cannotEnd: 'This campaign has already ended',
  eventGone: 'The linked event is not available',
  notFound: 'Campaign not found',
} as const;

// In-product destinations only: a campaign never sends people to another site.
export const PROMO_TARGET_PATTERN =
  /^\/(event|vendor|venues|organizers|f)\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

const money = (message: string, min: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(PROMO_MAX_TOTAL_CENTS, { error: `At most $${PROMO_MAX_TOTAL_CENTS / 100}` });

const tagList = (max: number) => z.array(z.string().trim().min(1).max(80)).max(max).default([]);

const CampaignFields = z.object({
  headline: z
    .string({ error: PROMO_MESSAGES.headline })
    .trim()
    .min(1, { error: PROMO_MESSAGES.headline })
    .max(PROMO_HEADLINE_MAX),
  body: z.string().trim().max(PROMO_BODY_MAX).default(''),
  imageAlt: z
    .string({ error: PROMO_MESSAGES.imageAlt })
    .trim()
    .min(1, { error: PROMO_MESSAGES.imageAlt })
    .max(200),
  targetPath: z
    .string({ error: PROMO_MESSAGES.targetPath })
    .regex(PROMO_TARGET_PATTERN, { error: PROMO_MESSAGES.targetPath }),
  placement: z.enum(PROMO_PLACEMENTS),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  dailyBudgetCents: money(PROMO_MESSAGES.dailyBudget, PROMO_MIN_DAILY_CENTS),
  totalBudgetCents: money(PROMO_MESSAGES.totalBudget, PROMO_MIN_DAILY_CENTS),
  pricing: z.enum(PROMO_PRICING),
  targetCategories: tagList(10),
  targetCities: tagList(10),
  targetAccountTypes: z.array(z.enum(PROMO_ACCOUNT_TYPES)).max(4).default([]),
  frequencyCap: z
    .number({ error: PROMO_MESSAGES.frequencyCap })
    .int({ error: PROMO_MESSAGES.frequencyCap })
    .min(1, { error: PROMO_MESSAGES.frequencyCap })
    .max(50, { error: PROMO_MESSAGES.frequencyCap })
    .default(5),
});

export const CreateAdCampaignInputSchema = CampaignFields.superRefine((value, ctx) => {
  if (new Date(value.endsAt) <= new Date(value.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: PROMO_MESSAGES.endBeforeStart });
  if (value.totalBudgetCents < value.dailyBudgetCents)
    ctx.addIssue({
      code: 'custom',
      path: ['totalBudgetCents'],
      message: PROMO_MESSAGES.totalBudget,
    });
});
export type CreateAdCampaignInput = z.input<typeof CreateAdCampaignInputSchema>;

/** Creative edits (any time before the campaign ends); the money and schedule stay as paid. */
export const UpdateAdCampaignInputSchema = CampaignFields.pick({
  headline: true,
  body: true,
  imageAlt: true,
}).partial();

export const AdCampaignSchema = z.object({
  id: z.uuid(),
  status: z.enum(PROMO_STATUSES),
  headline: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  targetPath: z.string(),
  placement: z.enum(PROMO_PLACEMENTS),
  startsAt: z.string(),
  endsAt: z.string(),
  dailyBudgetCents: z.number(),
  totalBudgetCents: z.number(),
  pricing: z.enum(PROMO_PRICING),
  priceCents: z.number(),
  targetCategories: z.array(z.string()),
  targetCities: z.array(z.string()),
  targetAccountTypes: z.array(z.string()),
  frequencyCap: z.number(),
  spentCents: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
});
export type AdCampaign = z.infer<typeof AdCampaignSchema>;
export const AdCampaignListSchema = z.object({ campaigns: z.array(AdCampaignSchema) });
export type AdCampaignList = z.infer<typeof AdCampaignListSchema>;

export const ReviewAdCampaignSchema = AdCampaignSchema.extend({
  ownerName: z.string(),
  ownerEmail: z.string(),
});
export type ReviewAdCampaign = z.infer<typeof ReviewAdCampaignSchema>;
export const ReviewAdCampaignListSchema = z.object({ campaigns: z.array(ReviewAdCampaignSchema) });
export type ReviewAdCampaignList = z.infer<typeof ReviewAdCampaignListSchema>;

export const AdCampaignReportSchema = z.object({
  campaign: AdCampaignSchema,
  days: z.array(
    z.object({
      day: z.string(),
      impressions: z.number(),
      clicks: z.number(),
      spendCents: z.number(),
    }),
  ),
});
export type AdCampaignReport = z.infer<typeof AdCampaignReportSchema>;

export const ServeQuerySchema = z.object({
  placement: z.enum(PROMO_PLACEMENTS),
  limit: z.coerce.number().int().min(1).max(6).default(1),
  category: z.string().max(80).optional(),
  city: z.string().max(100).optional(),
});

export const ServedItemSchema = z.object({
  /** Signed: names the campaign and this one serving (for the view beacon and the click link). */
  token: z.string(),
  headline: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  targetPath: z.string(),
  /** Goes through the click counter, then on to targetPath. */
  href: z.string(),
});
export type ServedItem = z.infer<typeof ServedItemSchema>;
export const ServedItemListSchema = z.object({ items: z.array(ServedItemSchema) });
export type ServedItemList = z.infer<typeof ServedItemListSchema>;

export const BeaconInputSchema = z.object({
  tokens: z.array(z.string().max(200)).min(1).max(PROMO_BEACON_MAX),
});

export const RejectInputSchema = z.object({
  note: z.string().trim().max(500).default(''),
});
