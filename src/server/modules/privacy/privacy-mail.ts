import { msg } from '@lingui/core/macro';
import { DATA_EXPORT_KEEP_DAYS, DELETION_GRACE_DAYS } from '../../../contracts/privacy';
import type { Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;

/** The page of the account settings where a person downloads their data or deletes the account. */
export const privacyPageUrl = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL}/account/privacy`;

export function dataExportReadyMail(
  config: MailConfig,
  params: { to: string; name: string; locale: Locale },
): MailMessage {
  const _ = translator(params.locale);
  const name = params.name;
  const days = DATA_EXPORT_KEEP_DAYS;
  return renderMail({
    to: params.to,
    locale: params.locale,
    subject: _(msg`Your data is ready to download`),
    appName: config.APP_NAME,
    greeting: _(msg`Hello ${name},`),
    paragraphs: [
      _(msg`The copy of your data you asked for is ready. You can download it for ${days} days.`),
      _(msg`The link works only while you are signed in to your account.`),
    ],
    action: { label: _(msg`Download my data`), url: privacyPageUrl(config) },
  });
}

export function deletionRequestedMail(
  config: MailConfig,
  params: { to: string; name: string; locale: Locale },
): MailMessage {
  const _ = translator(params.locale);
  const name = params.name;
  const days = DELETION_GRACE_DAYS;
  return renderMail({
    to: params.to,
    locale: params.locale,
    subject: _(msg`Your account will be deleted in ${days} days`),
    appName: config.APP_NAME,
    greeting: _(msg`Hello ${name},`),
    paragraphs: [
      _(
        msg`You asked us to delete your account. In ${days} days your personal data will be erased.`,
      ),
      _(msg`Changed your mind? Sign in before then and your account stays as it is.`),
    ],
    action: { label: _(msg`Keep my account`), url: privacyPageUrl(config) },
  });
}
