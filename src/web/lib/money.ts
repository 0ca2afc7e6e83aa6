// Money arrives from the API as integer cents with an ISO 4217 code (contracts/tickets.ts).

import { formatMoney } from '../../contracts/money';

// One formatter for server (mail, PDF) and web: contracts/money.ts.
export { formatMoney };

/** A ticket price: "Free" for nothing, else the amount. */
export function formatPrice(cents: number, currency: string): string {
  return formatMoney(cents, currency, { free: 'Free' });
}

/**
 * What a person typed as an amount ("12", "12.5", "12.50", "$1,200.00") → cents, or null when it
 * is not a positive amount with at most two decimals.
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.replace(/[\s,$€£]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
