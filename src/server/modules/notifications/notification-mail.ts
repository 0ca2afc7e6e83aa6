import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import {
  groupOfType,
  type Notification,
  type NotificationGroup,
} from '../../../contracts/notifications';
import { NOTIFICATION_GROUP_LABELS } from '../../../contracts/notification-types';
import type { Config } from '../../config';
import { translate, translator } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';
import { unsubscribeToken } from './unsubscribe-token';

/** Types that already send their own mail (tickets with PDFs, sign-up confirmation). */
export const TYPES_WITH_OWN_MAIL: readonly string[] = [
  'ticket_purchase',
  'event_registration',
  'payment_success',
  'payment_processing',
  'signup',
  'export_ready',
  // The offer mail goes to every place, signed in or not (waitlist.mail).
  'waitlist_offer',
];

const ACTION_LABELS: Record<string, MessageDescriptor> = {
  message: msg`Reply`,
  event_chat_message: msg`Open the event chat`,
  vendor_chat_join: msg`Open the event chat`,
  vendor_request: msg`Review the application`,
  vendor_request_update: msg`See your applications`,
  vendor_approved: msg`See your applications`,
  vendor_payment_required: msg`Pay the vendor fee`,
  payment_failed: msg`See the order`,
  plan_ending: msg`See your subscription`,
  ticket_sale: msg`See the event`,
  ride_request: msg`See the ride`,
  ride_matched: msg`See the ride`,
  ride_confirmed: msg`See the ride`,
  ride_cancelled: msg`See the ride`,
};

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;

/** The unsubscribe footer and headers every notification mail carries (RFC 8058 one-click). */
function unsubscribeParts(
  config: MailConfig,
  userId: string,
  group: NotificationGroup,
  locale: Locale,
) {
  const _ = translator(locale);
  const url = `${config.PUBLIC_URL}/notification-settings?unsubscribe=${unsubscribeToken(config, { userId, group })}`;
  // The settings page's name for the group, from the contracts' catalog.
  const groupLabel = translate(locale, NOTIFICATION_GROUP_LABELS[group]);
  return {
    footer: _(
      msg`You get this email because of your notification settings for "${groupLabel}". Turn these emails off: ${url}`,
    ),
    headers: { 'List-Unsubscribe': `<${url}>` },
  };
}

/**
 * One layout for every notification; the type picks the button. The frame (greeting, button,
 * footer) is in the recipient's language; title and message were written in it when the
 * notification was stored.
 */
export function notificationMail(
  config: MailConfig,
  params: {
    to: string;
    name: string;
    locale?: Locale;
    notification: Pick<Notification, 'userId' | 'type' | 'title' | 'message' | 'link'>;
  },
): MailMessage {
  const n = params.notification;
  const locale = params.locale ?? SOURCE_LOCALE;
  const _ = translator(locale);
  const unsubscribe = unsubscribeParts(config, n.userId, groupOfType(n.type), locale);
  const name = params.name;
  const mail = renderMail({
    to: params.to,
    locale,
    subject: n.title,
    appName: config.APP_NAME,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [n.message],
    action: n.link
      ? { label: _(ACTION_LABELS[n.type] ?? msg`Open`), url: `${config.PUBLIC_URL}${n.link}` }
      : undefined,
    footer: unsubscribe.footer,
  });
  return { ...mail, headers: unsubscribe.headers };
}

/** An organizer's announcement to the people holding tickets (spec §7 send-event-notification). */
export function announcementMail(
  config: MailConfig,
  params: {
    to: string;
    name: string;
    locale?: Locale;
    userId: string;
    subject: string;
    message: string;
    eventTitle: string;
    eventId: string;
  },
): MailMessage {
  const locale = params.locale ?? SOURCE_LOCALE;
  const _ = translator(locale);
  const unsubscribe = unsubscribeParts(config, params.userId, 'events', locale);
  const { name, eventTitle } = params;
  const mail = renderMail({
    to: params.to,
    locale,
    subject: params.subject,
    appName: config.APP_NAME,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(msg`A message from the organizer of ${eventTitle}:`),
      ...params.message.split(/\n{2,}/),
    ],
    action: { label: _(msg`See the event`), url: `${config.PUBLIC_URL}/event/${params.eventId}` },
    footer: unsubscribe.footer,
  });
  return { ...mail, headers: unsubscribe.headers };
}
