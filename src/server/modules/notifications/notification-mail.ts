import {
  NOTIFICATION_GROUP_LABELS,
  groupOfType,
  type Notification,
} from '../../../contracts/notifications';
import type { Config } from '../../config';
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
];

const ACTION_LABELS: Record<string, string> = {
  message: 'Reply',
  event_chat_message: 'Open the event chat',
  vendor_chat_join: 'Open the event chat',
  vendor_request: 'Review the application',
  vendor_request_update: 'See your applications',
  vendor_approved: 'See your applications',
  vendor_payment_required: 'Pay the vendor fee',
  payment_failed: 'See the order',
  plan_ending: 'See your subscription',
  ticket_sale: 'See the event',
  ride_request: 'See the ride',
  ride_matched: 'See the ride',
  ride_confirmed: 'See the ride',
  ride_cancelled: 'See the ride',
};

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;

/** The unsubscribe footer and headers every notification mail carries (RFC 8058 one-click). */
function unsubscribeParts(
  config: MailConfig,
  userId: string,
  group: ReturnType<typeof groupOfType>,
) {
  const url = `${config.PUBLIC_URL}/notification-settings?unsubscribe=${unsubscribeToken(config, { userId, group })}`;
  return {
    footer: `You get this email because of your notification settings for "${NOTIFICATION_GROUP_LABELS[group]}". Turn these emails off: ${url}`,
    headers: { 'List-Unsubscribe': `<${url}>` },
  };
}

/** One layout for every notification; the type picks the button. */
export function notificationMail(
  config: MailConfig,
  params: {
    to: string;
    name: string;
    notification: Pick<Notification, 'userId' | 'type' | 'title' | 'message' | 'link'>;
  },
): MailMessage {
  const n = params.notification;
  const unsubscribe = unsubscribeParts(config, n.userId, groupOfType(n.type));
  const mail = renderMail({
    to: params.to,
    subject: n.title,
    appName: config.APP_NAME,
    greeting: `Hi ${params.name},`,
    paragraphs: [n.message],
    action: n.link
      ? { label: ACTION_LABELS[n.type] ?? 'Open', url: `${config.PUBLIC_URL}${n.link}` }
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
    userId: string;
    subject: string;
    message: string;
    eventTitle: string;
    eventId: string;
  },
): MailMessage {
  const unsubscribe = unsubscribeParts(config, params.userId, 'events');
  const mail = renderMail({
    to: params.to,
    subject: params.subject,
    appName: config.APP_NAME,
    greeting: `Hi ${params.name},`,
    paragraphs: [
      `A message from the organizer of ${params.eventTitle}:`,
      ...params.message.split(/\n{2,}/),
    ],
    action: { label: 'See the event', url: `${config.PUBLIC_URL}/event/${params.eventId}` },
    footer: unsubscribe.footer,
  });
  return { ...mail, headers: unsubscribe.headers };
}
