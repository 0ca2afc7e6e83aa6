import { msg, plural } from '@lingui/core/macro';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type SignInInput,
} from '../../../contracts/auth';
import { SignUpInputSchema, signUpProblems, type SignUpInput } from '../../../contracts/accounts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  createSession,
  deleteSession,
  findSessionUser,
  hasOtherLiveSession,
  type AuthUser,
} from '../../platform/auth/sessions';
import { announceSessionChange, type SessionEvents } from '../../platform/auth/session-events';
import { recordAuthCheck } from '../../platform/auth/recent-auth';
import { secondFactorGate, type PendingSecondFactor } from '../../platform/auth/second-factor';
import type { Clock } from '../../platform/clock';
import {
  createGroupedNotification,
  createNotifications,
} from '../notifications/notifications.service';
import { isAccountSuspended } from '../../platform/auth/suspension';
import { SUSPENDED_MESSAGE } from '../../../contracts/admin';
import { AppError } from '../../platform/http/errors';
import { cancelDeletionOnSignIn } from '../privacy/privacy.service';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { hitCounter } from '../../platform/http/rate-limits';
import { consumeAuthToken, issueAuthToken, type ConsumeResult } from './auth-tokens';
import {
  addressSignInSucceeded,
  admitFromAddress,
  admitSignIn,
  signInSucceeded,
} from './sign-in-throttle';
import { accountExistsMail, confirmationMail, passwordResetMail } from './auth.mail';
import { passwordSignInRefusal } from './auth.policy';
import {
  findUserCredentialsByEmail,
  getUserCredentials,
  insertAccount,
  markEmailConfirmed,
  revokeSessions,
  setPasswordHash,
} from './auth.queries';

// The signed-in user's response shape, for the other ways to sign in (passkeys).
export { presentSessionUser } from './auth.presenter';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'RATE_LIMIT_MULTIPLIER' | 'SESSION_SECRET'>;
  /** Tells every process of ended sessions (caches, live sockets). */
  sessionEvents: SessionEvents;
}

// One mail of each kind per account per minute at most, whoever asks (no inbox flooding).
const MAIL_COOLDOWN_MS = 60_000;

export async function signIn(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config'>,
  input: SignInInput & {
    userAgent?: string;
    knownDevice?: boolean;
    address?: string;
    /** The trusted-device cookie: skips the second factor until it expires. */
    trustCookie?: string;
  },
): Promise<
  { token: string; expiresAt: Date; user: AuthUser } | { secondFactor: PendingSecondFactor }
> {
  const now = deps.clock.now();
  const multiplier = deps.config.RATE_LIMIT_MULTIPLIER;
  // The limits of sign-in-throttle.ts: failed sign-ins per client address, and attempts per
  // account (a browser that signed in to the account before skips the account's).
  if (input.address !== undefined)
    await admitFromAddress(deps.db, { address: input.address, now, multiplier });
  if (!input.knownDevice) {
    await admitSignIn(deps.db, { email: input.email, address: input.address, now, multiplier });
  }
  const user = await findUserCredentialsByEmail(deps.db, { email: input.email });
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  const refusal = passwordSignInRefusal(user, passwordOk);
  if (!user || refusal === 'invalid_credentials') {
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  }
  // The right password: the account's throttle starts over (even if the email is unconfirmed).
  await signInSucceeded(deps.db, { email: input.email, address: input.address, now });
  // spec §8: signing in unconfirmed shows "Email not confirmed"; only after the password matched,
  // so this answer does not reveal which emails exist.
  if (refusal === 'email_not_confirmed') {
    throw new AppError('FORBIDDEN', EMAIL_NOT_CONFIRMED_MESSAGE, { reason: 'EMAIL_NOT_CONFIRMED' });
  }
  // Two-factor sign-in (decision 061): no session until the second step.
  const pending = await secondFactorGate(deps, {
    userId: user.id,
    now,
    trustCookie: input.trustCookie,
    knownDevice: input.knownDevice,
    userAgent: input.userAgent,
  });
  if (pending) return { secondFactor: pending };
  return startSession(deps, {
    credentialChecked: true,
    userId: user.id,
    userAgent: input.userAgent,
    knownDevice: input.knownDevice,
    address: input.address,
  });
}

/**
 * The per-address limit on failed sign-ins, for the other ways to sign in (passkeys): counts the
 * attempt as a failure until `signInFromAddressSucceeded` gives it back, and throws RATE_LIMITED
 * once the address's failures in the minute are used up (sign-in-throttle.ts).
 */
export async function admitSignInFromAddress(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config'>,
  address: string,
): Promise<void> {
  await admitFromAddress(deps.db, {
    address,
    now: deps.clock.now(),
    multiplier: deps.config.RATE_LIMIT_MULTIPLIER,
  });
}

/** A sign-in admitted by `admitSignInFromAddress` succeeded: the address gets its attempt back. */
export async function signInFromAddressSucceeded(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  address: string,
): Promise<void> {
  await addressSignInSucceeded(deps.db, { address, now: deps.clock.now() });
}

export async function startSession(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  params: {
    credentialChecked?: boolean;
    userId: string;
    userAgent?: string;
    knownDevice?: boolean;
    address?: string;
  },
): Promise<{ token: string; expiresAt: Date; user: AuthUser }> {
  // A suspended account gets no session, whichever way it signs in (password, passkey).
  if (await isAccountSuspended(deps.db, { userId: params.userId }))
    throw new AppError('FORBIDDEN', SUSPENDED_MESSAGE, { reason: 'ACCOUNT_SUSPENDED' });
  // Signing in, whichever way, is changing one's mind about deleting the account.
  await cancelDeletionOnSignIn(deps.db, { userId: params.userId });
  const now = deps.clock.now();
  const session = await createSession(deps.db, {
    userId: params.userId,
    now,
    userAgent: params.userAgent,
    ipAddress: params.address,
  });
  const user = await findSessionUser(deps.db, { token: session.token, now });
  if (!user) throw new AppError('INTERNAL', 'The new session could not be read back');
  // A password or passkey proved the person: sensitive actions need no new check for a while.
  if (params.credentialChecked) await recordAuthCheck(deps.db, { sessionId: user.sessionId, now });
  // spec §3 `signin`: only a browser this account has not signed in from before is news; one
  // notice per kind of device while unread, so repeated sign-ins cannot fill the list.
  if (!params.knownDevice)
    await notifyNewDevice(deps.db, params.userId, params.userAgent, now, user.sessionId);
  return { ...session, user };
}

async function notifyNewDevice(
  db: Database,
  userId: string,
  userAgent: string | undefined,
  now: Date,
  sessionId: string,
): Promise<void> {
  const device = userAgent ? describeDevice(userAgent) : null;
  // Mailed whatever the mail settings (decision 062) when the account is signed in elsewhere:
  // the person there learns that someone else got in. A first sign-in is no news to anyone.
  const security = await hasOtherLiveSession(db, { userId, sessionId, now });
  // In the account's language (the notifications module looks it up).
  await createGroupedNotification(db, {
    userId,
    type: 'signin',
    title: msg`New sign-in`,
    message: device ? msg`You signed in from ${device}.` : msg`You signed in.`,
    repeatedMessage: (count) =>
      device
        ? msg`${plural(count, { one: '# sign-in', other: '# sign-ins' })} from ${device}, the latest at the time shown.`
        : msg`${plural(count, { one: '# sign-in', other: '# sign-ins' })}, the latest at the time shown.`,
    groupKey: `signin:${device ?? 'unknown'}`,
    metadata: { user_agent: userAgent?.slice(0, 300) ?? null, security },
    createdAt: now,
  });
}

export async function signOut(
  deps: Pick<AuthDeps, 'db' | 'sessionEvents'>,
  params: { token: string | undefined },
): Promise<void> {
  const token = params.token;
  if (!token) return;
  const notice = await deps.db.transaction(async (tx) => {
    const ended = await deleteSession(tx, { token });
    return ended ? announceSessionChange(tx, { userId: ended.userId }) : null;
  });
  if (notice) await deps.sessionEvents.settle(notice);
}

/**
 * spec §4 sign-up: creates the unconfirmed account and mails a single-use confirmation link.
 * An email that already has an account gets the same answer (and a mail saying so), so the
 * form cannot be used to find out who has an account.
 */
/** `locale` is the language the person was reading: their mail speaks it from now on. */
export async function signUp(
  deps: AuthDeps,
  rawInput: SignUpInput,
  locale: Locale,
): Promise<{ email: string }> {
  const problems = signUpProblems(rawInput);
  const first = problems[0];
  if (first) throw new AppError('VALIDATION_FAILED', first.message, { fields: problems });
  const input = SignUpInputSchema.parse(rawInput);
  const email = input.email.trim();
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);

  const outcome = await deps.db.transaction(async (tx) => {
    const created = await insertAccount(tx, {
      email,
      passwordHash,
      fullName: input.fullName.trim(),
      phone: input.phone.trim(),
      userType: input.userType,
      service: input.service?.trim() || null,
      referredByPromoCode: input.referralCode?.trim() || null,
      language: locale,
      now,
    });
    if (!created) return { kind: 'exists' as const };
    await createNotifications(tx, [
      {
        userId: created.id,
        type: 'signup',
        title: `Welcome to ${deps.config.APP_NAME}`,
        message: 'Your account is ready. Find events near you, or create your own.',
        createdAt: now,
      },
    ]);
    const token = await issueAuthToken(tx, {
      userId: created.id,
      purpose: 'email_confirmation',
      now,
    });
    return { kind: 'created' as const, token, userId: created.id };
  });

  if (outcome.kind === 'created') {
    // Counts as this minute's confirmation mail: an immediate resend sends nothing more.
    await claimMail(deps, outcome.userId, 'email_confirmation', now);
    await enqueueMail(
      deps.jobs,
      confirmationMail(
        deps.config,
        { email, fullName: input.fullName.trim(), language: locale },
        outcome.token,
      ),
    );
  } else {
    await resendConfirmation(deps, { email });
  }
  return { email };
}

const recipient = (user: { email: string; fullName: string; language: string | null }) => ({
  ...user,
  language: localeOrSource(user.language),
});

/** Sends a new confirmation link to an unconfirmed account, or an "account exists" note. */
export async function resendConfirmation(deps: AuthDeps, params: { email: string }): Promise<void> {
  const user = await findUserCredentialsByEmail(deps.db, { email: params.email });
  if (!user) return;
  const now = deps.clock.now();
  // One kind for both answers (a new link, or "you already have an account"): whichever path
  // asks (sign-up with a taken address, resend), the account gets one such mail a minute.
  if (!(await claimMail(deps, user.id, 'email_confirmation', now))) return;
  if (user.emailConfirmedAt) {
    await enqueueMail(deps.jobs, accountExistsMail(deps.config, recipient(user)));
    return;
  }
  const token = await issueAuthToken(deps.db, {
    userId: user.id,
    purpose: 'email_confirmation',
    now,
  });
  await enqueueMail(deps.jobs, confirmationMail(deps.config, recipient(user), token));
}

/**
 * Claims this minute's mail of a kind for an account: true for the first claim in the window.
 * One atomic count shared by every process (concurrent requests cannot all pass a read-then-send
 * check, as they could when this read the last token's time).
 */
async function claimMail(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
  kind: 'email_confirmation' | 'password_reset',
  now: Date,
): Promise<boolean> {
  const hit = await hitCounter(deps.db, {
    key: `mail:${kind}:${userId}`,
    windowMs: MAIL_COOLDOWN_MS,
    now,
  });
  return hit.count === 1;
}

export async function confirmEmail(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  params: { token: string },
): Promise<ConsumeResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const result = await consumeAuthToken(tx, {
      token: params.token,
      purpose: 'email_confirmation',
      now,
    });
    if (result.ok) await markEmailConfirmed(tx, { userId: result.userId, now });
    return result;
  });
}

/** Always the same answer, whether or not the email has an account. */
export async function requestPasswordReset(
  deps: AuthDeps,
  params: { email: string },
): Promise<void> {
  const user = await findUserCredentialsByEmail(deps.db, { email: params.email });
  if (!user) return;
  const now = deps.clock.now();
  if (!(await claimMail(deps, user.id, 'password_reset', now))) return;
  const token = await issueAuthToken(deps.db, { userId: user.id, purpose: 'password_reset', now });
  await enqueueMail(deps.jobs, passwordResetMail(deps.config, recipient(user), token));
}

export const RESET_LINK_MESSAGES: Record<Exclude<ConsumeResult, { ok: true }>['reason'], string> = {
  invalid: 'This password reset link is not valid. Please request a new one.',
  expired: 'This password reset link has expired. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
};

/**
 * Sets a new password from a reset link, ends every session of the account, and counts the
 * email as confirmed (the person just proved they read it). All or nothing.
 */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionEvents'>,
  params: { token: string; password: string },
): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(params.password);
  const notice = await deps.db.transaction(async (tx) => {
    const result = await consumeAuthToken(tx, {
      token: params.token,
      purpose: 'password_reset',
      now,
    });
    if (!result.ok)
      throw new AppError('BAD_REQUEST', RESET_LINK_MESSAGES[result.reason], {
        reason: result.reason,
      });
    await setPasswordHash(tx, { userId: result.userId, passwordHash });
    await markEmailConfirmed(tx, { userId: result.userId, now });
    await revokeSessions(tx, { userId: result.userId });
    return announceSessionChange(tx, { userId: result.userId });
  });
  await deps.sessionEvents.settle(notice);
}

/** Changes the password of a signed-in user and ends their other sessions. */
export async function changePassword(
  deps: Pick<AuthDeps, 'db' | 'sessionEvents'>,
  params: { user: AuthUser; currentPassword: string; password: string },
): Promise<void> {
  const account = await getUserCredentials(deps.db, { userId: params.user.id });
  if (
    !account?.passwordHash ||
    !(await verifyPassword(account.passwordHash, params.currentPassword))
  ) {
    throw new AppError('VALIDATION_FAILED', 'Your current password is not correct', {
      fields: [{ field: 'currentPassword', message: 'Your current password is not correct' }],
    });
  }
  const passwordHash = await hashPassword(params.password);
  const notice = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, { userId: params.user.id, passwordHash });
    await revokeSessions(tx, { userId: params.user.id, keepSessionId: params.user.sessionId });
    return announceSessionChange(tx, { userId: params.user.id });
  });
  await deps.sessionEvents.settle(notice);
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const pick = (list: [RegExp, string][], text: string, fallback: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? fallback;

/** "Chrome on Linux"-style words for a User-Agent header (enough to recognise one's own device). */
export function describeDevice(userAgent: string): string {
  return `${pick(BROWSERS, userAgent, 'a browser')} on ${pick(SYSTEMS, userAgent, 'an unknown system')}`;
}
