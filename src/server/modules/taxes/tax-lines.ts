// Tax arithmetic in integer minor units of the order's currency (decision 058). Pure: the
// checkout's SQL computes the same numbers with the same formula (taxes.queries.ts and the
// hold function), and the property tests hold this file to its promises.

/** Rates are thousandths of a percent: 100 % = 100000, 20 % = 20000, 8.875 % = 8875. */
export const RATE_SCALE = 100_000;

/**
 * n / d rounded half away from zero, for n ≥ 0 and d > 0. The only rounding rule of taxes.
 * Exact in doubles: n stays below 2^31 · 10^5 ≈ 2.1·10^14 (an int4 amount times a rate), far
 * under 2^53, and a non-integer quotient is at least 1/d from an integer.
 */
export function divRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

export interface TaxLineInput {
  /** The line's amount as entered: quantity × unit price − discount, in minor units. */
  amount: number;
  /** 0 when the line has no rate. */
  rateThousandths: number;
}

export interface TaxLine {
  net: number;
  tax: number;
  gross: number;
}

export interface TaxTotals extends TaxLine {
  lines: TaxLine[];
}

/**
 * One line's tax, rounded on the line: tax-inclusive prices hold the tax inside the amount
 * (tax = amount · r / (1 + r)); tax-exclusive prices get it on top (tax = amount · r).
 * Reverse charge: no tax, the amount is the net (the buyer accounts for the tax).
 */
export function computeTaxLine(
  line: TaxLineInput,
  options: {
    pricesIncludeTax: boolean;
    reverseCharge?: boolean;
    /**
     * The currency's charge step (contracts/currency.ts `chargeStep`): tax added on top is
     * rounded to it so the total stays chargeable; tax inside a price changes no total and keeps
     * the minor unit.
     */
    step?: number;
  },
): TaxLine {
  const { amount, rateThousandths: rate } = line;
  if (options.reverseCharge || rate === 0 || amount === 0)
    return { net: amount, tax: 0, gross: amount };
  if (options.pricesIncludeTax) {
    const tax = divRoundHalfUp(amount * rate, RATE_SCALE + rate);
    return { net: amount - tax, tax, gross: amount };
  }
  const step = options.step ?? 1;
  const tax = step * divRoundHalfUp(amount * rate, RATE_SCALE * step);
  return { net: amount, tax, gross: amount + tax };
}

/** Every line's tax and the totals, which are the sums of the lines (never recomputed). */
export function computeTaxLines(
  lines: TaxLineInput[],
  options: Parameters<typeof computeTaxLine>[1],
): TaxTotals {
  const taxed = lines.map((line) => computeTaxLine(line, options));
  return {
    lines: taxed,
    net: taxed.reduce((sum, l) => sum + l.net, 0),
    tax: taxed.reduce((sum, l) => sum + l.tax, 0),
    gross: taxed.reduce((sum, l) => sum + l.gross, 0),
  };
}

/**
 * The tax given back once `refundedGross` of a charge of `gross` holding `tax` has been
 * refunded, in total over all refunds so far. Each refund's tax is the difference between this
 * figure after and before it, so the refunds' tax adds up to exactly `tax` when all is refunded
 * and never goes past it, however the refunds are split (the figure only grows with the amount).
 */
export function refundedTaxAfter(charge: { gross: number; tax: number }, refundedGross: number) {
  if (charge.gross === 0) return 0;
  const refunded = Math.min(Math.max(refundedGross, 0), charge.gross);
  return divRoundHalfUp(charge.tax * refunded, charge.gross);
}

/** The tax part of one refund of `amount`, after `alreadyRefunded` of the same charge. */
export function refundTax(
  charge: { gross: number; tax: number },
  alreadyRefunded: number,
  amount: number,
): number {
  return (
    refundedTaxAfter(charge, alreadyRefunded + amount) - refundedTaxAfter(charge, alreadyRefunded)
  );
}

/** 20000 → "20", 8875 → "8.875": the percentage as a person reads it. */
export function ratePercent(rateThousandths: number): string {
  return String(rateThousandths / 1000);
}
