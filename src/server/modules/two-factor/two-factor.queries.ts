import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { passkeys } from '../../db/schema/auth';
import {
  twoFactorPendingSignIns,
  twoFactorRecoveryCodes,
  twoFactorSettings,
} from '../../db/schema/two-factor';
import { users } from '../../db/schema/users';

export async function findSettings(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select()
    .from(twoFactorSettings)
    .where(eq(twoFactorSettings.userId, params.userId));
  return row ?? null;
}

/** A new secret waiting for its first code; replaces an earlier unconfirmed one, never a live one. */
export async function savePendingSecret(
  db: DbExecutor,
  params: { userId: string; secretSealed: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(twoFactorSettings)
    .values({ userId: params.userId, secretSealed: params.secretSealed, createdAt: params.now })
    .onConflictDoUpdate({
      target: twoFactorSettings.userId,
      set: { secretSealed: params.secretSealed, lastUsedStep: null, createdAt: params.now },
      setWhere: isNull(twoFactorSettings.enabledAt),
    })
    .returning({ userId: twoFactorSettings.userId });
  return rows.length > 0;
}

/**
 * Records an accepted code's step, only when it is later than the last one: two requests with the
 * same code at once cannot both pass (the second finds the step taken). Turns two-factor on when
 * `enableAt` is given.
 */
export async function claimTotpStep(
  db: DbExecutor,
  params: { userId: string; step: number; enableAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(twoFactorSettings)
    .set({
      lastUsedStep: params.step,
      ...(params.enableAt ? { enabledAt: params.enableAt } : {}),
    })
    .where(
      and(
        eq(twoFactorSettings.userId, params.userId),
        or(isNull(twoFactorSettings.lastUsedStep), lt(twoFactorSettings.lastUsedStep, params.step)),
      ),
    )
    .returning({ userId: twoFactorSettings.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: DbExecutor, params: { userId: string }) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, params.userId));
  await db.delete(twoFactorSettings).where(eq(twoFactorSettings.userId, params.userId));
}

export async function replaceRecoveryCodes(
  db: DbExecutor,
  params: { userId: string; hashes: string[]; now: Date },
) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, params.userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(
      params.hashes.map((codeHash) => ({ userId: params.userId, codeHash, createdAt: params.now })),
    );
}

export function unusedRecoveryCodes(db: DbExecutor, params: { userId: string }) {
  return db
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(
      and(eq(twoFactorRecoveryCodes.userId, params.userId), isNull(twoFactorRecoveryCodes.usedAt)),
    );
}

/** Uses a recovery code once: false when another request used it first. */
export async function useRecoveryCode(db: DbExecutor, params: { id: string; now: Date }) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: params.now })
    .where(and(eq(twoFactorRecoveryCodes.id, params.id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countPasskeys(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, params.userId));
  return row?.n ?? 0;
}

export async function findPasswordHash(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, params.userId));
  return row?.passwordHash ?? null;
}

/** Ends a pending sign-in once: false when it was used, or expired, meanwhile. */
export async function usePendingSignIn(db: DbExecutor, params: { id: string; now: Date }) {
  const rows = await db
    .update(twoFactorPendingSignIns)
    .set({ usedAt: params.now })
    .where(and(eq(twoFactorPendingSignIns.id, params.id), isNull(twoFactorPendingSignIns.usedAt)))
    .returning({ id: twoFactorPendingSignIns.id });
  return rows.length > 0;
}

export async function deleteStalePendingSignIns(db: DbExecutor, params: { now: Date }) {
  await db
    .delete(twoFactorPendingSignIns)
    .where(lt(twoFactorPendingSignIns.expiresAt, new Date(params.now.getTime() - 60 * 60_000)));
}
