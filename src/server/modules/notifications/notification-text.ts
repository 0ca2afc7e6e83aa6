import type { MessageDescriptor } from '@lingui/core';
import { localeOrSource, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { DbExecutor } from '../../db/client';
import { translate } from '../../platform/i18n/translate';
import { languagesOf } from './notifications.queries';

/**
 * A notification's title or message as its writer gives it: a `msg` descriptor (values
 * included) is written in the recipient's language; a plain string is kept as it is, unless a
 * catalog holds it as English source text. A function of the language is for values that are
 * themselves written per language (amounts, dates).
 */
export type NotificationText =
  string | MessageDescriptor | ((locale: Locale) => string | MessageDescriptor);

/**
 * Notifications are written in the recipient's language when they are created (the recipient
 * is known then, and one row serves the list, the live frame, push and mail alike; decision
 * 049). Answers each user's language; an unknown user or no setting reads English.
 */
export async function recipientLocales(
  db: DbExecutor,
  userIds: readonly string[],
): Promise<(userId: string) => Locale> {
  const languages = await languagesOf(db, [...new Set(userIds)]);
  return (userId) => localeOrSource(languages.get(userId));
}

export function textIn(locale: Locale, text: NotificationText): string {
  return translate(locale, typeof text === 'function' ? text(locale) : text);
}

/** An amount as a reader of this language writes it (English as before: "$19.99"). */
export function moneyIn(locale: Locale, cents: number, currency: string): string {
  return formatMoney(cents, currency, { locale: locale === SOURCE_LOCALE ? undefined : locale });
}

/** Rows with their title and message in each recipient's language. */
export async function inRecipientLanguages<
  T extends { userId: string; title: NotificationText; message: NotificationText },
>(
  db: DbExecutor,
  rows: readonly T[],
): Promise<(Omit<T, 'title' | 'message'> & { title: string; message: string })[]> {
  const localeOf = await recipientLocales(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => {
    const locale = localeOf(row.userId);
    return { ...row, title: textIn(locale, row.title), message: textIn(locale, row.message) };
  });
}
