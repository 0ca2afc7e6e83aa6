import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '../../../contracts/events';
import type { OwnedEvent } from './api';
import {
  emptyEventForm,
  eventToFormValues,
  formFieldFor,
  validateEventForm,
  type EventFormValues,
} from './event-form-values';

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...emptyEventForm('America/New_York'),
    title: 'Jazz Night',
    category: 'Music',
    startsLocal: '2030-06-06T19:00',
    endsLocal: '2030-06-06T22:00',
    city: 'Brooklyn',
    ...overrides,
  };
}

describe('validateEventForm', () => {
  it('accepts a complete form and builds the API body in the chosen zone', () => {
    const result = validateEventForm(valid({ capacity: '120', isPrivate: true }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      title: 'Jazz Night',
      category: 'Music',
      startsAt: '2030-06-06T23:00:00.000Z',
      endsAt: '2030-06-07T02:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      capacity: 120,
      visibility: 'private',
      onlineUrl: null,
    });
  });

  it('reports the shared schema messages on the matching controls', () => {
    const result = validateEventForm(emptyEventForm('UTC'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe(EVENT_MESSAGES.titleRequired);
    expect(result.errors.category).toBe(EVENT_MESSAGES.categoryRequired);
    expect(result.errors.startsLocal).toBe(EVENT_MESSAGES.startRequired);
    expect(result.errors.address).toBe(EVENT_MESSAGES.locationRequired);
  });

  it('needs an end after the start', () => {
    const result = validateEventForm(valid({ endsLocal: '2030-06-06T18:00' }));
    expect(result.ok || result.errors.endsLocal).toBe(EVENT_MESSAGES.endBeforeStart);
  });

  it('needs a link for online events and drops the place', () => {
    const missing = validateEventForm(valid({ isOnline: true }));
    expect(missing.ok || missing.errors.onlineUrl).toBe(EVENT_MESSAGES.onlineUrl);
    const bad = validateEventForm(valid({ isOnline: true, onlineUrl: 'javascript:alert(1)' }));
    expect(bad.ok || bad.errors.onlineUrl).toBe(EVENT_MESSAGES.onlineUrl);
    const ok = validateEventForm(valid({ isOnline: true, onlineUrl: 'https://meet.example/x' }));
    expect(ok.ok && ok.input.city).toBeNull();
  });

  it('rejects a capacity that is not a whole number of 1 or more', () => {
    for (const capacity of ['0', '2.5', 'lots']) {
      const result = validateEventForm(valid({ capacity }));
      expect(result.ok || result.errors.capacity).toBe(EVENT_MESSAGES.capacity);
    }
  });
});

describe('formFieldFor', () => {
  it('maps server field names to form controls', () => {
    expect(formFieldFor('body.startsAt')).toBe('startsLocal');
    expect(formFieldFor('endsAt')).toBe('endsLocal');
    expect(formFieldFor('body.title')).toBe('title');
    expect(formFieldFor('body.metadata.x')).toBeNull();
    expect(formFieldFor('body.vendorFeeAmount')).toBe('vendorFee');
    expect(formFieldFor('body.metadata.vendor_requirements.spots')).toBe('vendorSpots');
  });
});

describe('vendor requirements in the event form', () => {
  it('writes the fee to vendorFeeAmount and categories and spots to the metadata, keeping other keys', () => {
    const result = validateEventForm(
      valid({
        wantsVendors: true,
        vendorFee: '$1,250.50',
        vendorSpots: '4',
        vendorCategories: ['DJ', 'Caterer'],
        metadata: { theme: 'jazz', vendor_requirements: { vendorFee: 10 } },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.vendorFeeAmount).toBe(1250.5);
    expect(result.input.metadata).toEqual({
      theme: 'jazz',
      vendor_requirements: { categories: ['DJ', 'Caterer'], spots: 4 },
    });
  });

  it('asks for no fee when the fee is blank, and clears everything when vendors are off', () => {
    const on = validateEventForm(valid({ wantsVendors: true }));
    expect(on.ok && on.input.vendorFeeAmount).toBe(0);
    expect(on.ok && on.input.metadata).toEqual({ vendor_requirements: {} });
    const off = validateEventForm(
      valid({ metadata: { theme: 'jazz', vendor_requirements: { spots: 2 } } }),
    );
    expect(off.ok && off.input).toMatchObject({
      vendorFeeAmount: null,
      metadata: { theme: 'jazz' },
    });
    expect(off.ok && off.input.metadata).not.toHaveProperty('vendor_requirements');
  });

  it('refuses a fee or spots it cannot read', () => {
    const result = validateEventForm(
      valid({ wantsVendors: true, vendorFee: '12.345', vendorSpots: '0' }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        vendorFee: "Enter a vendor fee from 0 to 100,000 in the event's currency",
        vendorSpots: 'Spots must be a whole number of 1 or more',
      },
    });
    expect(validateEventForm(valid({ wantsVendors: true, vendorFee: 'lots' }))).toMatchObject({
      ok: false,
      errors: { vendorFee: "Enter a vendor fee from 0 to 100,000 in the event's currency" },
    });
  });

  it('reads the settings back from a stored event (fee from the metadata when the column is empty)', () => {
    const event = {
      ...({} as OwnedEvent),
      title: 'Fair',
      category: 'Festival',
      description: '',
      startsAt: '2031-10-04T18:00:00.000Z',
      endsAt: null,
      timezone: 'UTC',
      isOnline: false,
      onlineUrl: null,
      venueName: null,
      address: null,
      city: 'Brooklyn',
      country: null,
      capacity: null,
      isFree: true,
      visibility: 'public' as const,
      attendeeVisibility: 'count' as const,
      vendorFeeAmount: null,
      metadata: { vendor_requirements: { vendorFee: 75, spots: 3, categories: ['DJ'] } },
    };
    expect(eventToFormValues(event)).toMatchObject({
      wantsVendors: true,
      vendorFee: '75',
      vendorSpots: '3',
      vendorCategories: ['DJ'],
    });
    expect(eventToFormValues({ ...event, metadata: {} })).toMatchObject({ wantsVendors: false });
  });
});
