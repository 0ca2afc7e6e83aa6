import type { FastifyReply } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import { passkeys } from '../../db/schema/auth';
import { twoFactorPendingSignIns, twoFactorSettings } from '../../db/schema/two-factor';
import type { SecondFactorMethod } from '../../../contracts/two-factor';
import { derivedKey } from '../secrets';

// The gate between a correct password and a session for accounts with two-factor sign-in
// (decision 061). Here rather than in the two-factor module because the auth module asks it
// while the two-factor module starts sessions through the auth module: one direction each.

/** A pending sign-in lives this long: long enough to open the app and type a code. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60_000;
export const PENDING_SIGN_IN_COOKIE = 'mea_2fa_pending';
/** Beside the known-device cookie: this browser skips the second step until it expires. */
export const TRUSTED_DEVICE_COOKIE = 'mea_device_trust';
export const TRUSTED_DEVICE_MS = 30 * 24 * 60 * 60_000;

export const hashPendingToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When the account's two-factor sign-in was turned on, or null when it is off. */
export async function twoFactorEnabledAt(db: DbExecutor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ enabledAt: twoFactorSettings.enabledAt })
    .from(twoFactorSettings)
    .where(and(eq(twoFactorSettings.userId, userId), isNotNull(twoFactorSettings.enabledAt)));
  return row?.enabledAt ?? null;
}

// The proof names the account, the expiry and when two-factor was turned on: turning it off and
// on again (a lost phone) ends every trusted browser.
function trustProof(
  config: Pick<Config, 'SESSION_SECRET'>,
  userId: string,
  enabledAt: Date,
  expires: number,
) {
  return createHmac('sha256', derivedKey(config, 'two-factor-trust'))
    .update(`${userId}.${enabledAt.getTime()}.${expires}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

export function trustedDeviceCookie(
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  params: { userId: string; enabledAt: Date; now: Date },
) {
  const expires = params.now.getTime() + TRUSTED_DEVICE_MS;
  return {
    name: TRUSTED_DEVICE_COOKIE,
    value: `${expires}.${trustProof(config, params.userId, params.enabledAt, expires)}`,
    options: {
      // The known-device cookie's scope: only sign-in requests carry it.
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.PUBLIC_URL.startsWith('https:'),
      maxAge: TRUSTED_DEVICE_MS / 1000,
    },
  };
}

export function isTrustedDevice(
  config: Pick<Config, 'SESSION_SECRET'>,
  cookie: string | undefined,
  params: { userId: string; enabledAt: Date; now: Date },
): boolean {
  const [expiresText, proof] = (cookie ?? '').split('.');
  const expires = Number(expiresText);
  if (!proof || !Number.isSafeInteger(expires) || expires <= params.now.getTime()) return false;
  const expected = Buffer.from(trustProof(config, params.userId, params.enabledAt, expires));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface PendingSecondFactor {
  token: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

/**
 * After a correct password: null when the account may have its session now (two-factor off, or
 * this browser trusted), else a pending sign-in whose token goes into an HttpOnly cookie.
 */
export async function secondFactorGate(
  deps: { db: DbExecutor; config: Pick<Config, 'SESSION_SECRET'> },
  params: {
    userId: string;
    now: Date;
    trustCookie?: string;
    knownDevice?: boolean;
    userAgent?: string;
  },
): Promise<PendingSecondFactor | null> {
  const enabledAt = await twoFactorEnabledAt(deps.db, params.userId);
  if (!enabledAt) return null;
  if (isTrustedDevice(deps.config, params.trustCookie, { ...params, enabledAt })) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(params.now.getTime() + PENDING_SIGN_IN_TTL_MS);
  await deps.db.insert(twoFactorPendingSignIns).values({
    tokenHash: hashPendingToken(token),
    userId: params.userId,
    knownDevice: params.knownDevice ?? false,
    userAgent: params.userAgent?.slice(0, 300),
    expiresAt,
    createdAt: params.now,
  });
  const [passkey] = await deps.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, params.userId))
    .limit(1);
  return {
    token,
    expiresAt,
    methods: passkey ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'],
  };
}

/** The live pending sign-in of a cookie token, or null. */
export async function findPendingSignIn(db: DbExecutor, params: { token: string; now: Date }) {
  const [row] = await db
    .select()
    .from(twoFactorPendingSignIns)
    .where(
      and(
        eq(twoFactorPendingSignIns.tokenHash, hashPendingToken(params.token)),
        isNull(twoFactorPendingSignIns.usedAt),
        gt(twoFactorPendingSignIns.expiresAt, params.now),
      ),
    );
  return row ?? null;
}

/** Sets the pending sign-in cookie and says which second steps the account has. */
export function answerSecondFactorRequired(
  reply: FastifyReply,
  publicUrl: string,
  pending: PendingSecondFactor,
) {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, pending.token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: publicUrl.startsWith('https:'),
    maxAge: PENDING_SIGN_IN_TTL_MS / 1000,
  });
  return {
    user: null,
    secondFactor: { methods: pending.methods, expiresAt: pending.expiresAt.toISOString() },
  };
}
