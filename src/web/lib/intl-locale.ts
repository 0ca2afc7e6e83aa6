import { i18n } from '@lingui/core';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../contracts/locales';

// The Intl locale each product language formats dates, numbers and money in. A region is named
// where the language alone would leave the format to the browser's guess. Arabic keeps Latin
// digits (-u-nu-latn), as CLDR's own default for "ar" does today, so amounts, times and the
// Latin names beside them read the same in every browser, whatever its CLDR version.
const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  'pt-BR': 'pt-BR',
  ar: 'ar-u-nu-latn',
};

/** The Intl locale of a product language ("es" → "es-ES"); English for anything else. */
export function intlLocale(locale: string | undefined): string {
  return INTL_LOCALES[isLocale(locale) ? locale : SOURCE_LOCALE];
}

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
  const listLocale = locale === INTL_LOCALES.en ? 'en-GB' : locale;
  return new Intl.ListFormat(listLocale, { type }).format(items);
}
