import { describe, expect, it } from 'vitest';
import {
  VendorProfileInputSchema,
  readVendorRequirements,
  resolveVendorFee,
  vendorDisplayCategory,
  vendorDisplayName,
  vendorFeeCents,
} from './vendors';

describe('vendor fee (spec §4, §9)', () => {
  it('takes vendor_fee_amount first, even when it is 0', () => {
    expect(resolveVendorFee({ vendorFeeAmount: 25, metadata: {} })).toBe(25);
    expect(
      resolveVendorFee({
        vendorFeeAmount: 25,
        metadata: { vendor_requirements: { vendorFee: 99 } },
      }),
    ).toBe(25);
    expect(
      resolveVendorFee({
        vendorFeeAmount: 0,
        metadata: { vendor_requirements: { vendorFee: 99 } },
      }),
    ).toBe(0);
  });

  it('falls back to metadata.vendor_requirements.vendorFee, else 0', () => {
    expect(
      resolveVendorFee({
        vendorFeeAmount: null,
        metadata: { vendor_requirements: { vendorFee: 40 } },
      }),
    ).toBe(40);
    // Older clients stored the fee as a string.
    expect(resolveVendorFee({ metadata: { vendor_requirements: { vendorFee: '12.5' } } })).toBe(
      12.5,
    );
    expect(resolveVendorFee({ metadata: { vendor_requirements: { vendorFee: -3 } } })).toBe(0);
    expect(resolveVendorFee({ metadata: { vendor_requirements: 'lots' } })).toBe(0);
    expect(resolveVendorFee({ vendorFeeAmount: null, metadata: null })).toBe(0);
  });

  it('sends cents as amount × 100, rounded like checkout prices', () => {
    expect(vendorFeeCents({ vendorFeeAmount: 25.5, currency: 'USD' })).toBe(2550);
    expect(vendorFeeCents({ vendorFeeAmount: 19.99, currency: 'USD' })).toBe(1999);
    expect(
      vendorFeeCents({ metadata: { vendor_requirements: { vendorFee: 1.005 } }, currency: 'USD' }),
    ).toBe(101);
    expect(vendorFeeCents({ currency: 'USD' })).toBe(0);
  });

  it("counts the fee in the minor units of the event's currency, in its charge step", () => {
    expect(vendorFeeCents({ vendorFeeAmount: 30, currency: 'EUR' })).toBe(3000);
    expect(vendorFeeCents({ vendorFeeAmount: 4500, currency: 'JPY' })).toBe(4500);
    expect(vendorFeeCents({ vendorFeeAmount: 12.5, currency: 'KWD' })).toBe(12500);
    // Dinars are charged in steps of 10 fils (decision 074).
    expect(
      vendorFeeCents({ metadata: { vendor_requirements: { vendorFee: 1.234 } }, currency: 'KWD' }),
    ).toBe(1230);
  });

  it('reads requirements leniently, keeping only known service types', () => {
    expect(
      readVendorRequirements({
        vendor_requirements: { categories: ['DJ', 'Juggler', 3], spots: 4, vendorFee: 10 },
      }),
    ).toEqual({ categories: ['DJ'], spots: 4, vendorFee: 10 });
    expect(readVendorRequirements({ vendor_requirements: { spots: 1.5 } })).toEqual({});
    expect(readVendorRequirements(undefined)).toEqual({});
  });
});

describe('card fallbacks (spec §2)', () => {
  it('business name → full name → "Unknown Vendor"', () => {
    expect(vendorDisplayName({ businessName: 'Night Owl Sound', fullName: 'Dee' })).toBe(
      'Night Owl Sound',
    );
    expect(vendorDisplayName({ businessName: '  ', fullName: 'Dee Jay' })).toBe('Dee Jay');
    expect(vendorDisplayName({ businessName: null, fullName: '' })).toBe('Unknown Vendor');
    expect(vendorDisplayName({})).toBe('Unknown Vendor');
  });

  it('category → "Vendor"', () => {
    expect(vendorDisplayCategory({ category: 'Florist' })).toBe('Florist');
    expect(vendorDisplayCategory({ category: null })).toBe('Vendor');
    expect(vendorDisplayCategory({ category: ' ' })).toBe('Vendor');
  });
});

describe('profile form', () => {
  it('fills defaults and checks price ranges', () => {
    const parsed = VendorProfileInputSchema.parse({ businessName: ' Bloom ', category: 'Florist' });
    expect(parsed).toMatchObject({
      businessName: 'Bloom',
      services: [],
      links: {},
      serviceArea: '',
    });
    const bad = VendorProfileInputSchema.safeParse({
      businessName: 'Bloom',
      category: 'Florist',
      services: [{ name: 'Arch', priceMinCents: 900, priceMaxCents: 100 }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['services', 0, 'priceMaxCents']);
  });
});
