import { britishEnglish, currentIntlLocale } from '../../lib/intl-locale';

/** The Intl locale chat times and days are written in ("14:05", "Mon, 3 Mar 2026" in English). */
export function chatLocale(): string {
  return britishEnglish(currentIntlLocale());
}
