import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTaxLine,
  computeTaxLines,
  divRoundHalfUp,
  RATE_SCALE,
  refundedTaxAfter,
  refundTax,
} from './tax-lines';

// Amounts in minor units of currencies with exponent 0 (JPY), 2 (EUR) and 3 (KWD): the same
// integer arithmetic, only the size of a typical amount differs.
const exponent = fc.constantFrom(0, 2, 3);
const amountFor = (exp: number) => fc.integer({ min: 0, max: 5_000 * 10 ** exp });
const rate = fc.oneof(
  fc.constantFrom(0, 5000, 7000, 8875, 19000, 20000, 21000, 25500, RATE_SCALE),
  fc.integer({ min: 0, max: RATE_SCALE }),
);
const cart = exponent.chain((exp) =>
  fc.array(fc.record({ amount: amountFor(exp), rateThousandths: rate }), {
    minLength: 1,
    maxLength: 12,
  }),
);
const options = fc.record({ pricesIncludeTax: fc.boolean(), reverseCharge: fc.boolean() });

describe('tax lines', () => {
  it('rounds half away from zero', () => {
    expect(divRoundHalfUp(5, 10)).toBe(1);
    expect(divRoundHalfUp(4, 10)).toBe(0);
    expect(divRoundHalfUp(15, 10)).toBe(2);
    expect(divRoundHalfUp(25, 10)).toBe(3);
  });

  it('takes tax out of an inclusive price and adds it to an exclusive one', () => {
    expect(
      computeTaxLine({ amount: 1200, rateThousandths: 20000 }, { pricesIncludeTax: true }),
    ).toEqual({
      net: 1000,
      tax: 200,
      gross: 1200,
    });
    expect(
      computeTaxLine({ amount: 1000, rateThousandths: 20000 }, { pricesIncludeTax: false }),
    ).toEqual({
      net: 1000,
      tax: 200,
      gross: 1200,
    });
    // 3 × 9.99 at 8.875 %: 2.659… rounds on the line to 2.66.
    expect(
      computeTaxLine({ amount: 2997, rateThousandths: 8875 }, { pricesIncludeTax: false }),
    ).toEqual({
      net: 2997,
      tax: 266,
      gross: 3263,
    });
    expect(
      computeTaxLine(
        { amount: 1200, rateThousandths: 20000 },
        { pricesIncludeTax: true, reverseCharge: true },
      ),
    ).toEqual({ net: 1200, tax: 0, gross: 1200 });
  });

  it('line sums equal the totals and net + tax = gross on every line, for any cart', () => {
    fc.assert(
      fc.property(cart, options, (lines, opts) => {
        const totals = computeTaxLines(lines, opts);
        lines.forEach((input, i) => {
          const line = totals.lines[i];
          if (!line) throw new Error('missing line');
          expect(line.net + line.tax).toBe(line.gross);
          expect(line.tax).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(line.tax)).toBe(true);
          if (opts.pricesIncludeTax || opts.reverseCharge) expect(line.gross).toBe(input.amount);
          else expect(line.net).toBe(input.amount);
          if (opts.reverseCharge) expect(line.tax).toBe(0);
        });
        expect(totals.net).toBe(totals.lines.reduce((s, l) => s + l.net, 0));
        expect(totals.tax).toBe(totals.lines.reduce((s, l) => s + l.tax, 0));
        expect(totals.gross).toBe(totals.lines.reduce((s, l) => s + l.gross, 0));
        expect(totals.net + totals.tax).toBe(totals.gross);
      }),
      { numRuns: 500 },
    );
  });

  it('the tax is the rate applied to the net within half a minor unit', () => {
    fc.assert(
      fc.property(exponent.chain(amountFor), rate, fc.boolean(), (amount, r, inclusive) => {
        const line = computeTaxLine(
          { amount, rateThousandths: r },
          { pricesIncludeTax: inclusive },
        );
        const exact = inclusive ? (amount * r) / (100_000 + r) : (amount * r) / 100_000;
        expect(Math.abs(line.tax - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refunds in any split give back exactly the tax charged, never more', () => {
    const split = exponent.chain((exp) =>
      fc.tuple(amountFor(exp), rate, fc.boolean()).chain(([amount, r, inclusive]) => {
        const charge = computeTaxLine(
          { amount, rateThousandths: r },
          { pricesIncludeTax: inclusive },
        );
        return fc.tuple(
          fc.constant(charge),
          fc.array(fc.integer({ min: 1, max: Math.max(charge.gross, 1) }), { maxLength: 10 }),
        );
      }),
    );
    fc.assert(
      fc.property(split, ([charge, parts]) => {
        let refunded = 0;
        let taxBack = 0;
        for (const part of parts) {
          const amount = Math.min(part, charge.gross - refunded);
          if (amount === 0) break;
          const tax = refundTax(charge, refunded, amount);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual(amount);
          refunded += amount;
          taxBack += tax;
          expect(taxBack).toBeLessThanOrEqual(charge.tax);
        }
        // The rest refunded at once: the sum is the charge's tax, to the minor unit.
        taxBack += refundTax(charge, refunded, charge.gross - refunded);
        expect(taxBack).toBe(charge.tax);
        expect(refundedTaxAfter(charge, charge.gross)).toBe(charge.tax);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a three-decimal total chargeable: tax on top comes in steps of 10 fils', () => {
    // 1.250 KWD at 5 %: 62.5 fils exactly, added as 60 fils (the nearest step; 0.060 KWD).
    expect(
      computeTaxLine(
        { amount: 1250, rateThousandths: 5000 },
        { pricesIncludeTax: false, step: 10 },
      ),
    ).toEqual({ net: 1250, tax: 60, gross: 1310 });
    const stepped = fc.tuple(
      fc.integer({ min: 0, max: 500_000 }).map((n) => n * 10),
      rate,
      fc.boolean(),
    );
    fc.assert(
      fc.property(stepped, ([amount, r, inclusive]) => {
        const line = computeTaxLine(
          { amount, rateThousandths: r },
          { pricesIncludeTax: inclusive, step: 10 },
        );
        // What is charged stays a multiple of the step; tax on top is within half a step.
        expect(line.gross % 10).toBe(0);
        expect(line.net + line.tax).toBe(line.gross);
        if (!inclusive) expect(Math.abs(line.tax - (amount * r) / 100_000)).toBeLessThanOrEqual(5);
      }),
      { numRuns: 500 },
    );
  });
});
