import { msg } from '@lingui/core/macro';
import { moneyIn, type NotificationText } from '../notifications/notifications.service';

// The words of the vendors' notifications, each written in the recipient's language when the
// notification is created. Names and event titles are the people's own and stay as written.

export const TITLES = {
  newHireRequest: msg`New hire request`,
  hireAccepted: msg`Hire request accepted`,
  hireDeclined: msg`Hire request declined`,
  hireCancelled: msg`Hire request cancelled`,
  feeReceived: msg`Vendor fee received`,
  feePaid: msg`Vendor fee paid`,
  newApplication: msg`New vendor application`,
  approved: msg`Vendor application approved`,
  feeRequired: msg`Vendor fee required`,
  applicationUpdate: msg`Vendor application update`,
  sharesLocation: msg`A vendor shares their location`,
};

export function wouldHire(organizer: string, event: string) {
  return msg`${organizer} would like to hire you for ${event}.`;
}

/** The other side hears how a hire request was answered. */
export function hireAnswered(answer: 'accept' | 'decline' | 'cancel', who: string, event: string) {
  if (answer === 'accept') return msg`${who} accepted the hire request for ${event}.`;
  if (answer === 'decline') return msg`${who} declined the hire request for ${event}.`;
  return msg`${who} cancelled the hire request for ${event}.`;
}

export function hireAnsweredTitle(answer: 'accept' | 'decline' | 'cancel') {
  if (answer === 'accept') return TITLES.hireAccepted;
  if (answer === 'decline') return TITLES.hireDeclined;
  return TITLES.hireCancelled;
}

export function feeReceived(event: string) {
  return msg`Thanks, your vendor fee for ${event} is paid. You have joined the event's group chat.`;
}

export function feePaid(vendor: string, event: string) {
  return msg`${vendor} paid the vendor fee for ${event} and joined the group chat.`;
}

export function applied(vendor: string, event: string) {
  return msg`${vendor} applied to be a vendor at ${event}.`;
}

export function approvedJoinChat(event: string) {
  return msg`Your application for ${event} was approved. You can now join the event's group chat.`;
}

export function approvedPayFee(event: string, cents: number, currency: string): NotificationText {
  return (locale) => {
    const fee = moneyIn(locale, cents, currency);
    return msg`Your application for ${event} was approved. Pay the vendor fee of ${fee} to confirm your place and join the group chat.`;
  };
}

export function approvedNoPaymentLink(
  event: string,
  cents: number,
  currency: string,
): NotificationText {
  return (locale) => {
    const fee = moneyIn(locale, cents, currency);
    return msg`Your application for ${event} was approved. The payment link for the vendor fee of ${fee} could not be created, so please contact the organizer to arrange payment.`;
  };
}

export function notAccepted(event: string) {
  return msg`Your application for ${event} was not accepted this time.`;
}

export function sharesLocation(vendor: string, event: string) {
  if (!vendor) return msg`A vendor shares their live location for ${event}.`;
  return msg`${vendor} shares their live location for ${event}.`;
}
