import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/auth';
import { AppError } from '../../platform/http/errors';
import { hitCounter } from '../../platform/http/rate-limits';
import { derivedKey } from '../../platform/secrets';

// Per-account sign-in throttle, beside the per-address limit: guesses at one
// account spread over many addresses are slowed, whoever sends them. It slows and never locks:
// after a few free attempts, attempts at that account are let through one per interval that
// doubles up to a minute, and a browser that signed in to the account before (a signed "known
// device" cookie) skips the throttle, so an attacker hammering an account cannot keep its owner
// out. Counted in PostgreSQL, so every server process shares the count.

/** Attempts at an account (any outcome) counted in this window; a success clears them. */
const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Attempts before pacing starts (typos, a forgotten password). */
export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 60_000;
export const KNOWN_DEVICE_COOKIE = 'mea_device';
const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts for this account. Please wait a moment and try again.';

// Per-address limit: failed sign-ins only, password and passkey alike (one count per address).
// Hundreds of people at an event share one address (venue Wi-Fi, a carrier's NAT), so counting
// every sign-in would turn the eleventh person in a minute away; counting failures still stops
// one address trying passwords across many accounts.
/** Failed sign-ins from one address allowed in ADDRESS_WINDOW_MS (× RATE_LIMIT_MULTIPLIER). */
export const ADDRESS_FAILURES = 10;
const ADDRESS_WINDOW_MS = 60_000;
export const TOO_MANY_FAILURES_MESSAGE =
  'Too many failed sign-ins from your network. Please wait a minute and try again.';

const accountOf = (email: string) => email.trim().toLowerCase();
const attemptsKey = (email: string) => `signin:account:${accountOf(email)}`;
const paceKey = (email: string) => `signin:pace:${accountOf(email)}`;
const addressKey = (address: string) => `signin:address:${address}`;

/**
 * Counts an attempt from `address` as a failure until it succeeds (signInSucceeded gives it
 * back), and throws RATE_LIMITED once the failures in the window are used up. Counting first and
 * giving back on success, rather than counting after a failure, means guesses sent all at once
 * cannot all pass a check none of them has counted in yet. Before the password is checked, so a
 * refused attempt costs no argon2 work.
 */
export async function admitFromAddress(
  db: DbExecutor,
  params: { address: string; now: Date; multiplier: number },
): Promise<void> {
  const hit = await hitCounter(db, {
    key: addressKey(params.address),
    windowMs: ADDRESS_WINDOW_MS,
    now: params.now,
  });
  if (hit.count <= ADDRESS_FAILURES * params.multiplier) return;
  throw new AppError('RATE_LIMITED', TOO_MANY_FAILURES_MESSAGE, {
    retryAfterSeconds: Math.max(
      1,
      Math.ceil((hit.resetAt.getTime() - params.now.getTime()) / 1000),
    ),
  });
}

/** The wait between admitted attempts once `attempts` (this one included) is past the free ones. */
export function paceFor(attempts: number, multiplier = 1): number {
  const over = attempts - FREE_ATTEMPTS * multiplier;
  if (over <= 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over - 1, 16));
}

/**
 * Counts an attempt at `email` and throws RATE_LIMITED (with Retry-After) when it comes before
 * the account's pace allows. Runs before the password is checked: a refused attempt costs no
 * argon2 verification and tells nothing about the password.
 */
export async function admitSignIn(
  db: DbExecutor,
  params: { email: string; now: Date; multiplier: number },
): Promise<void> {
  const { count } = await hitCounter(db, {
    key: attemptsKey(params.email),
    windowMs: ATTEMPT_WINDOW_MS,
    now: params.now,
  });
  const pace = paceFor(count, params.multiplier);
  if (!pace) return;
  // One attempt per pace window goes through; the others wait for the next window.
  const slot = await hitCounter(db, {
    key: paceKey(params.email),
    windowMs: pace,
    now: params.now,
  });
  if (slot.count === 1) return;
  throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_MESSAGE, {
    retryAfterSeconds: Math.max(
      1,
      Math.ceil((slot.resetAt.getTime() - params.now.getTime()) / 1000),
    ),
  });
}

/**
 * A correct password: the account's count starts over, and the address gets back the attempt
 * admitFromAddress counted (one statement, so a success costs one round trip as before).
 */
export async function signInSucceeded(
  db: DbExecutor,
  params: { email: string; address?: string; now: Date },
): Promise<void> {
  const keys = [attemptsKey(params.email), paceKey(params.email)];
  const address = params.address === undefined ? null : addressKey(params.address);
  await db.execute(sql`
    with cleared as (
      delete from ${rateLimitCounters} where ${rateLimitCounters.key} in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
    )
    update ${rateLimitCounters} set count = greatest(${rateLimitCounters.count} - 1, 0)
    where ${rateLimitCounters.key} = ${address} and ${rateLimitCounters.resetAt} > ${params.now}`);
}

/**
 * A sign-in that proved itself without a password (a passkey): the address gets back the attempt
 * admitFromAddress counted. Passkeys have no per-account count to clear.
 */
export async function addressSignInSucceeded(
  db: DbExecutor,
  params: { address: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    update ${rateLimitCounters} set count = greatest(${rateLimitCounters.count} - 1, 0)
    where ${rateLimitCounters.key} = ${addressKey(params.address)}
      and ${rateLimitCounters.resetAt} > ${params.now}`);
}

function deviceProof(config: Pick<Config, 'SESSION_SECRET'>, email: string): string {
  return createHmac('sha256', derivedKey(config, 'known-device'))
    .update(accountOf(email))
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

/** Whether this browser's known-device cookie was set by a sign-in to `email`. */
export function isKnownDevice(
  config: Pick<Config, 'SESSION_SECRET'>,
  cookie: string | undefined,
  email: string,
): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(deviceProof(config, email));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The known-device cookie for a successful sign-in (HttpOnly; it only skips the throttle). */
export function knownDeviceCookie(
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  email: string,
) {
  return {
    name: KNOWN_DEVICE_COOKIE,
    value: deviceProof(config, email),
    options: {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.PUBLIC_URL.startsWith('https:'),
      maxAge: KNOWN_DEVICE_MAX_AGE_S,
    },
  };
}
