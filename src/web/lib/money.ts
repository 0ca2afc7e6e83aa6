// Money arrives from the API as integer cents with an ISO 4217 code (contracts/tickets.ts).

import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import {
  chargeStep,
  currencyExponent,
  decimalStringToMinor,
  minorToDecimalString,
} from '../../contracts/currency';
import { formatMoney as formatMoneyIn } from '../../contracts/money';
import { currentIntlLocale } from './intl-locale';

const FREE = msg`Free`;

/**
 * Cents in the currency, written the way the page's language writes amounts ("$19.99",
 * "19,99 US$", "19,99 $US"). One formatter for server (mail, PDF) and web: contracts/money.ts.
 */
export function formatMoney(
  cents: number,
  currency: string,
  options: { free?: string; locale?: string } = {},
): string {
  return formatMoneyIn(cents, currency, { locale: currentIntlLocale(), ...options });
}

/** A ticket price: "Free" for nothing, else the amount. */
export function formatPrice(cents: number, currency: string): string {
  return formatMoney(cents, currency, { free: i18n._(FREE) });
}

/** The decimal separator of an Intl locale: "." in English, "," in Spanish, French, German… */
function decimalSeparator(locale: string): string {
  const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * What a person typed as an amount → minor units of `currency` (cents, yen, fils), or null when
 * it is not a positive amount with at most the currency's decimals (two for USD, none for JPY,
 * three for KWD). Read the way the page's language writes numbers: "$1,200.00" in English,
 * "1.200,50 €" in Spanish or German; where the comma is the decimal separator, "12.50" (one
 * point, at most two digits after it, no comma) is still read as the English-style decimal
 * people often type, unless the currency has no decimals ("1.200" yen is twelve hundred).
 * Arabic-Indic digits and separators count as their Latin ones.
 */
export function parseMoneyInput(
  text: string,
  locale = currentIntlLocale(),
  currency = 'USD',
): number | null {
  const exponent = currencyExponent(currency);
  let cleaned = text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660))
    .replace(/\u066b/g, '.') // Arabic decimal separator
    .replace(/\u066c/g, ',') // Arabic thousands separator
    .replace(/[\s\p{Sc}]/gu, '')
    .replace(/^\p{L}+|\p{L}+$/gu, ''); // "US$", "R$", "EUR"
  if (decimalSeparator(locale) === ',') {
    const englishDecimal = exponent > 0 && /^\d+\.\d{1,2}$/.test(cleaned);
    if (!englishDecimal) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  } else cleaned = cleaned.replace(/,/g, '');
  return decimalStringToMinor(cleaned, currency);
}

/** Minor units as the text a price input starts with: "12.50" USD, "1200" JPY, "1.250" KWD. */
export function moneyInputValue(minor: number, currency: string): string {
  return minorToDecimalString(minor, currency);
}

/**
 * The currency's charge step as an amount box writes it ("0.010" KWD) when `minor` is off that
 * step, else null: three-decimal currencies are charged in steps of 10 fils (decision 074).
 */
export function offChargeStep(minor: number, currency: string): string | null {
  const step = chargeStep(currency);
  return minor % step === 0 ? null : moneyInputValue(step, currency);
}
