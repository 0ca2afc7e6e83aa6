import { i18n } from '@lingui/core';
import { intlLocale } from '../../contracts/locales';

/** The Intl locale of the language the page is shown in now (Lingui's active one). */
export function currentIntlLocale(): string {
  return intlLocale(i18n.locale);
}

/**
 * An Intl locale with English written the British way ("a, b and c" without the serial comma,
 * "14:05", "3 Mar"), as the spec writes lists and chat times; any other language as it is.
 */
export function britishEnglish(locale: string): string {
  return locale === intlLocale('en') ? 'en-GB' : locale;
}

/**
 * Items joined the way the page's language joins a list: "a, b and c" (`conjunction`) or
 * "a, b or c" (`disjunction`); "a, b o c" in Spanish, "a أو b أو c" in Arabic. English lists
 * follow the spec's texts, which write them without the serial comma (as en-GB does).
 */
export function formatList(
  items: readonly string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
  locale = currentIntlLocale(),
): string {
  return new Intl.ListFormat(britishEnglish(locale), { type }).format(items);
}
