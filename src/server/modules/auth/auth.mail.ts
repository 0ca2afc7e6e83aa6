import type { Config } from '../../config';
import { renderMail } from '../../platform/mail/templates';

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;

export function confirmationMail(
  config: MailConfig,
  to: { email: string; fullName: string },
  token: string,
) {
  return renderMail({
    to: to.email,
    subject: `Confirm your email for ${config.APP_NAME}`,
    appName: config.APP_NAME,
    greeting: `Hi ${to.fullName},`,
    paragraphs: [
      `Thanks for signing up for ${config.APP_NAME}. Please confirm your email address to finish creating your account.`,
      'This link works once and expires in 24 hours.',
    ],
    action: {
      label: 'Confirm my email',
      url: `${config.PUBLIC_URL}/api/auth/confirm?token=${token}`,
    },
    footer: "If you didn't sign up, you can ignore this email.",
  });
}

export function accountExistsMail(config: MailConfig, to: { email: string; fullName: string }) {
  return renderMail({
    to: to.email,
    subject: `You already have a ${config.APP_NAME} account`,
    appName: config.APP_NAME,
    greeting: `Hi ${to.fullName},`,
    paragraphs: [
      'Someone (hopefully you) tried to create a new account with this email address, but you already have one.',
      'You can sign in, or reset your password if you forgot it.',
    ],
    action: { label: 'Sign in', url: `${config.PUBLIC_URL}/auth` },
    footer: "If this wasn't you, no action is needed.",
  });
}

export function passwordResetMail(
  config: MailConfig,
  to: { email: string; fullName: string },
  token: string,
) {
  return renderMail({
    to: to.email,
    subject: `Reset your ${config.APP_NAME} password`,
    appName: config.APP_NAME,
    greeting: `Hi ${to.fullName},`,
    paragraphs: [
      'We received a request to reset your password.',
      'This link works once and expires in 1 hour.',
    ],
    action: {
      label: 'Choose a new password',
      url: `${config.PUBLIC_URL}/reset-password?token=${token}`,
    },
    footer: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  });
}
