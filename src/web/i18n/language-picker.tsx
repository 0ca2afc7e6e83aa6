import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../contracts/locales';
import { apiRequest } from '../lib/api-client';
import { activateLocale } from './catalogs';
import { useLingui } from './lingui-react';

/**
 * The footer's (and the sign-in page's) language choice. The page changes in place, keeping
 * whatever a form holds; the server remembers the choice (a cookie, and the account's setting
 * when signed in) so mail and the next visit speak it too.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function choose(value: string) {
    if (!isLocale(value) || value === i18n.locale) return;
    setBusy(true);
    try {
      await activateLocale(value);
      // The page already speaks it; remembering it is best effort (offline, a brief outage).
      await apiRequest('/api/language', { method: 'PUT', body: { language: value } }).catch(
        () => undefined,
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className={className ?? 'inline-flex items-center gap-2 text-xs'}>
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
        className="rounded-md border border-input bg-background px-2 py-1 text-xs text-foreground"
      >
        {LOCALES.map((locale: Locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
