import { msg } from '@lingui/core/macro';
import { localeOrSource, SOURCE_LOCALE } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { DbExecutor } from '../../db/client';
import { translator } from '../../platform/i18n/translate';
import { languageOf } from './affiliates.queries';

/**
 * The affiliate's notifications, written in their language when created (the row keeps its
 * text for the list, push and mail alike); amounts as a reader of that language writes them.
 */
async function writerFor(db: DbExecutor, userId: string) {
  const locale = localeOrSource(await languageOf(db, { userId }));
  const money = (cents: number) =>
    formatMoney(cents, 'USD', { locale: locale === SOURCE_LOCALE ? undefined : locale });
  return { _: translator(locale), money };
}

export async function payoutSentText(
  db: DbExecutor,
  params: { userId: string; amountCents: number; reference: string },
) {
  const { _, money } = await writerFor(db, params.userId);
  const amount = money(params.amountCents);
  const reference = params.reference;
  return {
    title: _(msg`Payout sent`),
    message: _(msg`We sent you ${amount} (reference ${reference}).`),
  };
}

export async function conversionText(db: DbExecutor, params: { userId: string; cents: number }) {
  const { _, money } = await writerFor(db, params.userId);
  const amount = money(params.cents);
  return {
    title: _(msg`Referral converted`),
    message: _(
      msg`A sale through your link earned ${amount} (pending until the refund window closes).`,
    ),
  };
}

export async function reversalText(db: DbExecutor, params: { userId: string; cents: number }) {
  const { _, money } = await writerFor(db, params.userId);
  const amount = money(params.cents);
  return {
    title: _(msg`Commission reversed`),
    message: _(msg`A refunded order took back ${amount} of your commission.`),
  };
}
