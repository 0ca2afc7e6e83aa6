import { describe, expect, it } from 'vitest';
import { vendorDirectoryQueryString } from './api';
import { parseLinkLines, profileLinks } from './apply-form';
import { asksForVendors } from './event-vendors';

describe('vendorDirectoryQueryString', () => {
  it('sends only what differs from the defaults', () => {
    expect(vendorDirectoryQueryString({})).toBe('');
    expect(vendorDirectoryQueryString({ sort: 'newest', page: 1 })).toBe('');
    expect(
      vendorDirectoryQueryString({
        q: 'dj & mc',
        category: 'Host/MC',
        area: 'Brooklyn',
        sort: 'rating',
        page: 3,
        pageSize: 6,
      }),
    ).toBe('q=dj+%26+mc&category=Host%2FMC&area=Brooklyn&sort=rating&page=3&pageSize=6');
  });
});

describe('asksForVendors', () => {
  it('is true for a vendor fee (zero included) or vendor requirements in the metadata', () => {
    expect(asksForVendors({ vendorFeeAmount: 50, metadata: {} })).toBe(true);
    expect(asksForVendors({ vendorFeeAmount: 0, metadata: {} })).toBe(true);
    expect(
      asksForVendors({ vendorFeeAmount: null, metadata: { vendor_requirements: { spots: 2 } } }),
    ).toBe(true);
  });

  it('is false without either', () => {
    expect(asksForVendors({ vendorFeeAmount: null, metadata: {} })).toBe(false);
    expect(
      asksForVendors({ vendorFeeAmount: null, metadata: { vendor_requirements: 'yes' } }),
    ).toBe(false);
  });
});

describe('application links', () => {
  it('reads one link per line, trimmed, blank lines dropped', () => {
    expect(parseLinkLines(' https://a.example \n\n https://b.example\r\n')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it("starts from the profile's links", () => {
    expect(
      profileLinks({ links: { website: 'https://a.example', instagram: null, x: undefined } }),
    ).toEqual(['https://a.example']);
    expect(profileLinks(undefined)).toEqual([]);
  });
});
