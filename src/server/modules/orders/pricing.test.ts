import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, discountFor, priceOrder, toCents, type DiscountRule } from './pricing';

const line = (ticketTypeId: string, unitPriceCents: number, quantity: number, eventId = 'e1') => ({
  ticketTypeId,
  eventId,
  unitPriceCents,
  quantity,
});

describe('pricing in integer cents', () => {
  it('adds lines without a discount', () => {
    expect(priceOrder([line('a', 2500, 2), line('b', 999, 1)])).toMatchObject({
      subtotalCents: 5999,
      discountCents: 0,
      totalCents: 5999,
    });
  });

  it('rounds a percentage half up to the cent', () => {
    const rule: DiscountRule = { kind: 'percent', amount: 50, eventId: 'e1', ticketTypeId: null };
    expect(priceOrder([line('a', 3333, 3)], rule)).toMatchObject({
      discountCents: 5000,
      totalCents: 4999,
    });
    expect(discountFor({ ...rule, amount: 15 }, 1)).toBe(0);
    expect(discountFor({ ...rule, amount: 50 }, 1)).toBe(1);
  });

  it('never takes more than the eligible amount with a fixed discount', () => {
    const rule: DiscountRule = { kind: 'fixed', amount: 10_000, eventId: 'e1', ticketTypeId: 'a' };
    const priced = priceOrder([line('a', 2500, 1), line('b', 4000, 1)], rule);
    expect(priced).toMatchObject({ discountCents: 2500, totalCents: 4000 });
    expect(priced.lines.map((l) => l.discountCents)).toEqual([2500, 0]);
  });

  it('applies a code only to its own event and ticket type', () => {
    const rule: DiscountRule = { kind: 'percent', amount: 10, eventId: 'e2', ticketTypeId: null };
    const priced = priceOrder([line('a', 1000, 1, 'e1'), line('b', 1000, 1, 'e2')], rule);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([0, 100]);
  });

  it('splits a discount over lines so the parts add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (weights, wanted) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.min(wanted, sum);
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(weights[i] ?? 0);
          });
        },
      ),
    );
  });

  it('keeps every total whole and non-negative for any cart and code', () => {
    const lines = fc.array(
      fc.record({
        ticketTypeId: fc.constantFrom('a', 'b', 'c'),
        eventId: fc.constantFrom('e1', 'e2'),
        unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
        quantity: fc.integer({ min: 1, max: 50 }),
      }),
      { minLength: 1, maxLength: 6 },
    );
    const rule = fc.option(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'fixed' as const),
        amount: fc.integer({ min: 1, max: 100 }),
        eventId: fc.constantFrom('e1', 'e2'),
        ticketTypeId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(lines, rule, (cart, code) => {
        const priced = priceOrder(cart, code);
        expect(priced.totalCents).toBe(priced.subtotalCents - priced.discountCents);
        expect(priced.totalCents).toBeGreaterThanOrEqual(0);
        expect(priced.lines.reduce((a, l) => a + l.totalCents, 0)).toBe(priced.totalCents);
        priced.lines.forEach((l) => expect(l.totalCents).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it('keeps a three-decimal total and every line in steps of 10 fils for any cart and code', () => {
    // Prices in KWD are entered in steps of 10 fils and fixed amounts off too (decision 074).
    const lines = fc.array(
      fc.record({
        ticketTypeId: fc.constantFrom('a', 'b', 'c'),
        eventId: fc.constant('e1'),
        unitPriceCents: fc.integer({ min: 0, max: 10_000 }).map((n) => n * 10),
        quantity: fc.integer({ min: 1, max: 50 }),
      }),
      { minLength: 1, maxLength: 6 },
    );
    const rule = fc.oneof(
      fc.record({
        kind: fc.constant('percent' as const),
        amount: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('fixed' as const),
        amount: fc.integer({ min: 1, max: 10_000 }).map((n) => n * 10),
      }),
    );
    fc.assert(
      fc.property(lines, rule, (cart, code) => {
        const priced = priceOrder(cart, { ...code, eventId: 'e1', ticketTypeId: null }, 10);
        expect(priced.totalCents % 10).toBe(0);
        expect(priced.discountCents % 10).toBe(0);
        priced.lines.forEach((l) => expect(l.discountCents % 10).toBe(0));
        expect(priced.lines.reduce((a, l) => a + l.totalCents, 0)).toBe(priced.totalCents);
      }),
    );
    // 15 % of 1.230 KWD is 0.1845: 0.180 off, not 0.185 (rounded to the step, half up).
    expect(
      discountFor({ kind: 'percent', amount: 15, eventId: 'e1', ticketTypeId: null }, 1230, 10),
    ).toBe(180);
  });

  it('turns typed money into cents without floating-point drift (spec §9: amount × 100)', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(150)).toBe(15000);
  });
});
