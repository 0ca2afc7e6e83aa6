import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  CreateEventInputSchema,
  EVENT_MESSAGES,
  type CreateEventInput,
} from '../../../contracts/events';
import { readVendorRequirements } from '../../../contracts/vendors';
import { isoToZonedLocal, zonedLocalToIso } from './event-time';
import type { EventDetail } from './api';

/** What the event form holds: strings as typed, so half-typed values survive re-renders. */
export interface EventFormValues {
  title: string;
  category: string;
  description: string;
  startsLocal: string;
  endsLocal: string;
  timezone: string;
  isOnline: boolean;
  onlineUrl: string;
  venueName: string;
  address: string;
  city: string;
  country: string;
  capacity: string;
  isFree: boolean;
  isPrivate: boolean;
  /** Who sees who is going on the event's attending page. */
  attendeeVisibility: NonNullable<CreateEventInput['attendeeVisibility']>;
  /** ISO 4217: the event's ticket types are priced in it. */
  currency: NonNullable<CreateEventInput['currency']>;
  /** The event asks vendors to apply (spec §3 vendor_fee_amount and metadata.vendor_requirements). */
  wantsVendors: boolean;
  /** The vendor fee in the event's currency as typed; blank is no fee. */
  vendorFee: string;
  vendorSpots: string;
  vendorCategories: string[];
  /** The stored metadata, kept so saving the form does not drop keys it does not show. */
  metadata: Record<string, unknown>;
}

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export function emptyEventForm(timezone: string): EventFormValues {
  return {
    title: '',
    category: '',
    description: '',
    startsLocal: '',
    endsLocal: '',
    timezone,
    isOnline: false,
    onlineUrl: '',
    venueName: '',
    address: '',
    city: '',
    country: '',
    capacity: '',
    isFree: true,
    isPrivate: false,
    attendeeVisibility: 'count',
    currency: 'USD',
    wantsVendors: false,
    vendorFee: '',
    vendorSpots: '',
    vendorCategories: [],
    metadata: {},
  };
}

export function eventToFormValues(event: EventDetail): EventFormValues {
  return {
    title: event.title,
    category: event.category,
    description: event.description,
    startsLocal: isoToZonedLocal(event.startsAt, event.timezone),
    endsLocal: event.endsAt ? isoToZonedLocal(event.endsAt, event.timezone) : '',
    timezone: event.timezone,
    isOnline: event.isOnline,
    onlineUrl: event.onlineUrl ?? '',
    venueName: event.venueName ?? '',
    address: event.address ?? '',
    city: event.city ?? '',
    country: event.country ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    isFree: event.isFree,
    isPrivate: event.visibility === 'private',
    attendeeVisibility: event.attendeeVisibility ?? 'count',
    currency: event.currency ?? 'USD',
    ...vendorValues(event),
  };
}

function vendorValues(
  event: Pick<EventDetail, 'vendorFeeAmount' | 'metadata'>,
): Pick<
  EventFormValues,
  'wantsVendors' | 'vendorFee' | 'vendorSpots' | 'vendorCategories' | 'metadata'
> {
  const metadata = event.metadata ?? {};
  const hasRequirements =
    typeof metadata.vendor_requirements === 'object' && metadata.vendor_requirements !== null;
  const requirements = readVendorRequirements(metadata);
  const fee = event.vendorFeeAmount ?? requirements.vendorFee ?? null;
  return {
    wantsVendors: event.vendorFeeAmount !== null || hasRequirements,
    vendorFee: fee ? String(fee) : '',
    vendorSpots: requirements.spots ? String(requirements.spots) : '',
    vendorCategories: requirements.categories ?? [],
    metadata,
  };
}

const orNull = (value: string) => value.trim() || null;

/** The API body for the form's values (the same shape for create and for a full edit). */
export function formValuesToInput(values: EventFormValues): CreateEventInput {
  const capacity = values.capacity.trim();
  return {
    title: values.title.trim(),
    // An empty choice is left for the schema to reject with its own message.
    category: values.category as CreateEventInput['category'],
    description: values.description,
    startsAt: zonedLocalToIso(values.startsLocal, values.timezone) ?? '',
    endsAt: values.endsLocal ? zonedLocalToIso(values.endsLocal, values.timezone) : null,
    timezone: values.timezone,
    isOnline: values.isOnline,
    onlineUrl: values.isOnline ? orNull(values.onlineUrl) : null,
    venueName: values.isOnline ? null : orNull(values.venueName),
    address: values.isOnline ? null : orNull(values.address),
    city: values.isOnline ? null : orNull(values.city),
    country: values.isOnline ? null : orNull(values.country),
    capacity: capacity ? Number(capacity) : null,
    isFree: values.isFree,
    visibility: values.isPrivate ? 'private' : 'public',
    attendeeVisibility: values.attendeeVisibility,
    currency: values.currency,
    ...vendorInput(values),
  };
}

/**
 * spec §4: the fee comes from vendor_fee_amount first, so the form writes the fee there and the
 * needed categories and spots to metadata.vendor_requirements; turning vendors off clears both.
 */
function vendorInput(
  values: EventFormValues,
): Pick<CreateEventInput, 'vendorFeeAmount' | 'metadata'> {
  const { vendor_requirements: _previous, ...metadata } = values.metadata;
  if (!values.wantsVendors) return { vendorFeeAmount: null, metadata };
  const fee = values.vendorFee.replace(/[\s,$]/g, '');
  const spots = values.vendorSpots.trim();
  return {
    vendorFeeAmount: fee ? Number(fee) : 0,
    metadata: {
      ...metadata,
      vendor_requirements: {
        ...(values.vendorCategories.length ? { categories: values.vendorCategories } : {}),
        ...(spots ? { spots: Number(spots) } : {}),
      },
    },
  };
}

// Read in the page's language when the form is checked (on submit).
const VENDOR_FEE_MESSAGE = msg`Enter a vendor fee from 0 to 100,000 in the event's currency`;
const VENDOR_SPOTS_MESSAGE = msg`Spots must be a whole number of 1 or more`;

// Schema paths that the form shows under another control.
const FIELD_FOR_PATH: Record<string, EventFormField> = {
  startsAt: 'startsLocal',
  endsAt: 'endsLocal',
};

/** Maps an API or schema field name to the form control that shows its message. */
export function formFieldFor(path: string): EventFormField | null {
  const name = path.replace(/^body\./, '').split('.')[0] ?? '';
  if (name in FIELD_FOR_PATH) return FIELD_FOR_PATH[name] ?? null;
  if (name === 'visibility') return 'isPrivate';
  if (name === 'vendorFeeAmount') return 'vendorFee';
  const full = path.replace(/^body\./, '');
  if (full.startsWith('metadata.vendor_requirements.spots')) return 'vendorSpots';
  if (full.startsWith('metadata.vendor_requirements.vendorFee')) return 'vendorFee';
  const known: EventFormField[] = [
    'title',
    'category',
    'description',
    'timezone',
    'onlineUrl',
    'venueName',
    'address',
    'city',
    'country',
    'capacity',
    'attendeeVisibility',
    'currency',
  ];
  return (known as string[]).includes(name) ? (name as EventFormField) : null;
}

/**
 * Checks the form with the shared CreateEventInputSchema (the server runs the same one), so the
 * messages match what the API would answer. Returns the body to send, or the field errors.
 */
export function validateEventForm(
  values: EventFormValues,
): { ok: true; input: CreateEventInput } | { ok: false; errors: EventFormErrors } {
  const input = formValuesToInput(values);
  const errors: EventFormErrors = {};
  if (values.capacity.trim() && !Number.isFinite(Number(values.capacity))) {
    errors.capacity = EVENT_MESSAGES.capacity;
  }
  if (values.wantsVendors) {
    const fee = input.vendorFeeAmount ?? 0;
    if (!Number.isFinite(fee) || fee < 0 || fee > 100_000 || Math.round(fee * 100) !== fee * 100)
      errors.vendorFee = i18n._(VENDOR_FEE_MESSAGE);
    const spots = values.vendorSpots.trim();
    if (spots && !(Number.isInteger(Number(spots)) && Number(spots) >= 1))
      errors.vendorSpots = i18n._(VENDOR_SPOTS_MESSAGE);
  }
  const result = CreateEventInputSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formFieldFor(issue.path.map(String).join('.'));
      if (field) errors[field] ??= issue.message;
    }
  }
  // zod skips the schema's cross-field rules while a field fails, so the form repeats the place
  // rules to show every message at once.
  if (!input.isOnline && !input.venueName && !input.address && !input.city) {
    errors.address ??= EVENT_MESSAGES.locationRequired;
  }
  if (input.isOnline && !input.onlineUrl) errors.onlineUrl ??= EVENT_MESSAGES.onlineUrl;
  // The schema says "start required" for any bad start; an unknown end shows the end rule.
  if (values.endsLocal && !input.endsAt) errors.endsLocal ??= EVENT_MESSAGES.endBeforeStart;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}
