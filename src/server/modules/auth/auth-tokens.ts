import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { authTokens } from '../../db/schema/auth';
import { hashToken } from '../../platform/auth/sessions';
import { linkFailure } from './auth.policy';

export type AuthTokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  email_confirmation: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  sign_in_link: 15 * 60 * 1000,
};

export async function issueAuthToken(
  db: DbExecutor,
  params: { userId: string; purpose: AuthTokenPurpose; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    userId: params.userId,
    purpose: params.purpose,
    tokenHash: hashToken(token),
    createdAt: params.now,
    expiresAt: new Date(params.now.getTime() + TOKEN_TTL_MS[params.purpose]),
  });
  return token;
}

export type ConsumeResult =
  { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * Uses a token once: the guarded UPDATE lets exactly one of two simultaneous clicks through.
 * A failed attempt reads the row only to say why (expired, already used, unknown).
 */
export async function consumeAuthToken(
  db: DbExecutor,
  params: { token: string; purpose: AuthTokenPurpose; now: Date },
): Promise<ConsumeResult> {
  const tokenHash = hashToken(params.token);
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, params.purpose),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > ${params.now}`,
      ),
    )
    .returning({ userId: authTokens.userId });
  if (used) return { ok: true, userId: used.userId };
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, params.purpose)));
  return { ok: false, reason: linkFailure(row) };
}
