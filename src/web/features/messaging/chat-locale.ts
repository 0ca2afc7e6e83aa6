import { intlLocale } from '../../../contracts/locales';
import { currentIntlLocale } from '../../lib/intl-locale';

/**
 * The Intl locale chat times and days are written in: the page's language, and English the
 * British way ("14:05", "Mon, 3 Mar 2026") as the spec writes them.
 */
export function chatLocale(): string {
  const locale = currentIntlLocale();
  return locale === intlLocale('en') ? 'en-GB' : locale;
}
