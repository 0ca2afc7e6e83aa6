import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EXPORT_KEEP_HOURS, type ExportFormat, type ExportKind } from '../../../contracts/exports';
import type { Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';

// What the organizer reads when a long export is ready: the mail with its link, and the
// in-app notification (both in the organizer's language).

export const KIND_LABELS: Record<ExportKind, MessageDescriptor> = {
  orders: msg`Orders`,
  attendees: msg`Attendees`,
  check_ins: msg`Check-ins`,
  products: msg`Products`,
};

export const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

export function exportReadyTexts(
  locale: Locale,
  params: { kind: ExportKind; format: ExportFormat; eventTitle: string },
) {
  const _ = translator(locale);
  const what = _(KIND_LABELS[params.kind]);
  const format = FORMAT_NAMES[params.format];
  const title = params.eventTitle;
  const hours = EXPORT_KEEP_HOURS;
  return {
    title: _(msg`Your export is ready`),
    message: _(
      msg`${what} of ${title} (${format}) is ready. You can download it for ${hours} hours.`,
    ),
  };
}

export function exportReadyMail(
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>,
  params: {
    to: string;
    name: string;
    locale: Locale;
    kind: ExportKind;
    format: ExportFormat;
    eventTitle: string;
    url: string;
  },
): MailMessage {
  const _ = translator(params.locale);
  const texts = exportReadyTexts(params.locale, params);
  const name = params.name;
  return renderMail({
    to: params.to,
    locale: params.locale,
    subject: texts.title,
    appName: config.APP_NAME,
    greeting: _(msg`Hello ${name},`),
    paragraphs: [
      texts.message,
      _(msg`The link works only while you are signed in to your account.`),
    ],
    action: { label: _(msg`Download the export`), url: params.url },
  });
}
