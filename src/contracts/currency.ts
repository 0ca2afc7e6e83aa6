// Currencies and their minor units (ISO 4217). Every amount in the product is an integer count of
// the currency's minor unit (the `*_cents` columns hold yen for JPY and fils for KWD), so each
// conversion between what a person reads or types and what is stored goes through
// currencyExponent: assuming two decimals would charge 100 times too much in yen and a tenth of
// the price in dinars.

/** The currencies an organizer can sell in. */
export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NGN',
  'GHS',
  'KES',
  'ZAR',
  'JPY',
  'KRW',
  'KWD',
  'BHD',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

// ISO 4217's list of currencies whose minor unit is not the hundredth.
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** ISO 4217's three-decimal currencies (dinars, rials: 1000 fils or baisa). */
export const THREE_DECIMAL_CURRENCIES = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'] as const;
const THREE_DECIMAL = new Set<string>(THREE_DECIMAL_CURRENCIES);
const FOUR_DECIMAL = new Set(['CLF', 'UYW']);

/** Digits after the decimal point of the currency's minor unit: JPY 0, USD 2, KWD 3. */
export function currencyExponent(code: string): number {
  const upper = code.toUpperCase();
  if (ZERO_DECIMAL.has(upper)) return 0;
  if (THREE_DECIMAL.has(upper)) return 3;
  if (FOUR_DECIMAL.has(upper)) return 4;
  return 2;
}

/**
 * The step every charged amount of the currency is a multiple of: 10 minor units in the
 * three-decimal currencies, because card networks settle them in hundredths and Stripe refuses
 * an amount whose last digit is not 0; 1 elsewhere. Prices are entered in this step and tax added
 * on top is rounded to it, so an order's total is always exactly what is charged (decision 074).
 */
export function chargeStep(code: string): number {
  return currencyExponent(code) === 3 ? 10 : 1;
}

/** Minor units in one major unit: 1 for JPY, 100 for USD, 1000 for KWD. */
export function minorPerMajor(code: string): number {
  return 10 ** currencyExponent(code);
}

/** Minor units → the amount in major units as a number (1999 USD → 19.99; 500 JPY → 500). */
export function toMajorUnits(minor: number, code: string): number {
  return minor / minorPerMajor(code);
}

/** An amount in major units → integer minor units, rounded to the nearest minor unit. */
export function toMinorUnits(major: number, code: string): number {
  return Math.round(major * minorPerMajor(code));
}

/**
 * An amount typed in major units (a vendor fee of 45.5) → minor units to charge: rounded the way
 * checkout rounds prices (toFixed first, so 1.005 USD is 101, not 100.49999…), then kept to the
 * currency's charge step.
 */
export function toChargedMinorUnits(major: number, code: string): number {
  const step = chargeStep(code);
  const minor = Math.round(Number((major * minorPerMajor(code)).toFixed(4)));
  return Math.round(minor / step) * step;
}

/**
 * Minor units as a plain decimal string with exactly the currency's digits, for forms, CSV and
 * machine-readable output: 1250 USD → "12.50", 1250 JPY → "1250", 1250 KWD → "1.250".
 * Works on integers only, so no floating-point rounding creeps in.
 */
export function minorToDecimalString(minor: number, code: string): string {
  const exponent = currencyExponent(code);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor)));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/**
 * A plain decimal string ("12.5", "1250", "1.250") → minor units, or null when it has more
 * decimals than the currency allows or is not a non-negative decimal number.
 */
export function decimalStringToMinor(text: string, code: string): number | null {
  const exponent = currencyExponent(code);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
