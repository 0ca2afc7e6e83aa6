import { describe, expect, it } from 'vitest';
import {
  formatFee,
  formatPriceRange,
  formatWhen,
  initials,
  linkLabel,
  splitRequests,
} from './vendor-format';

describe('splitRequests', () => {
  it('puts pending requests under Pending and everything else under Processed, in order', () => {
    const requests = [
      { id: 'a', status: 'approved' as const },
      { id: 'b', status: 'pending' as const },
      { id: 'c', status: 'rejected' as const },
      { id: 'd', status: 'pending' as const },
    ];
    const { pending, processed } = splitRequests(requests);
    expect(pending.map((r) => r.id)).toEqual(['b', 'd']);
    expect(processed.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('gives two empty lists for no requests', () => {
    expect(splitRequests([])).toEqual({ pending: [], processed: [] });
  });
});

describe('formatPriceRange', () => {
  it('shows both ends, one end, a single price or a quote', () => {
    expect(formatPriceRange(10000, 25000)).toBe('$100.00 – $250.00');
    expect(formatPriceRange(10000, 10000)).toBe('$100.00');
    expect(formatPriceRange(5000, null)).toBe('From $50.00');
    expect(formatPriceRange(null, 7550)).toBe('Up to $75.50');
    expect(formatPriceRange(null, null)).toBe('Price on request');
    expect(formatPriceRange(0, 0)).toBe('$0.00');
  });
});

describe('formatFee', () => {
  it('reads a fee in dollars, rounding to whole cents', () => {
    expect(formatFee(50, 'USD')).toBe('$50.00');
    expect(formatFee(12.345, 'USD')).toBe('$12.35');
  });

  it("shows the fee in its event's currency", () => {
    expect(formatFee(30, 'EUR')).toBe('€30.00');
    expect(formatFee(4500, 'JPY')).toBe('¥4,500');
    expect(formatFee(150, 'BRL')).toBe('R$150.00');
  });
});

describe('formatWhen', () => {
  it('formats the start in the given zone', () => {
    const event = { startsAt: '2031-09-12T23:00:00.000Z', date: '2031-09-12', time: '19:00' };
    expect(formatWhen(event, 'en-US', 'America/New_York')).toBe('Fri, Sep 12, 2031 · 7:00 PM');
  });

  it("falls back to the event's own date and time when the instant is unreadable", () => {
    expect(formatWhen({ startsAt: 'nonsense', date: '2031-09-12', time: '19:00' })).toBe(
      '2031-09-12 19:00',
    );
  });
});

describe('initials and linkLabel', () => {
  it('takes up to two initials, "?" for a blank name', () => {
    expect(initials('Ortiz Sound & Light')).toBe('OS');
    expect(initials('  ')).toBe('?');
  });

  it('drops the scheme, www. and a trailing slash', () => {
    expect(linkLabel('https://www.example.com/')).toBe('example.com');
    expect(linkLabel('https://instagram.com/ortiz/')).toBe('instagram.com/ortiz');
    expect(linkLabel('not a url')).toBe('not a url');
  });
});
