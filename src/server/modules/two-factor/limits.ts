import { msg } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/auth';
import { PENDING_SIGN_IN_TTL_MS } from '../../platform/auth/second-factor';
import { AppError } from '../../platform/http/errors';
import { hitCounter } from '../../platform/http/rate-limits';

// Guesses at a second factor (decision 061). Every attempt is counted before the code is checked
// (guesses sent at once cannot all pass a check none has counted yet) on two keys: the pending
// sign-in (a few tries, then the password again) and the account (whatever the pending sign-in,
// address or browser). A success gives the account its count back.

/** Tries per pending sign-in; then the password must be entered again. */
export const PENDING_ATTEMPTS = 5;
/** Tries per account per ACCOUNT_WINDOW_MS, over every pending sign-in, set-up and re-check. */
export const ACCOUNT_ATTEMPTS = 10;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;

const TOO_MANY = msg`Too many attempts. Please wait and try again.`;

const accountKey = (userId: string) => `2fa:account:${userId}`;

function refuse(resetAt: Date, now: Date): never {
  throw new AppError('RATE_LIMITED', TOO_MANY, {
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
  });
}

export async function admitSecondFactorAttempt(
  db: DbExecutor,
  params: { userId: string; pendingId?: string; now: Date; multiplier: number },
): Promise<void> {
  if (params.pendingId) {
    const pending = await hitCounter(db, {
      key: `2fa:pending:${params.pendingId}`,
      windowMs: PENDING_SIGN_IN_TTL_MS,
      now: params.now,
    });
    if (pending.count > PENDING_ATTEMPTS * params.multiplier) refuse(pending.resetAt, params.now);
  }
  const account = await hitCounter(db, {
    key: accountKey(params.userId),
    windowMs: ACCOUNT_WINDOW_MS,
    now: params.now,
  });
  if (account.count > ACCOUNT_ATTEMPTS * params.multiplier) refuse(account.resetAt, params.now);
}

/** The right factor: the account's count starts over. */
export async function secondFactorSucceeded(db: DbExecutor, params: { userId: string }) {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, accountKey(params.userId)));
}
