import { describe, expect, it } from 'vitest';
import { isListOpen, offerDeadline, planOffers } from './offer-rules';

const line = (...quantities: number[]) =>
  quantities.map((quantity, i) => ({ id: `p${i + 1}`, quantity }));

describe('planOffers', () => {
  it('serves the line from the front until the stock is gone', () => {
    expect(planOffers(line(2, 1, 3, 1), 4, 1)).toEqual([
      { id: 'p1', quantity: 2 },
      { id: 'p2', quantity: 1 },
      { id: 'p3', quantity: 1 },
    ]);
  });

  it('offers what is left when the first asked for more', () => {
    expect(planOffers(line(4, 1), 2, 1)).toEqual([{ id: 'p1', quantity: 2 }]);
  });

  it('never skips a place it cannot serve to serve someone behind it', () => {
    // The first needs at least 2 (the minimum per order); 1 free ticket waits for more.
    expect(planOffers(line(3, 1), 1, 2)).toEqual([]);
    expect(planOffers(line(1, 5), 1, 2)).toEqual([]);
  });

  it('offers nothing without stock or without anyone in line', () => {
    expect(planOffers(line(1, 1), 0, 1)).toEqual([]);
    expect(planOffers([], 10, 1)).toEqual([]);
  });

  it('offers each ticket once: offers add up to at most the stock', () => {
    const places = line(...Array.from({ length: 50 }, (_, i) => (i % 4) + 1));
    for (const stock of [0, 1, 7, 60, 500]) {
      const offers = planOffers(places, stock, 1);
      expect(offers.reduce((sum, o) => sum + o.quantity, 0)).toBeLessThanOrEqual(stock);
      expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
      expect(offers.map((o) => o.id)).toEqual(places.slice(0, offers.length).map((p) => p.id));
    }
  });
});

describe('offerDeadline', () => {
  it('adds the event’s hours', () => {
    expect(offerDeadline(new Date('2026-01-01T00:00:00Z'), 24).toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
  });
});

describe('isListOpen', () => {
  it('opens when sold out or when people already wait', () => {
    expect(isListOpen({ remaining: 0 }, 0)).toBe(true);
    expect(isListOpen({ remaining: 3 }, 2)).toBe(true);
    expect(isListOpen({ remaining: 3 }, 0)).toBe(false);
  });
});
