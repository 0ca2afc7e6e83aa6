import { msg } from '@lingui/core/macro';
import { TEAM_INVITE_DAYS } from '../../../contracts/teams';
import type { Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';

export const inviteUrl = (config: Pick<Config, 'PUBLIC_URL'>, token: string) =>
  `${config.PUBLIC_URL}/teams/invite/${encodeURIComponent(token)}`;

export function teamInviteMail(
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>,
  params: { to: string; ownerName: string; locale: Locale; token: string },
): MailMessage {
  const _ = translator(params.locale);
  const owner = params.ownerName;
  const days = TEAM_INVITE_DAYS;
  return renderMail({
    to: params.to,
    locale: params.locale,
    subject: _(msg`${owner} invited you to their team`),
    appName: config.APP_NAME,
    greeting: _(msg`Hello,`),
    paragraphs: [
      _(msg`${owner} invited you to help run their events.`),
      _(
        msg`Sign in or create an account with this address to accept. The link works for ${days} days.`,
      ),
    ],
    action: { label: _(msg`Accept the invitation`), url: inviteUrl(config, params.token) },
  });
}
