import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/auth';
import { AppError } from '../../platform/http/errors';
import { hitCounter } from '../../platform/http/rate-limits';
import { derivedKey } from '../../platform/secrets';

// Per-account sign-in throttle, beside the per-address limit: guesses at one account are
// slowed, whoever sends them, without letting an attacker keep the owner out (decision 062).
// Two buckets per account:
// - one per (account, network of the client: IPv4 /24, IPv6 /64): after a few free attempts,
//   attempts from that network are let through one per interval that doubles up to a minute.
//   Guesses from one place only slow that place: the owner signing in from anywhere else is
//   not touched by them.
// - one for the whole account, counting only the attempts a network bucket let through: looser
//   (more free attempts, a wait of at most ACCOUNT_MAX_DELAY_MS), so guesses spread over many
//   networks are still slowed while one network's guesses never reach it.
// A browser that signed in to the account before (a signed "known device" cookie) skips both,
// and the owner can always get in by a passkey or a one-time sign-in link mailed to the
// account's address (which clears every bucket of the account). Counted in PostgreSQL, so every
// server process shares the count.

/** Attempts at an account (any outcome) counted in this window; a success clears them. */
const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Attempts from one network before pacing starts (typos, a forgotten password). */
export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 60_000;
/** Attempts at one account, from all networks together, before the account-wide pace starts. */
export const ACCOUNT_FREE_ATTEMPTS = 30;
export const ACCOUNT_MAX_DELAY_MS = 10_000;
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
// Every key of an account starts with `signin:<account>|`, so a sign-in link clears them all
// with one prefix match ('|' cannot appear in an address the sign-in form accepts).
const accountKeys = (email: string) => `signin:${accountOf(email)}|`;
const attemptsKey = (email: string, network: string) => `${accountKeys(email)}attempts:${network}`;
const paceKey = (email: string, network: string) => `${accountKeys(email)}pace:${network}`;
const allAttemptsKey = (email: string) => `${accountKeys(email)}attempts`;
const allPaceKey = (email: string) => `${accountKeys(email)}pace`;
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

/**
 * The network an address belongs to, for the per-network buckets: IPv4 /24, IPv6 /64 (a home or
 * an office usually holds one of these, an attacker's next address is often in the same one).
 * Anything else (no address, a name) is its own bucket.
 */
export function networkOf(address: string | undefined): string {
  if (!address) return 'unknown';
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return address.slice(0, 64);
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The wait between admitted attempts once `attempts` (this one included) is past the free ones. */
export function paceFor(attempts: number, multiplier = 1): number {
  const over = attempts - FREE_ATTEMPTS * multiplier;
  if (over <= 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over - 1, 16));
}

/** The account-wide wait: looser, it only slows (at most ACCOUNT_MAX_DELAY_MS). */
export function accountPaceFor(attempts: number, multiplier = 1): number {
  const over = attempts - ACCOUNT_FREE_ATTEMPTS * multiplier;
  if (over <= 0) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over - 1, 16));
}

/** Counts an attempt on a bucket; the Retry-After seconds when its pace refuses it, else null. */
async function paced(
  db: DbExecutor,
  params: { attempts: string; pace: string; now: Date; paceFor: (count: number) => number },
): Promise<number | null> {
  const { count } = await hitCounter(db, {
    key: params.attempts,
    windowMs: ATTEMPT_WINDOW_MS,
    now: params.now,
  });
  const pace = params.paceFor(count);
  if (!pace) return null;
  // One attempt per pace window goes through; the others wait for the next window.
  const slot = await hitCounter(db, { key: params.pace, windowMs: pace, now: params.now });
  if (slot.count === 1) return null;
  return Math.max(1, Math.ceil((slot.resetAt.getTime() - params.now.getTime()) / 1000));
}

/**
 * Counts an attempt at `email` from `address`'s network and throws RATE_LIMITED (with
 * Retry-After) when it comes before the network's pace, or the account's, allows. Runs before
 * the password is checked: a refused attempt costs no argon2 verification and tells nothing
 * about the password.
 */
export async function admitSignIn(
  db: DbExecutor,
  params: { email: string; address?: string; now: Date; multiplier: number },
): Promise<void> {
  const network = networkOf(params.address);
  const wait =
    (await paced(db, {
      attempts: attemptsKey(params.email, network),
      pace: paceKey(params.email, network),
      now: params.now,
      paceFor: (count) => paceFor(count, params.multiplier),
    })) ??
    // Only what the network's bucket let through counts for the account: guesses from one place
    // that were refused there do not slow anyone else.
    (await paced(db, {
      attempts: allAttemptsKey(params.email),
      pace: allPaceKey(params.email),
      now: params.now,
      paceFor: (count) => accountPaceFor(count, params.multiplier),
    }));
  if (wait === null) return;
  throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_MESSAGE, { retryAfterSeconds: wait });
}

/**
 * A correct password: the account's counts from this network and the account-wide ones start
 * over (other networks keep theirs: an attacker's guesses elsewhere stay slowed), and the address
 * gets back the attempt admitFromAddress counted (one statement, one round trip as before).
 */
export async function signInSucceeded(
  db: DbExecutor,
  params: { email: string; address?: string; now: Date },
): Promise<void> {
  const network = networkOf(params.address);
  const keys = [
    attemptsKey(params.email, network),
    paceKey(params.email, network),
    allAttemptsKey(params.email),
    allPaceKey(params.email),
  ];
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
 * The owner proved they read the account's mail (a one-time sign-in link): every bucket of the
 * account starts over, from every network.
 */
export async function resetSignInThrottle(
  db: DbExecutor,
  params: { email: string },
): Promise<void> {
  await db.execute(sql`
    delete from ${rateLimitCounters}
    where starts_with(${rateLimitCounters.key}, ${accountKeys(params.email)})`);
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
