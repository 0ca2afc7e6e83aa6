import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentIntlLocale } from '../../lib/intl-locale';
import type { TicketTypeList } from './api';

/** What the event page offers a visitor: the price in a few characters and the one action. */
export interface EventOffer {
  /** "Free", "$15", "$15–$60", "Free–$20"; null when there is nothing priced to show. */
  priceLabel: string | null;
  /** "Sold out" / "Sales have ended" / "Not on sale yet" when nothing can be bought now. */
  note: string | null;
  action: 'buy' | 'register' | null;
}

// Made once per locale, currency and shape: the event page computes its offer in three places
// (its top, the phone bar, the Tickets section), and each new currency formatter costs
// milliseconds on a phone while the page starts.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Whole amounts without cents ("$15"), others as usual ("$15.50"): a range must stay short. */
export function shortMoney(cents: number, currency: string, i18n: I18n = activeI18n): string {
  if (cents === 0) return i18n._(msg`Free`);
  const whole = cents % 100 === 0;
  const locale = currentIntlLocale();
  const key = `${locale}|${currency}|${whole ? 0 : 2}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/**
 * The price range of what is on sale (or, when nothing is, of every listed type) and the action
 * that fits: "Get tickets" where something is paid, "Register" for a free event. Shared by the
 * top of the event page, its phone buy bar and its Tickets section so they never disagree.
 */
export function eventOffer(
  list: TicketTypeList | undefined,
  event: { isFree: boolean; isOpen: boolean },
  // A component passes its useLingui() i18n, so a language switch recomputes the words.
  i18n: I18n = activeI18n,
): EventOffer {
  const types = list?.ticketTypes ?? [];
  const hasPaid = types.some((t) => !t.isFree) || Boolean(list?.hasLocked && !event.isFree);
  const canRegister = !hasPaid && (event.isFree || types.length > 0);
  const onSale = types.filter((t) => t.availability === 'on_sale');
  const priced = onSale.length ? onSale : types;
  const currency = priced[0]?.currency;
  const cents = priced.filter((t) => t.currency === currency).map((t) => t.priceCents);

  let priceLabel: string | null = null;
  if (currency && cents.length) {
    const low = Math.min(...cents);
    const high = Math.max(...cents);
    priceLabel =
      low === high
        ? shortMoney(low, currency, i18n)
        : `${shortMoney(low, currency, i18n)}–${shortMoney(high, currency, i18n)}`;
  } else if (event.isFree) {
    priceLabel = i18n._(msg`Free`);
  }

  let note: string | null = null;
  if (!event.isOpen) note = null;
  else if (types.length && !onSale.length) {
    if (types.every((t) => t.availability === 'sold_out')) note = i18n._(msg`Sold out`);
    else if (types.every((t) => t.availability === 'ended' || t.availability === 'sold_out'))
      note = i18n._(msg`Sales have ended`);
    else note = i18n._(msg`Not on sale yet`);
  } else if (!types.length && !event.isFree) note = i18n._(msg`Not on sale yet`);

  const action = !event.isOpen ? null : hasPaid ? 'buy' : canRegister ? 'register' : null;
  return { priceLabel, note, action };
}
