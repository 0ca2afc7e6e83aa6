import { Trans, useLingui } from '@lingui/react/macro';
import { isLocale, LOCALE_NAMES, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';

/** The page's language, as help articles and site pages are asked for. */
export function useContentLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/**
 * Says that a help article or site page is shown in English because nobody has written it in
 * the reader's language yet (its language named as it names itself: "Español").
 */
export function LanguageFallbackNote({ shown, kind }: { shown: Locale; kind: 'article' | 'page' }) {
  const locale = useContentLocale();
  if (shown === locale) return null;
  const language = LOCALE_NAMES[locale];
  return (
    <p className="my-3 rounded-md border border-border bg-muted px-3 py-2 text-sm text-muted-foreground">
      {kind === 'article' ? (
        <Trans>This article is not yet available in {language}.</Trans>
      ) : (
        <Trans>This page is not yet available in {language}.</Trans>
      )}
    </p>
  );
}
