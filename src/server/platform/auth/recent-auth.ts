import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { sessionAuthChecks } from '../../db/schema/two-factor';
import type { Clock } from '../clock';
import { AppError } from '../http/errors';

// Re-authentication (decision 061): a stolen or forgotten-open session must not be enough to move
// money, read attendee data or lock the owner out. Sensitive routes ask for a password or passkey
// checked on this session in the last ten minutes; the web asks for it and retries.

export const REAUTH_WINDOW_MS = 10 * 60_000;
/** `details.reason` of the 403 a sensitive route answers when the last check is too old. */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';
/**
 * English source text: the two-factor module's catalog holds its translations (the server looks
 * plain texts up in every catalog), so this platform file needs no catalog of its own.
 */
export const REAUTH_REQUIRED_MESSAGE =
  'Please confirm it is you: enter your password again to continue.';

/** The session's person just proved themselves by password or passkey. */
export async function recordAuthCheck(
  db: DbExecutor,
  params: { sessionId: string; now: Date },
): Promise<void> {
  await db
    .insert(sessionAuthChecks)
    .values({ sessionId: params.sessionId, checkedAt: params.now })
    .onConflictDoUpdate({
      target: sessionAuthChecks.sessionId,
      set: { checkedAt: sql`greatest(${sessionAuthChecks.checkedAt}, excluded.checked_at)` },
    });
}

export async function lastAuthCheck(db: DbExecutor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ checkedAt: sessionAuthChecks.checkedAt })
    .from(sessionAuthChecks)
    .where(eq(sessionAuthChecks.sessionId, sessionId));
  return row?.checkedAt ?? null;
}

/** Whether the session's person proved themselves by password or passkey in the last ten minutes. */
export async function hasRecentAuth(
  deps: { db: DbExecutor; clock: Clock },
  sessionId: string,
): Promise<boolean> {
  const checkedAt = await lastAuthCheck(deps.db, sessionId);
  return !!checkedAt && deps.clock.now().getTime() - checkedAt.getTime() <= REAUTH_WINDOW_MS;
}

/**
 * Route guard for sensitive actions, one line in a route: `preValidation: requireRecentAuth(deps)`
 * (before the body is checked, so the person confirms it is them before correcting a form).
 * 401 when signed out; 403 FORBIDDEN with `details.reason` REAUTH_REQUIRED when the session's
 * last password or passkey check is older than ten minutes (or never happened, as for a session
 * opened by a mailed sign-in link).
 */
export function requireRecentAuth(deps: { db: DbExecutor; clock: Clock }) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await request.getUser();
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    if (await hasRecentAuth(deps, user.sessionId)) return;
    throw new AppError('FORBIDDEN', REAUTH_REQUIRED_MESSAGE, { reason: REAUTH_REQUIRED });
  };
}
