import { toMajorUnits } from './currency';

/**
 * Minor units (cents, yen, fils: contracts/currency.ts) as a price people read: 1999 USD → "$19.99"; 0 → "Free". `locale` is an Intl locale
 * ("es-ES" → "19,99 US$"); English (en-US) when left out.
 */
export function formatMoney(
  cents: number,
  currency: string,
  options: { free?: string; locale?: string } = {},
) {
  if (cents === 0 && options.free) return options.free;
  return new Intl.NumberFormat(options.locale ?? 'en-US', { style: 'currency', currency }).format(
    toMajorUnits(cents, currency),
  );
}
