import { useLingui } from '@lingui/react/macro';
import { COUNTRY_CODES } from '../../../contracts/questions';

/** The country names in the page's language, sorted as that language sorts them. */
export function useCountries() {
  const { i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, i18n.locale),
  );
}
