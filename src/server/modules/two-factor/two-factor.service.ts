import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import QRCode from 'qrcode';
import type { SecondFactorInput } from '../../../contracts/two-factor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { recordAuthCheck, REAUTH_WINDOW_MS } from '../../platform/auth/recent-auth';
import {
  findPendingSignIn,
  trustedDeviceCookie,
  twoFactorEnabledAt,
} from '../../platform/auth/second-factor';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { derivedKey } from '../../platform/secrets';
import { startSession } from '../auth/auth.service';
import { verifyPasskeyAssertion } from '../passkeys/passkeys.service';
import { admitSecondFactorAttempt, secondFactorSucceeded } from './limits';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { acceptTotp, newTotpSecret, totpUri } from './totp';
import {
  claimTotpStep,
  countPasskeys,
  deleteTwoFactor,
  findPasswordHash,
  findSettings,
  replaceRecoveryCodes,
  savePendingSecret,
  unusedRecoveryCodes,
  usePendingSignIn,
  useRecoveryCode,
} from './two-factor.queries';

export interface TwoFactorDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'RATE_LIMIT_MULTIPLIER' | 'SESSION_SECRET'>;
}

const WRONG_CODE = msg`That code is not right. Please try again.`;
const SIGN_IN_EXPIRED = msg`Your sign-in has expired. Please sign in again.`;
const NOT_ON = msg`Two-factor sign-in is not on.`;
const WRONG_PASSWORD = msg`Your password is not correct`;

/** An error whose field names the input (the English text, translated like every field's). */
function fieldError(
  code: 'VALIDATION_FAILED' | 'UNAUTHENTICATED',
  message: MessageDescriptor,
  field: string,
) {
  const english = new AppError(code, message).message;
  return new AppError(code, message, { fields: [{ field, message: english }] });
}

/** The translations of the platform's re-authentication refusal (platform/auth/recent-auth.ts). */
export const REAUTH_REQUIRED_TEXT = msg`Please confirm it is you: enter your password again to continue.`;

const secretKey = (deps: TwoFactorDeps) => derivedKey(deps.config, 'field:totp');

export async function twoFactorStatus(deps: TwoFactorDeps, user: AuthUser) {
  const [enabledAt, codes, passkeys] = await Promise.all([
    twoFactorEnabledAt(deps.db, user.id),
    unusedRecoveryCodes(deps.db, { userId: user.id }),
    countPasskeys(deps.db, { userId: user.id }),
  ]);
  return {
    enabled: enabledAt !== null,
    recoveryCodesLeft: enabledAt ? codes.length : 0,
    hasPasskey: passkeys > 0,
  };
}

/** A new authenticator secret, shown once as a QR code and as text; on after its first code. */
export async function beginSetup(deps: TwoFactorDeps, user: AuthUser) {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(deps.db, {
    userId: user.id,
    secretSealed: sealField(secretKey(deps), secret),
    now: deps.clock.now(),
  });
  if (!saved) throw new AppError('CONFLICT', msg`Two-factor sign-in is already on.`);
  const otpauthUri = totpUri({ issuer: deps.config.APP_NAME, account: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

async function checkTotp(
  deps: TwoFactorDeps,
  params: { userId: string; code: string; enable?: boolean },
): Promise<boolean> {
  const settings = await findSettings(deps.db, { userId: params.userId });
  if (!settings || (params.enable ? settings.enabledAt : !settings.enabledAt)) return false;
  const now = deps.clock.now();
  const step = await acceptTotp({
    secret: openField(secretKey(deps), settings.secretSealed),
    code: params.code,
    now,
    lastUsedStep: settings.lastUsedStep,
  });
  if (step === null) return false;
  return claimTotpStep(deps.db, {
    userId: params.userId,
    step,
    enableAt: params.enable ? now : undefined,
  });
}

async function issueRecoveryCodes(deps: TwoFactorDeps, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await replaceRecoveryCodes(deps.db, { userId, hashes, now: deps.clock.now() });
  return codes;
}

/** The first code from the app turns two-factor on; the ten recovery codes are shown once. */
export async function confirmSetup(deps: TwoFactorDeps, user: AuthUser, code: string) {
  const now = deps.clock.now();
  const multiplier = deps.config.RATE_LIMIT_MULTIPLIER;
  await admitSecondFactorAttempt(deps.db, { userId: user.id, now, multiplier });
  const settings = await findSettings(deps.db, { userId: user.id });
  if (!settings || settings.enabledAt)
    throw new AppError('CONFLICT', msg`Start the set-up again: scan a new code.`);
  if (!(await checkTotp(deps, { userId: user.id, code, enable: true })))
    throw fieldError('VALIDATION_FAILED', WRONG_CODE, 'body.code');
  await secondFactorSucceeded(deps.db, { userId: user.id });
  return { recoveryCodes: await issueRecoveryCodes(deps, user.id) };
}

export async function regenerateRecoveryCodes(deps: TwoFactorDeps, user: AuthUser) {
  if (!(await twoFactorEnabledAt(deps.db, user.id))) throw new AppError('CONFLICT', NOT_ON);
  return { recoveryCodes: await issueRecoveryCodes(deps, user.id) };
}

export async function turnOff(deps: TwoFactorDeps, user: AuthUser) {
  await deps.db.transaction((tx) => deleteTwoFactor(tx, { userId: user.id }));
}

/** A recovery code of the account, used up; false when none matches. */
async function spendRecoveryCode(deps: TwoFactorDeps, userId: string, typed: string) {
  const code = normalizeRecoveryCode(typed);
  if (!code) return false;
  for (const row of await unusedRecoveryCodes(deps.db, { userId })) {
    if (await verifyPassword(row.codeHash, code))
      return useRecoveryCode(deps.db, { id: row.id, now: deps.clock.now() });
  }
  return false;
}

async function pendingSignIn(deps: TwoFactorDeps, token: string | undefined) {
  const pending = token ? await findPendingSignIn(deps.db, { token, now: deps.clock.now() }) : null;
  if (!pending)
    throw new AppError('UNAUTHENTICATED', SIGN_IN_EXPIRED, { reason: 'SIGN_IN_EXPIRED' });
  return pending;
}

async function finishSignIn(
  deps: TwoFactorDeps,
  pending: NonNullable<Awaited<ReturnType<typeof findPendingSignIn>>>,
  params: { trustDevice: boolean; userAgent?: string; address?: string },
) {
  const now = deps.clock.now();
  if (!(await usePendingSignIn(deps.db, { id: pending.id, now })))
    throw new AppError('UNAUTHENTICATED', SIGN_IN_EXPIRED, { reason: 'SIGN_IN_EXPIRED' });
  await secondFactorSucceeded(deps.db, { userId: pending.userId });
  const session = await startSession(deps, {
    credentialChecked: true,
    userId: pending.userId,
    userAgent: params.userAgent,
    knownDevice: pending.knownDevice,
  });
  const enabledAt = await twoFactorEnabledAt(deps.db, pending.userId);
  const trust =
    params.trustDevice && enabledAt
      ? trustedDeviceCookie(deps.config, { userId: pending.userId, enabledAt, now })
      : null;
  return { ...session, trust };
}

/** The second step with a code from the app or a recovery code. */
export async function completeSignIn(
  deps: TwoFactorDeps,
  params: {
    token: string | undefined;
    input: SecondFactorInput;
    userAgent?: string;
    address?: string;
  },
) {
  const pending = await pendingSignIn(deps, params.token);
  await admitSecondFactorAttempt(deps.db, {
    userId: pending.userId,
    pendingId: pending.id,
    now: deps.clock.now(),
    multiplier: deps.config.RATE_LIMIT_MULTIPLIER,
  });
  const input = params.input;
  const ok =
    'code' in input
      ? await checkTotp(deps, { userId: pending.userId, code: input.code })
      : await spendRecoveryCode(deps, pending.userId, input.recoveryCode);
  if (!ok) {
    const field = 'code' in input ? 'body.code' : 'body.recoveryCode';
    const message =
      'code' in input ? WRONG_CODE : msg`That recovery code is not right or was used.`;
    throw fieldError('UNAUTHENTICATED', message, field);
  }
  return finishSignIn(deps, pending, { ...params, trustDevice: input.trustDevice ?? false });
}

/** The second step with a passkey of the same account. */
export async function completeSignInWithPasskey(
  deps: TwoFactorDeps,
  params: {
    token: string | undefined;
    challengeId: string;
    response: AuthenticationResponseJSON;
    trustDevice: boolean;
    userAgent?: string;
  },
) {
  const pending = await pendingSignIn(deps, params.token);
  await admitSecondFactorAttempt(deps.db, {
    userId: pending.userId,
    pendingId: pending.id,
    now: deps.clock.now(),
    multiplier: deps.config.RATE_LIMIT_MULTIPLIER,
  });
  const passkey = await verifyPasskeyAssertion(deps, params);
  if (passkey.userId !== pending.userId)
    throw new AppError('UNAUTHENTICATED', msg`This passkey belongs to another account.`);
  return finishSignIn(deps, pending, params);
}

const confirmed = (now: Date) => ({
  ok: true as const,
  validUntil: new Date(now.getTime() + REAUTH_WINDOW_MS).toISOString(),
});

/** Re-authentication by password: sensitive actions are open for ten minutes. */
export async function reauthWithPassword(deps: TwoFactorDeps, user: AuthUser, password: string) {
  const now = deps.clock.now();
  await admitSecondFactorAttempt(deps.db, {
    userId: user.id,
    now,
    multiplier: deps.config.RATE_LIMIT_MULTIPLIER,
  });
  const hash = await findPasswordHash(deps.db, { userId: user.id });
  if (!hash || !(await verifyPassword(hash, password)))
    throw fieldError('VALIDATION_FAILED', WRONG_PASSWORD, 'body.password');
  await secondFactorSucceeded(deps.db, { userId: user.id });
  await recordAuthCheck(deps.db, { sessionId: user.sessionId, now });
  return confirmed(now);
}

/** Re-authentication by one of the account's passkeys. */
export async function reauthWithPasskey(
  deps: TwoFactorDeps,
  user: AuthUser,
  params: { challengeId: string; response: AuthenticationResponseJSON },
) {
  const passkey = await verifyPasskeyAssertion(deps, params);
  if (passkey.userId !== user.id)
    throw new AppError('UNAUTHENTICATED', msg`This passkey belongs to another account.`);
  const now = deps.clock.now();
  await recordAuthCheck(deps.db, { sessionId: user.sessionId, now });
  return confirmed(now);
}
