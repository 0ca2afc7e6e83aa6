import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionFor,
  generatePromoCode,
  isPromoCode,
  keptCommission,
  readAffiliateCookie,
  reversalFor,
  signAffiliateCookie,
  withinAttributionWindow,
} from './affiliate-rules';

const ID = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';
const NOW = new Date('2026-11-25T12:00:00Z');

describe('promo codes', () => {
  it('are PROMO- and three groups of four readable random characters, never twice the same', () => {
    const codes = Array.from({ length: 200 }, () => generatePromoCode());
    for (const code of codes) {
      expect(code).toMatch(/^PROMO-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(code).toHaveLength(20);
      expect(isPromoCode(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol of the alphabet turns up: the randomness is spread over all 32.
    expect(new Set(codes.join('').replace(/PROMO|-/g, '')).size).toBe(32);
  });

  it('still accept codes given in the earlier, longer shape, but never a guessable one', () => {
    expect(isPromoCode(`PROMO-${ID}-${NOW.getTime()}-AbCdEfGh23`)).toBe(true);
    // The spec's shape alone (an id and a time, both guessable) is not a code.
    expect(isPromoCode(`PROMO-${ID}-${NOW.getTime()}`)).toBe(false);
    expect(isPromoCode('PROMO-K7QX-M2PD')).toBe(false);
    expect(isPromoCode('PROMO-K7QX-M2PD-9HT0')).toBe(false);
  });
});

describe('attribution window', () => {
  it('counts a click up to 30 days before the sale, not after it and not from the future', () => {
    const day = 86_400_000;
    expect(withinAttributionWindow(new Date(NOW.getTime() - 30 * day), NOW)).toBe(true);
    expect(withinAttributionWindow(new Date(NOW.getTime() - 30 * day - 1), NOW)).toBe(false);
    expect(withinAttributionWindow(new Date(NOW.getTime() + 1), NOW)).toBe(false);
  });
});

describe('commission arithmetic (integer cents)', () => {
  it('takes a percentage in basis points, rounded down, or a fixed amount per ticket, capped at revenue', () => {
    expect(
      commissionFor({ kind: 'percent', value: 1000 }, { quantity: 3, revenueCents: 7599 }),
    ).toBe(759);
    expect(commissionFor({ kind: 'fixed', value: 300 }, { quantity: 3, revenueCents: 7500 })).toBe(
      900,
    );
    expect(commissionFor({ kind: 'fixed', value: 5000 }, { quantity: 1, revenueCents: 2000 })).toBe(
      2000,
    );
    expect(commissionFor({ kind: 'percent', value: 1000 }, { quantity: 1, revenueCents: 0 })).toBe(
      0,
    );
  });

  it('reversing every refund of an order brings its commission back to exactly zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }),
        (total, bp, parts) => {
          const commission = commissionFor(
            { kind: 'percent', value: bp },
            { quantity: 1, revenueCents: total },
          );
          let refunded = 0;
          let earned = commission;
          for (const part of [...parts, total]) {
            const next = Math.min(total, refunded + part);
            const reversal = reversalFor(commission, total, refunded, next);
            expect(reversal).toBeGreaterThanOrEqual(0);
            earned -= reversal;
            expect(earned).toBe(keptCommission(commission, total, next));
            refunded = next;
          }
          expect(earned).toBe(0);
        },
      ),
    );
  });
});

describe('affiliate cookie', () => {
  const key = Buffer.alloc(32, 7);
  it('reads back what it signed and refuses a changed code or time', () => {
    const value = signAffiliateCookie(key, 'PROMO-x', NOW);
    expect(readAffiliateCookie(key, value)).toEqual({ code: 'PROMO-x', clickedAt: NOW });
    expect(readAffiliateCookie(key, value.replace('PROMO-x', 'PROMO-y'))).toBeNull();
    expect(readAffiliateCookie(key, value.replace(String(NOW.getTime()), '1'))).toBeNull();
    expect(readAffiliateCookie(Buffer.alloc(32, 8), value)).toBeNull();
    expect(readAffiliateCookie(key, 'garbage')).toBeNull();
  });
});
