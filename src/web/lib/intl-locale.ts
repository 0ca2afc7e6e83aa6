import { i18n } from '@lingui/core';
import { intlLocale } from '../../contracts/locales';

/** The Intl locale of the language the page is shown in now (Lingui's active one). */
export function currentIntlLocale(): string {
  return intlLocale(i18n.locale);
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
  const listLocale = locale === intlLocale('en') ? 'en-GB' : locale;
  return new Intl.ListFormat(listLocale, { type }).format(items);
}
