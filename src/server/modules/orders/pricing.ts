// Order pricing in integer cents only: no floating point touches money after input.

export interface PriceLine {
  ticketTypeId: string;
  eventId: string;
  unitPriceCents: number;
  quantity: number;
}

export interface DiscountRule {
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  amount: number;
  eventId: string;
  /** null: every ticket type of the event. */
  ticketTypeId: string | null;
}

export interface PricedLine extends PriceLine {
  discountCents: number;
  totalCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export const appliesTo = (rule: DiscountRule, line: PriceLine) =>
  line.eventId === rule.eventId && (!rule.ticketTypeId || rule.ticketTypeId === line.ticketTypeId);

/**
 * Percentages round half up to the currency's charge step (the cent; 10 fils in three-decimal
 * currencies, decision 074); a fixed amount never takes more than it applies to.
 */
export function discountFor(rule: DiscountRule, eligibleCents: number, step = 1): number {
  if (eligibleCents <= 0) return 0;
  if (rule.kind === 'percent')
    return Math.min(eligibleCents, step * Math.round((eligibleCents * rule.amount) / (100 * step)));
  return Math.min(eligibleCents, rule.amount);
}

/**
 * Splits `total` over `weights` in proportion, in whole cents, so the parts add up exactly
 * (largest remainder; ties go to the earlier line).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** `step`: the currency's charge step; the discount and each line's share of it keep to it. */
export function priceOrder(lines: PriceLine[], rule?: DiscountRule | null, step = 1): PricedOrder {
  const gross = lines.map((l) => l.unitPriceCents * l.quantity);
  const eligible = lines.map((l, i) => (rule && appliesTo(rule, l) ? (gross[i] ?? 0) : 0));
  const discountCents = rule
    ? discountFor(
        rule,
        eligible.reduce((a, b) => a + b, 0),
        step,
      )
    : 0;
  // Split in whole steps (a fixed amount is a multiple of the step since decision 074).
  const shares =
    discountCents % step === 0
      ? allocate(discountCents / step, eligible).map((share) => share * step)
      : allocate(discountCents, eligible);
  const priced = lines.map((line, i) => {
    const share = shares[i] ?? 0;
    return { ...line, discountCents: share, totalCents: (gross[i] ?? 0) - share };
  });
  const subtotalCents = gross.reduce((a, b) => a + b, 0);
  return { lines: priced, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/**
 * A decimal money amount (e.g. a vendor fee of 19.99 typed by a person) in cents: spec §9 sends
 * "amount x 100", which in floating point gives 1998.9999…; rounding fixes that.
 */
export function toCents(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(4)));
}
