import type { InvoiceSnapshot } from '../../db/schema/invoices';

// The pure arithmetic of invoices (decision 059): numbers from the seller's format, and credit
// note lines that reverse exactly what was refunded.

/**
 * An invoice number from the seller's format: `{prefix}`, `{year}`, `{month}` and `{number}` or
 * `{number:N}` (zero-padded to N digits). The year and month are the issue date's, in UTC.
 */
export function formatInvoiceNumber(
  format: string,
  params: { prefix: string; sequence: number; issuedAt: Date },
): string {
  const year = String(params.issuedAt.getUTCFullYear());
  const month = String(params.issuedAt.getUTCMonth() + 1).padStart(2, '0');
  return format
    .replaceAll('{prefix}', params.prefix)
    .replaceAll('{year}', year)
    .replaceAll('{month}', month)
    .replace(/\{number(?::([1-9]))?\}/g, (_, width?: string) =>
      String(params.sequence).padStart(Number(width ?? 0), '0'),
    );
}

/**
 * Splits `total` over `weights` in proportion, in whole minor units, the remainders going to the
 * largest fractions (ties to the earlier line): the parts always add up to `total`.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

type Line = InvoiceSnapshot['lines'][number];

/**
 * The lines of the part `refunded` (cumulative, this refund included) of an invoice whose
 * gross is the lines' sum, as positive amounts: gross split in proportion to the lines' gross,
 * each line's tax in proportion to its own. Taking the difference of two cumulative splits
 * (before and after a refund) makes the credit notes of an order add up to exactly its invoice
 * once everything is refunded.
 */
export function refundedShare(lines: Line[], refunded: number): Line[] {
  const gross = allocate(
    refunded,
    lines.map((l) => l.gross),
  );
  return lines.map((line, i) => {
    const g = gross[i] ?? 0;
    const tax = line.gross === 0 ? 0 : Math.round((line.tax * g) / line.gross);
    return { ...line, quantity: line.quantity, gross: g, tax, net: g - tax };
  });
}

/** The credit note's lines for one refund: the cumulative share after it less the one before. */
export function creditLines(lines: Line[], before: number, after: number): Line[] {
  const previous = refundedShare(lines, before);
  return refundedShare(lines, after)
    .map((line, i) => {
      const prior = previous[i] ?? line;
      return {
        ...line,
        gross: -(line.gross - prior.gross),
        tax: -(line.tax - prior.tax),
        net: -(line.net - prior.net),
        unitGross: -(line.gross - prior.gross),
        quantity: 1,
      };
    })
    .filter((line) => line.gross !== 0 || line.tax !== 0);
}

export const totalsOf = (lines: Line[]) => ({
  netCents: lines.reduce((s, l) => s + l.net, 0),
  taxCents: lines.reduce((s, l) => s + l.tax, 0),
  grossCents: lines.reduce((s, l) => s + l.gross, 0),
});
