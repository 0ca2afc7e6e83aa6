import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentLocale } from '../../lib/dates';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
];

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago"; a date once older than 4 weeks. In
 * the page's language (Intl words the rest).
 */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  i18n: I18n = activeI18n,
): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let value = Math.round((now - time) / 1000);
  if (value < 45) return i18n._(msg`just now`);
  const locale = currentLocale();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  value = Math.round(value / 60);
  for (let i = 0; i < UNITS.length; i++) {
    const [unit] = UNITS[i] ?? ['minute', 60];
    const next = UNITS[i + 1];
    if (!next || value < next[1]) {
      if (unit === 'week' && value > 4) break;
      return format.format(-value, unit);
    }
    value = Math.round(value / next[1]);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}
