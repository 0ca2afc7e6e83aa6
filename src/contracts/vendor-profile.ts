import { z } from 'zod';
import { toChargedMinorUnits } from './currency';
import { VENDOR_SERVICE_TYPES } from './enums';
import { VENDOR_SERVICES_MAX, VENDOR_MESSAGES, type VendorServiceType } from './vendor-vocabulary';

// The vendor marketplace's vocabulary shared by every vendor contract and page: statuses,
// limits, messages, the pure rules web and server share, and the vendor's own profile. The
// routes are listed in vendors.ts, which re-exports this file.

export { VENDOR_SERVICE_TYPES } from './enums';
// Its statuses, limits and messages are in a module without zod, so that a page that needs only
// them (the vendor directory and profile) does not download zod (decision 095).
export * from './vendor-vocabulary';

// ---------- pure rules shared by web and server ----------

/** spec §2: business name, else full name, else "Unknown Vendor". */
export function vendorDisplayName(p: {
  businessName?: string | null;
  fullName?: string | null;
}): string {
  return p.businessName?.trim() || p.fullName?.trim() || VENDOR_MESSAGES.unknownVendor;
}

/** spec §2: category, else "Vendor". */
export function vendorDisplayCategory(p: { category?: string | null }): string {
  return p.category?.trim() || VENDOR_MESSAGES.defaultCategory;
}

/** metadata.vendor_requirements of an event (spec §3). Fees are in dollars like vendor_fee_amount. */
export const VendorRequirementsSchema = z.object({
  vendorFee: z.number().min(0).max(100_000).optional(),
  categories: z.array(z.enum(VENDOR_SERVICE_TYPES)).max(VENDOR_SERVICE_TYPES.length).optional(),
  spots: z.number().int().min(1).max(10_000).optional(),
});
export type VendorRequirements = z.infer<typeof VendorRequirementsSchema>;

/** Reads metadata.vendor_requirements leniently: unknown shapes count as "none". */
export function readVendorRequirements(metadata: unknown): VendorRequirements {
  if (!metadata || typeof metadata !== 'object') return {};
  const raw = (metadata as Record<string, unknown>).vendor_requirements;
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const fee = typeof r.vendorFee === 'string' ? Number(r.vendorFee) : r.vendorFee;
  const out: VendorRequirements = {};
  if (typeof fee === 'number' && Number.isFinite(fee) && fee >= 0) out.vendorFee = fee;
  if (Array.isArray(r.categories))
    out.categories = r.categories.filter((c): c is VendorServiceType =>
      (VENDOR_SERVICE_TYPES as readonly unknown[]).includes(c),
    );
  if (typeof r.spots === 'number' && Number.isInteger(r.spots) && r.spots > 0) out.spots = r.spots;
  return out;
}

/**
 * spec §4: the fee is the event's vendor_fee_amount, otherwise metadata.vendor_requirements
 * .vendorFee; in the event's currency (major units). 0 when neither is set.
 */
export function resolveVendorFee(event: {
  vendorFeeAmount?: number | null;
  metadata?: unknown;
}): number {
  if (event.vendorFeeAmount !== null && event.vendorFeeAmount !== undefined)
    return event.vendorFeeAmount;
  return readVendorRequirements(event.metadata).vendorFee ?? 0;
}

/**
 * spec §9: the fee is sent in cents (amount × 100). The fee is in the event's currency, so
 * "cents" are that currency's minor units (none in yen, thousandths in dinars), kept to its
 * charge step so the provider takes the amount (decision 074).
 */
export function vendorFeeCents(event: {
  vendorFeeAmount?: number | null;
  metadata?: unknown;
  currency: string;
}) {
  return toChargedMinorUnits(resolveVendorFee(event), event.currency);
}

// ---------- shared pieces ----------

/** A web link on a profile or an application: http(s), at most 500 characters. */
export const VendorLinkSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: VENDOR_MESSAGES.linkInvalid }));
const priceCents = z
  .number({ error: VENDOR_MESSAGES.priceInvalid })
  .int({ error: VENDOR_MESSAGES.priceInvalid })
  .min(0, { error: VENDOR_MESSAGES.priceInvalid })
  .max(100_000_000, { error: VENDOR_MESSAGES.priceInvalid });

export const VendorServiceSchema = z
  .object({
    name: z.string().trim().min(1, { error: VENDOR_MESSAGES.serviceNameRequired }).max(120),
    description: z.string().trim().max(1000).default(''),
    /** Price range in cents; null when "ask for a quote". */
    priceMinCents: priceCents.nullable().default(null),
    priceMaxCents: priceCents.nullable().default(null),
  })
  .refine(
    (s) =>
      s.priceMinCents === null || s.priceMaxCents === null || s.priceMaxCents >= s.priceMinCents,
    { path: ['priceMaxCents'], error: VENDOR_MESSAGES.priceRange },
  );
export type VendorService = z.output<typeof VendorServiceSchema>;

export const VendorLinksSchema = z.object({
  website: VendorLinkSchema.nullish(),
  instagram: VendorLinkSchema.nullish(),
  facebook: VendorLinkSchema.nullish(),
  tiktok: VendorLinkSchema.nullish(),
  youtube: VendorLinkSchema.nullish(),
  x: VendorLinkSchema.nullish(),
});
export type VendorLinks = z.infer<typeof VendorLinksSchema>;

export const GalleryImageSchema = z.object({
  id: z.string(),
  /** Served image, e.g. /media/vendor-gallery/<id>.webp (1600 px wide at most). */
  url: z.string(),
  /** A 400 px thumbnail. */
  thumbUrl: z.string(),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** Who a vendor is, as cards and lists show them (the fallbacks already applied). */
export const VendorSummarySchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  businessName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  category: z.string().nullable(),
  /** vendorDisplayName(): business name → full name → "Unknown Vendor". */
  displayName: z.string(),
  /** vendorDisplayCategory(): category → "Vendor". */
  displayCategory: z.string(),
});
export type VendorSummary = z.infer<typeof VendorSummarySchema>;

// ---------- vendor profile ----------

export const VendorProfileInputSchema = z.object({
  businessName: z
    .string({ error: VENDOR_MESSAGES.businessNameRequired })
    .trim()
    .min(1, { error: VENDOR_MESSAGES.businessNameRequired })
    .max(120),
  category: z.enum(VENDOR_SERVICE_TYPES, { error: VENDOR_MESSAGES.categoryRequired }),
  description: z
    .string()
    .trim()
    .max(5000, { error: VENDOR_MESSAGES.descriptionTooLong })
    .default(''),
  services: z.array(VendorServiceSchema).max(VENDOR_SERVICES_MAX).default([]),
  links: VendorLinksSchema.default({}),
  /** Where the vendor works, free text ("Atlanta metro", "Lagos and Abuja"). */
  serviceArea: z.string().trim().max(200).default(''),
  /** Free text ("Weekends", "Fridays and Saturdays, evenings"). */
  availability: z.string().trim().max(500).default(''),
});
export type VendorProfileInput = z.input<typeof VendorProfileInputSchema>;

export const VendorProfileSchema = VendorSummarySchema.extend({
  description: z.string(),
  services: z.array(VendorServiceSchema),
  links: VendorLinksSchema,
  gallery: z.array(GalleryImageSchema),
  serviceArea: z.string(),
  availability: z.string(),
  /** False until the vendor first saves the profile form. */
  isComplete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorProfile = z.infer<typeof VendorProfileSchema>;
