import { msg } from '@lingui/core/macro';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import { renderMail } from '../../platform/mail/templates';

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;

// Mail to the person who gets a ticket is in their language: their account's, or, without an
// account, the language of the page the sender transferred from (decision 055).

export const claimUrl = (config: MailConfig, token: string) =>
  `${config.PUBLIC_URL}/ticket-claim/${encodeURIComponent(token)}`;

interface Transfer {
  to: string;
  language: string | null;
  fallback: Locale;
  fromName: string;
  eventTitle: string;
  ticketTypeName: string;
}

function mailText(config: MailConfig, transfer: Transfer) {
  const locale = transfer.language ? localeOrSource(transfer.language) : transfer.fallback;
  const _ = translator(locale);
  const sender = transfer.fromName;
  const event = transfer.eventTitle;
  const ticket = transfer.ticketTypeName;
  return {
    locale,
    _,
    subject: _(msg`${sender} sent you a ticket for ${event}`),
    intro: _(msg`${sender} transferred a “${ticket}” ticket for ${event} to you.`),
  };
}

/** The recipient has an account: the ticket is already theirs. */
export function ticketReceivedMail(config: MailConfig, transfer: Transfer & { ticketId: string }) {
  const { locale, _, subject, intro } = mailText(config, transfer);
  return renderMail({
    to: transfer.to,
    locale,
    subject,
    appName: config.APP_NAME,
    greeting: _(msg`Hi,`),
    paragraphs: [
      intro,
      _(msg`It is in your tickets now, with a QR code of its own to show at the entrance.`),
    ],
    action: {
      label: _(msg`View your ticket`),
      url: `${config.PUBLIC_URL}/ticket/${transfer.ticketId}`,
    },
  });
}

/** No account with that address: the link lets them sign up or sign in and take it. */
export function claimTicketMail(config: MailConfig, transfer: Transfer & { token: string }) {
  const { locale, _, subject, intro } = mailText(config, transfer);
  return renderMail({
    to: transfer.to,
    locale,
    subject,
    appName: config.APP_NAME,
    greeting: _(msg`Hi,`),
    paragraphs: [
      intro,
      _(
        msg`To take it, open the link, then sign in or create an account. The ticket gets a QR code of its own when you take it.`,
      ),
    ],
    action: { label: _(msg`Take the ticket`), url: claimUrl(config, transfer.token) },
    footer: _(msg`If you do not know the sender, you can ignore this email.`),
  });
}
