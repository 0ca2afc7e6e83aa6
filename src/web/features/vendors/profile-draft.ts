import {
  VENDOR_MESSAGES,
  VendorProfileInputSchema,
  type VendorLinks,
  type VendorProfile,
  type VendorProfileInput,
} from '../../../contracts/vendors';
import { parseMoneyInput } from '../../lib/money';
import { localizeVendorMessage } from './vendor-messages';

// The vendor profile form as typed (prices as text in dollars, links as text) and its
// conversion to the contract's input, checked with the same zod schema the server uses; its
// messages are shown in the page's language.

export const LINK_KEYS = ['website', 'instagram', 'facebook', 'tiktok', 'youtube', 'x'] as const;
export type LinkKey = (typeof LINK_KEYS)[number] & keyof VendorLinks;

export interface ServiceDraft {
  /** A stable key for React lists (not sent). */
  key: string;
  name: string;
  description: string;
  priceMin: string;
  priceMax: string;
}

export interface ProfileDraft {
  businessName: string;
  category: string;
  description: string;
  services: ServiceDraft[];
  links: Record<LinkKey, string>;
  serviceArea: string;
  availability: string;
}

let nextKey = 0;
export const newServiceKey = () => `service-${(nextKey += 1)}`;

export const emptyService = (): ServiceDraft => ({
  key: newServiceKey(),
  name: '',
  description: '',
  priceMin: '',
  priceMax: '',
});

const dollars = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);

export function draftFromProfile(profile: VendorProfile): ProfileDraft {
  const links = {} as Record<LinkKey, string>;
  for (const key of LINK_KEYS) links[key] = profile.links[key] ?? '';
  return {
    businessName: profile.businessName ?? '',
    category: profile.category ?? '',
    description: profile.description,
    services: profile.services.map((s) => ({
      key: newServiceKey(),
      name: s.name,
      description: s.description,
      priceMin: dollars(s.priceMinCents),
      priceMax: dollars(s.priceMaxCents),
    })),
    links,
    serviceArea: profile.serviceArea,
    availability: profile.availability,
  };
}

export type DraftResult =
  { ok: true; input: VendorProfileInput } | { ok: false; errors: Record<string, string> };

/**
 * The draft as the API's input, or the messages per field (keys as the server names them
 * without `body.`: `businessName`, `services.0.priceMaxCents`, `links.website`).
 */
export function draftToInput(draft: ProfileDraft): DraftResult {
  const errors: Record<string, string> = {};
  const price = (text: string, field: string): number | null => {
    if (!text.trim()) return null;
    const cents = parseMoneyInput(text);
    if (cents === null) errors[field] = localizeVendorMessage(VENDOR_MESSAGES.priceInvalid);
    return cents;
  };
  const links: Record<string, string | null> = {};
  for (const key of LINK_KEYS) links[key] = draft.links[key].trim() || null;
  const raw = {
    businessName: draft.businessName,
    category: draft.category || undefined,
    description: draft.description,
    services: draft.services.map((s, i) => ({
      name: s.name,
      description: s.description,
      priceMinCents: price(s.priceMin, `services.${i}.priceMinCents`),
      priceMaxCents: price(s.priceMax, `services.${i}.priceMaxCents`),
    })),
    links,
    serviceArea: draft.serviceArea,
    availability: draft.availability,
  };
  const parsed = VendorProfileInputSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= localizeVendorMessage(issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** The first field with an error, in the order the form shows them (for focusing it). */
export function firstErrorField(errors: Record<string, string>, draft: ProfileDraft) {
  const order = [
    'businessName',
    'category',
    'description',
    ...draft.services.flatMap((_, i) => [
      `services.${i}.name`,
      `services.${i}.priceMinCents`,
      `services.${i}.priceMaxCents`,
      `services.${i}.description`,
    ]),
    ...LINK_KEYS.map((key) => `links.${key}`),
    'serviceArea',
    'availability',
  ];
  return order.find((field) => errors[field]) ?? Object.keys(errors)[0] ?? null;
}
