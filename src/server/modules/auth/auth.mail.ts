import { msg } from '@lingui/core/macro';
import type { Config } from '../../config';
import type { Locale } from '../../../contracts/locales';
import { translator } from '../../platform/i18n/translate';
import { renderMail } from '../../platform/mail/templates';

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
type Recipient = { email: string; fullName: string; language: Locale };

// Each mail is written in its recipient's language: the account's, which sign-up sets to the
// language the person was reading (decision 049).

export function confirmationMail(config: MailConfig, to: Recipient, token: string) {
  const _ = translator(to.language);
  const appName = config.APP_NAME;
  const name = to.fullName;
  return renderMail({
    to: to.email,
    locale: to.language,
    subject: _(msg`Confirm your email for ${appName}`),
    appName,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(
        msg`Thanks for signing up for ${appName}. Please confirm your email address to finish creating your account.`,
      ),
      _(msg`This link works once and expires in 24 hours.`),
    ],
    action: {
      label: _(msg`Confirm my email`),
      url: `${config.PUBLIC_URL}/api/auth/confirm?token=${token}`,
    },
    footer: _(msg`If you didn't sign up, you can ignore this email.`),
  });
}

export function accountExistsMail(config: MailConfig, to: Recipient) {
  const _ = translator(to.language);
  const appName = config.APP_NAME;
  const name = to.fullName;
  return renderMail({
    to: to.email,
    locale: to.language,
    subject: _(msg`You already have a ${appName} account`),
    appName,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(
        msg`Someone (hopefully you) tried to create a new account with this email address, but you already have one.`,
      ),
      _(msg`You can sign in, or reset your password if you forgot it.`),
    ],
    action: { label: _(msg`Sign in`), url: `${config.PUBLIC_URL}/auth` },
    footer: _(msg`If this wasn't you, no action is needed.`),
  });
}

export function passwordResetMail(config: MailConfig, to: Recipient, token: string) {
  const _ = translator(to.language);
  const name = to.fullName;
  const appName = config.APP_NAME;
  return renderMail({
    to: to.email,
    locale: to.language,
    subject: _(msg`Reset your ${appName} password`),
    appName,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(msg`We received a request to reset your password.`),
      _(msg`This link works once and expires in 1 hour.`),
    ],
    action: {
      label: _(msg`Choose a new password`),
      url: `${config.PUBLIC_URL}/reset-password?token=${token}`,
    },
    footer: _(
      msg`If you didn't ask for this, you can ignore this email: your password stays the same.`,
    ),
  });
}
