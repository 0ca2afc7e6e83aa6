import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { secondFactorGate, type PendingSecondFactor } from '../../platform/auth/second-factor';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { hitCounter } from '../../platform/http/rate-limits';
import { translator } from '../../platform/i18n/translate';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { consumeAuthToken, issueAuthToken, type ConsumeResult } from './auth-tokens';
import { findUserCredentialsByEmail, getUserCredentials, markEmailConfirmed } from './auth.queries';
import { startSession, type AuthDeps } from './auth.service';
import { resetSignInThrottle } from './sign-in-throttle';

// One-time sign-in links (decision 062): the owner's way in that no amount of guessing at the
// password can block. Mailed to the account's address, single use, 15 minutes (auth-tokens.ts),
// stored as a SHA-256 like the other mailed links. Using one clears the account's sign-in
// throttle from every network.

/** One sign-in link mail per account per minute, whoever asks (no inbox flooding). */
const MAIL_COOLDOWN_MS = 60_000;

/**
 * Mails a sign-in link when the address has an account. Callers answer the same whether or not
 * it has one, and run this off the request path, so neither the answer nor its time tells.
 */
export async function requestSignInLink(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'jobs' | 'config'>,
  params: { email: string },
): Promise<void> {
  const user = await findUserCredentialsByEmail(deps.db, { email: params.email });
  if (!user) return;
  const now = deps.clock.now();
  const claim = await hitCounter(deps.db, {
    key: `mail:sign_in_link:${user.id}`,
    windowMs: MAIL_COOLDOWN_MS,
    now,
  });
  if (claim.count !== 1) return;
  const token = await issueAuthToken(deps.db, { userId: user.id, purpose: 'sign_in_link', now });
  await enqueueMail(
    deps.jobs,
    signInLinkMail(deps.config, { ...user, language: localeOrSource(user.language) }, token),
  );
}

export const SIGN_IN_LINK_MESSAGES: Record<
  Exclude<ConsumeResult, { ok: true }>['reason'],
  MessageDescriptor
> = {
  invalid: msg`This sign-in link is not valid. Please request a new one.`,
  expired: msg`This sign-in link has expired. Please request a new one.`,
  used: msg`This sign-in link has already been used. Please request a new one.`,
};

/**
 * Signs in with a mailed link: uses the token once, counts the address as confirmed (the person
 * read its mail), clears the account's sign-in throttle, then completes the sign-in, or asks for
 * the second factor when the account has one.
 */
export async function signInWithLink(
  deps: Pick<AuthDeps, 'db' | 'clock'> & { config: Pick<Config, 'SESSION_SECRET'> },
  params: {
    token: string;
    userAgent?: string;
    address?: string;
    /** Whether this browser signed in to the account (by its address) before. */
    knownDevice: (email: string) => boolean;
    /** The two-factor "trust this browser" cookie. */
    trustCookie?: string;
  },
): Promise<
  | { token: string; expiresAt: Date; user: AuthUser; email: string }
  | { secondFactor: PendingSecondFactor; email: string }
> {
  const now = deps.clock.now();
  const used = await deps.db.transaction(async (tx) => {
    const result = await consumeAuthToken(tx, {
      token: params.token,
      purpose: 'sign_in_link',
      now,
    });
    if (!result.ok)
      throw new AppError('BAD_REQUEST', SIGN_IN_LINK_MESSAGES[result.reason], {
        reason: result.reason,
      });
    await markEmailConfirmed(tx, { userId: result.userId, now });
    return getUserCredentials(tx, { userId: result.userId });
  });
  if (!used) throw new AppError('BAD_REQUEST', SIGN_IN_LINK_MESSAGES.invalid);
  await resetSignInThrottle(deps.db, { email: used.email });
  const knownDevice = params.knownDevice(used.email);
  // The link proves the mailbox only: an account with two-factor sign-in still gives its second
  // factor, as after a password (decision 061's gate; the two-factor module opens the session).
  const pending = await secondFactorGate(deps, {
    userId: used.id,
    now,
    trustCookie: params.trustCookie,
    knownDevice,
    userAgent: params.userAgent,
  });
  if (pending) return { secondFactor: pending, email: used.email };
  const session = await startSession(deps, {
    userId: used.id,
    userAgent: params.userAgent,
    knownDevice,
    address: params.address,
  });
  return { ...session, email: used.email };
}

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;

/** The mail with the link, in the recipient's language. */
export function signInLinkMail(
  config: MailConfig,
  to: { email: string; fullName: string; language: Locale },
  token: string,
) {
  const _ = translator(to.language);
  const appName = config.APP_NAME;
  const name = to.fullName;
  return renderMail({
    to: to.email,
    locale: to.language,
    subject: _(msg`Your ${appName} sign-in link`),
    appName,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(msg`Use this link to sign in to ${appName} without your password.`),
      _(msg`This link works once and expires in 15 minutes.`),
    ],
    action: {
      label: _(msg`Sign in`),
      url: `${config.PUBLIC_URL}/auth/link?token=${token}`,
    },
    footer: _(
      msg`If you didn't ask for this, you can ignore this email. If someone keeps trying to sign in to your account, a strong password and two-factor sign-in keep them out.`,
    ),
  });
}
