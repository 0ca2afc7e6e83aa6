import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { must } from '../../platform/must';
import { accountDeletions, dataExports, profiles, users } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertDataExport(
  db: DbExecutor,
  params: { userId: string; createdAt: Date; expiresAt: Date },
): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values(params).returning();
  return must(row, 'data export');
}

/** The person's export in progress (requested or building), if any. */
export async function findUnfinishedExport(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, params.userId),
        inArray(dataExports.status, ['requested', 'building']),
      ),
    )
    .limit(1);
  return row;
}

export async function findDataExport(db: DbExecutor, params: { id: string; userId?: string }) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, params.id),
        params.userId ? eq(dataExports.userId, params.userId) : undefined,
      ),
    );
  return row;
}

export function listDataExports(db: DbExecutor, params: { userId: string; limit: number }) {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, params.userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(params.limit);
}

/** requested → building, once (a retried job finds it building and builds again). */
export async function markBuilding(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'building' })
    .where(
      and(eq(dataExports.id, params.id), inArray(dataExports.status, ['requested', 'building'])),
    )
    .returning();
  return row;
}

export async function finishDataExport(
  db: DbExecutor,
  params: {
    id: string;
    status: 'ready' | 'failed';
    fileKey?: string;
    sizeBytes?: number;
    at: Date;
  },
) {
  await db
    .update(dataExports)
    .set({
      status: params.status,
      fileKey: params.fileKey ?? null,
      sizeBytes: params.sizeBytes ?? null,
      readyAt: params.status === 'ready' ? params.at : null,
    })
    .where(eq(dataExports.id, params.id));
}

/** Expired exports that still have a file (the sweep removes the file, keeps the row). */
export function findExpiredFiles(db: DbExecutor, params: { now: Date }) {
  return db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(lte(dataExports.expiresAt, params.now), sql`${dataExports.fileKey} is not null`))
    .limit(500);
}

export async function forgetFile(db: DbExecutor, params: { id: string }) {
  await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, params.id));
}

export async function findRecipient(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      passwordHash: users.passwordHash,
      name: profiles.fullName,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, params.userId));
  return row;
}

export type DeletionRow = typeof accountDeletions.$inferSelect;

export async function findPendingDeletion(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, params.userId), isNull(accountDeletions.erasedAt)));
  return row;
}

/** Asks again: the grace period starts over from now. */
export async function upsertDeletion(
  db: DbExecutor,
  params: { userId: string; requestedAt: Date; eraseAfter: Date },
): Promise<DeletionRow> {
  const [row] = await db
    .insert(accountDeletions)
    .values(params)
    .onConflictDoUpdate({
      target: accountDeletions.userId,
      set: { requestedAt: params.requestedAt, eraseAfter: params.eraseAfter },
      where: isNull(accountDeletions.erasedAt),
    })
    .returning();
  return must(row, 'account deletion');
}

/** Withdraws a pending deletion; answers whether there was one. */
export async function deletePendingDeletion(db: DbExecutor, params: { userId: string }) {
  const rows = await db
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.userId, params.userId), isNull(accountDeletions.erasedAt)))
    .returning({ userId: accountDeletions.userId });
  return rows.length > 0;
}

/** Pending deletions whose grace has run out, oldest first. */
export function findDueDeletions(db: DbExecutor, params: { now: Date; limit: number }) {
  return db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.erasedAt), lte(accountDeletions.eraseAfter, params.now)))
    .orderBy(asc(accountDeletions.eraseAfter))
    .limit(params.limit);
}

/** Locks a due deletion for its erasure; nothing when it was withdrawn or done meanwhile. */
export async function lockDueDeletion(db: DbExecutor, params: { userId: string; now: Date }) {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(
      and(
        eq(accountDeletions.userId, params.userId),
        isNull(accountDeletions.erasedAt),
        lte(accountDeletions.eraseAfter, params.now),
      ),
    )
    .for('update');
  return row;
}

export async function markErased(db: DbExecutor, params: { userId: string; at: Date }) {
  await db
    .update(accountDeletions)
    .set({ erasedAt: params.at })
    .where(eq(accountDeletions.userId, params.userId));
}

/** The console's list of accounts waiting for erasure. */
export function listPendingDeletions(db: DbExecutor, params: { limit: number }) {
  return db
    .select({
      userId: accountDeletions.userId,
      requestedAt: accountDeletions.requestedAt,
      eraseAfter: accountDeletions.eraseAfter,
      email: users.email,
      name: profiles.fullName,
    })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .leftJoin(profiles, eq(profiles.id, accountDeletions.userId))
    .where(isNull(accountDeletions.erasedAt))
    .orderBy(asc(accountDeletions.eraseAfter))
    .limit(params.limit);
}

export function fileKeysOf(db: DbExecutor, params: { userId: string }) {
  return db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, params.userId), sql`${dataExports.fileKey} is not null`));
}
