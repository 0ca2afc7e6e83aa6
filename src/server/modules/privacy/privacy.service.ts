import { msg } from '@lingui/core/macro';
import type { Readable } from 'node:stream';
import {
  DATA_EXPORT_KEEP_DAYS,
  DELETION_GRACE_DAYS,
  type RequestDeletionInput,
} from '../../../contracts/privacy';
import { localeOrSource } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import { verifyPassword } from '../../platform/auth/passwords';
import { announceSessionChange } from '../../platform/auth/session-events';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { keyOfUrl, MEDIA_PREFIX, type FileStore } from '../../platform/storage/storage';
import { erasePerson } from './erase';
import { buildPersonalDataZip, collectPersonalData } from './personal-data';
import { dataExportReadyMail, deletionRequestedMail } from './privacy-mail';
import { presentDataExport, presentDeletion, presentPendingDeletion } from './privacy.presenter';
import * as q from './privacy.queries';

export const DATA_EXPORT_QUEUE = 'privacy.export';
export const PRIVACY_SWEEP_QUEUE = 'privacy.sweep';

const DAY_MS = 86_400_000;
/** Downloads listed on the page (the newest). */
const LISTED_EXPORTS = 5;
/** Accounts erased per sweep run (each in its own transaction). */
const ERASED_PER_RUN = 20;
/** The file store's folder of data downloads: not served at /media (media-route.ts). */
const EXPORT_FOLDER = 'privacy';

export interface PrivacyDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  files: FileStore;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
}

const EXPORT_NOT_FOUND = msg`Download not found`;

/** "Download my data": records the request and queues the job that builds the ZIP. */
export async function requestDataExport(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'jobs'>,
  params: { actor: AuthUser },
) {
  const now = deps.clock.now();
  if (await q.findUnfinishedExport(deps.db, { userId: params.actor.id }))
    throw new AppError('CONFLICT', msg`Your data is already being prepared`);
  const row = await q.insertDataExport(deps.db, {
    userId: params.actor.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS),
  });
  // Retried when the process building it stops half-way (the build starts again).
  await deps.jobs.send(DATA_EXPORT_QUEUE, { exportId: row.id }, { retryLimit: 2 });
  return presentDataExport(row, now);
}

export async function listDataExports(
  deps: Pick<PrivacyDeps, 'db' | 'clock'>,
  params: { actor: AuthUser },
) {
  const rows = await q.listDataExports(deps.db, { userId: params.actor.id, limit: LISTED_EXPORTS });
  const now = deps.clock.now();
  return { exports: rows.map((row) => presentDataExport(row, now)) };
}

/** The ZIP, for the person it belongs to only (not even an admin: it is their whole account). */
export async function dataExportFile(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'files'>,
  params: { exportId: string; actor: AuthUser },
) {
  const row = await q.findDataExport(deps.db, { id: params.exportId, userId: params.actor.id });
  if (!row) throw new AppError('NOT_FOUND', EXPORT_NOT_FOUND);
  if (row.expiresAt <= deps.clock.now() || (row.status === 'ready' && !row.fileKey))
    throw new AppError('NOT_FOUND', msg`This download has expired`);
  if (row.status !== 'ready' || !row.fileKey)
    throw new AppError('CONFLICT', msg`Your data is not ready to download yet`);
  const file = await deps.files.open(row.fileKey);
  if (!file) throw new AppError('NOT_FOUND', msg`This download has expired`);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { stream: file.body as Readable, size: file.size, fileName: `mea-events-data-${day}.zip` };
}

/** The job: reads everything about the person, stores the ZIP, mails them the page's link. */
export async function buildDataExport(deps: PrivacyDeps, params: { exportId: string }) {
  const row = await q.markBuilding(deps.db, { id: params.exportId });
  if (!row) return;
  const person = await q.findRecipient(deps.db, { userId: row.userId });
  if (!person) return;
  try {
    const data = await collectPersonalData(deps.db, row.userId);
    const zip = await buildPersonalDataZip(data, deps.files);
    const url = await deps.files.put(EXPORT_FOLDER, 'zip', zip);
    await q.finishDataExport(deps.db, {
      id: row.id,
      status: 'ready',
      fileKey: keyOfUrl(url) ?? undefined,
      sizeBytes: zip.length,
      at: deps.clock.now(),
    });
  } catch (error) {
    await q.finishDataExport(deps.db, { id: row.id, status: 'failed', at: deps.clock.now() });
    throw error;
  }
  await enqueueMail(
    deps.jobs,
    dataExportReadyMail(deps.config, {
      to: person.email,
      name: person.name ?? '',
      locale: localeOrSource(person.language),
    }),
  );
}

export async function deletionStatus(deps: Pick<PrivacyDeps, 'db'>, params: { actor: AuthUser }) {
  const row = await q.findPendingDeletion(deps.db, { userId: params.actor.id });
  return { deletion: row ? presentDeletion(row) : null };
}

/**
 * "Delete my account", confirmed by the password (an account without one, signed up with a
 * passkey only, confirms by having checked its passkey on this session in the last minutes:
 * `recentlyChecked`). Erasure follows DELETION_GRACE_DAYS later unless the person signs in.
 */
export async function requestDeletion(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'jobs' | 'config'>,
  params: { actor: AuthUser; input: RequestDeletionInput; recentlyChecked: boolean },
) {
  const person = await q.findRecipient(deps.db, { userId: params.actor.id });
  if (!person) throw new AppError('NOT_FOUND', msg`Account not found`);
  const password = params.input.password;
  const confirmed = password
    ? !!person.passwordHash && (await verifyPassword(person.passwordHash, password))
    : params.recentlyChecked;
  if (!confirmed)
    throw new AppError('VALIDATION_FAILED', msg`The password is not correct`, {
      fields: [{ field: 'body.password', message: 'The password is not correct' }],
    });
  const now = deps.clock.now();
  const row = await q.upsertDeletion(deps.db, {
    userId: params.actor.id,
    requestedAt: now,
    eraseAfter: new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS),
  });
  await enqueueMail(
    deps.jobs,
    deletionRequestedMail(deps.config, {
      to: person.email,
      name: person.name ?? '',
      locale: localeOrSource(person.language),
    }),
  );
  return { deletion: presentDeletion(row) };
}

export async function cancelDeletion(deps: Pick<PrivacyDeps, 'db'>, params: { actor: AuthUser }) {
  await q.deletePendingDeletion(deps.db, { userId: params.actor.id });
  return { deletion: null };
}

/** Signing in is changing one's mind: called by every way of signing in once it succeeded. */
export async function cancelDeletionOnSignIn(db: DbExecutor, params: { userId: string }) {
  await q.deletePendingDeletion(db, { userId: params.userId });
}

export async function listPendingDeletions(deps: Pick<PrivacyDeps, 'db'>) {
  const rows = await q.listPendingDeletions(deps.db, { limit: 200 });
  return { deletions: rows.map(presentPendingDeletion) };
}

/** Erases one person whose grace ran out, in one transaction; then removes their files. */
export async function eraseAccount(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'files'>,
  params: { userId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const media = await deps.db.transaction(async (tx) => {
    const due = await q.lockDueDeletion(tx, { userId: params.userId, now });
    if (!due) return null;
    const person = await q.findRecipient(tx, { userId: params.userId });
    if (!person) return null;
    const exportFiles = await q.fileKeysOf(tx, { userId: params.userId });
    const urls = await erasePerson(tx, {
      userId: params.userId,
      identity: { email: person.email, name: person.name, phone: person.phone },
    });
    await q.markErased(tx, { userId: params.userId, at: now });
    // Every process forgets the person's cached sessions (their rows are already gone).
    await announceSessionChange(tx, { userId: params.userId, accessChanged: true });
    return [...urls, ...exportFiles.map((f) => `${MEDIA_PREFIX}${f.fileKey}`)];
  });
  if (!media) return false;
  for (const url of media) await deps.files.remove(url);
  return true;
}

/** The scheduled sweep: erases accounts past their grace, removes expired downloads' files. */
export async function sweepPrivacy(deps: Pick<PrivacyDeps, 'db' | 'clock' | 'files'>) {
  const now = deps.clock.now();
  for (const due of await q.findDueDeletions(deps.db, { now, limit: ERASED_PER_RUN }))
    await eraseAccount(deps, { userId: due.userId });
  for (const expired of await q.findExpiredFiles(deps.db, { now })) {
    await q.forgetFile(deps.db, { id: expired.id });
    if (expired.fileKey) await deps.files.remove(`${MEDIA_PREFIX}${expired.fileKey}`);
  }
}
