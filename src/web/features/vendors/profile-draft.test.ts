import { describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES, type VendorProfile } from '../../../contracts/vendors';
import {
  draftFromProfile,
  draftToInput,
  emptyService,
  firstErrorField,
  type ProfileDraft,
} from './profile-draft';

function draft(overrides: Partial<ProfileDraft> = {}): ProfileDraft {
  return {
    businessName: 'Ortiz Sound',
    category: 'DJ',
    description: 'Weddings and galas',
    services: [],
    links: { website: '', instagram: '', facebook: '', tiktok: '', youtube: '', x: '' },
    serviceArea: 'Brooklyn',
    availability: 'Weekends',
    ...overrides,
  };
}

describe('draftToInput', () => {
  it('turns dollar prices into cents and blank links into null', () => {
    const result = draftToInput(
      draft({
        services: [
          { ...emptyService(), name: 'DJ set', priceMin: '250', priceMax: '1,200.50' },
          { ...emptyService(), name: 'Quote only' },
        ],
        links: { ...draft().links, website: ' https://ortiz.example ' },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.services).toEqual([
      { name: 'DJ set', description: '', priceMinCents: 25000, priceMaxCents: 120050 },
      { name: 'Quote only', description: '', priceMinCents: null, priceMaxCents: null },
    ]);
    expect(result.input.links).toMatchObject({ website: 'https://ortiz.example', x: null });
  });

  it('names every wrong field with the contract messages', () => {
    const result = draftToInput(
      draft({
        businessName: '  ',
        category: '',
        services: [{ ...emptyService(), name: '', priceMin: 'abc', priceMax: '' }],
        links: { ...draft().links, instagram: 'instagram.com/me' },
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      businessName: VENDOR_MESSAGES.businessNameRequired,
      category: VENDOR_MESSAGES.categoryRequired,
      'services.0.name': VENDOR_MESSAGES.serviceNameRequired,
      'services.0.priceMinCents': VENDOR_MESSAGES.priceInvalid,
      'links.instagram': VENDOR_MESSAGES.linkInvalid,
    });
  });

  it('refuses a range whose top is below its bottom', () => {
    const result = draftToInput(
      draft({ services: [{ ...emptyService(), name: 'Set', priceMin: '500', priceMax: '100' }] }),
    );
    expect(result).toEqual({
      ok: false,
      errors: { 'services.0.priceMaxCents': VENDOR_MESSAGES.priceRange },
    });
  });

  it('orders errors as the form shows them', () => {
    const d = draft({ services: [emptyService()] });
    expect(
      firstErrorField({ 'links.website': 'x', 'services.0.name': 'y', category: 'z' }, d),
    ).toBe('category');
    expect(firstErrorField({}, d)).toBeNull();
  });
});

describe('draftFromProfile', () => {
  it('shows stored cents as dollars and missing links as blanks', () => {
    const profile = {
      businessName: null,
      category: null,
      description: '',
      services: [{ name: 'Set', description: '', priceMinCents: 25000, priceMaxCents: 7550 }],
      links: { website: 'https://a.example' },
      serviceArea: '',
      availability: '',
    } as unknown as VendorProfile;
    const result = draftFromProfile(profile);
    expect(result.businessName).toBe('');
    expect(result.services[0]).toMatchObject({ priceMin: '250', priceMax: '75.50' });
    expect(result.links).toMatchObject({ website: 'https://a.example', instagram: '' });
  });
});
