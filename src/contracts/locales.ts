// The languages the product speaks. English is the source: the spec's exact texts are its
// strings, and every other catalog translates them.
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language named in itself, as a picker shows it to someone who reads only that one. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

export const LANGUAGE_COOKIE = 'mea_lang';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** A stored language (an account's), or English when there is none or it is not offered. */
export const localeOrSource = (value: unknown): Locale => (isLocale(value) ? value : SOURCE_LOCALE);

export const isRightToLeft = (locale: Locale): boolean => locale === 'ar';

/**
 * The supported language closest to a tag: exact ("pt-BR"), then the language alone ("es-MX"
 * reads Spanish, "pt-PT" reads Brazilian Portuguese, the only Portuguese we have).
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/** The first supported language of an Accept-Language header, by its q weights. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLocale(entry.tag);
    if (match) return match;
  }
  return undefined;
}

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
export function intlLocale(locale: string | null | undefined): string {
  return INTL_LOCALES[isLocale(locale) ? locale : SOURCE_LOCALE];
}
