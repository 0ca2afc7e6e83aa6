import { msg } from '@lingui/core/macro';
import { moneyIn, type NotificationText } from '../notifications/notifications.service';

// The words of the subscription notices (in-app, and mailed through the person's settings),
// each written in the recipient's language when the notice is created. Plan names are the
// admin's own and stay as written; days are ISO dates (YYYY-MM-DD), read alike everywhere.

interface Price {
  cents: number;
  currency: string;
}

export const TITLES = {
  ending: msg`Subscription ending soon`,
  canceled: msg`Subscription canceled`,
  ended: msg`Subscription ended`,
  resumed: msg`Subscription resumed`,
  renewed: msg`Subscription renewed`,
  trialEnded: msg`Free trial ended`,
  paymentFailed: msg`Payment failed`,
};

export function endsSoon(plan: string, end: string) {
  return msg`Your ${plan} plan ends on ${end}. Resume it on /subscription to keep it.`;
}

export function trialChargeSoon(plan: string, end: string, price: Price): NotificationText {
  return (locale) => {
    const amount = moneyIn(locale, price.cents, price.currency);
    return msg`Your free trial of the ${plan} plan ends on ${end}. Then ${amount} a month is charged to your card. To pay nothing, cancel before then on /subscription.`;
  };
}

export function trialStarted(
  days: number,
  plan: string,
  end: string,
  price: Price,
): NotificationText {
  return (locale) => {
    const amount = moneyIn(locale, price.cents, price.currency);
    return msg`Your ${days}-day free trial of the ${plan} plan has started. It ends on ${end}; then ${amount} a month is charged to your card unless you cancel before.`;
  };
}

export function activated(plan: string, end: string, price: Price): NotificationText {
  return (locale) => {
    const amount = moneyIn(locale, price.cents, price.currency);
    return msg`Your ${plan} plan is active until ${end}. It renews monthly at ${amount}.`;
  };
}

export function trialCanceledUntil(plan: string, end: string) {
  return msg`Your free trial of the ${plan} plan ends on ${end} and you will not be charged. You can resume it until then.`;
}

export function trialCanceledNow(plan: string) {
  return msg`Your free trial of the ${plan} plan has ended. You were not charged.`;
}

export function willEnd(plan: string, end: string) {
  return msg`Your ${plan} plan will end on ${end}. You can resume it until then.`;
}

export function endedNow(plan: string) {
  return msg`Your ${plan} plan has ended.`;
}

export function ended(plan: string) {
  return msg`Your ${plan} plan has ended. You can subscribe again any time.`;
}

export function willRenew(plan: string) {
  return msg`Your ${plan} plan will renew as usual.`;
}

export function charged(price: Price, plan: string, end: string): NotificationText {
  return (locale) => {
    const amount = moneyIn(locale, price.cents, price.currency);
    return msg`We charged ${amount} for your ${plan} plan until ${end}.`;
  };
}

export function chargeFailedPortal(price: Price, plan: string): NotificationText {
  return (locale) => {
    const amount = moneyIn(locale, price.cents, price.currency);
    return msg`We could not charge your card ${amount} for the ${plan} plan. Update your card in the billing portal on /subscription; Stripe will try again.`;
  };
}

export function chargeFailedRetry(plan: string) {
  return msg`We could not charge your card for the ${plan} plan. Update your card on /subscription; we will try again.`;
}

export function chargeFailedEnded(plan: string) {
  return msg`We could not charge your card for the ${plan} plan, so it has ended.`;
}
