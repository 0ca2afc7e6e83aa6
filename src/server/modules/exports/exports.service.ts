import { Readable } from 'node:stream';
import { msg } from '@lingui/core/macro';
import {
  EXPORT_KEEP_HOURS,
  type ExportFormat,
  type ExportInput,
  type ExportKind,
} from '../../../contracts/exports';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { derivedKey } from '../../platform/secrets';
import { lockManagedEvent } from '../events/events.service';
import { createNotifications } from '../notifications/notifications.service';
import { openSource } from './export-kinds';
import { exportLinkToken, readExportLinkToken } from './export-link';
import { exportReadyMail, exportReadyTexts } from './export-mail';
import { CONTENT_TYPES, exportStream } from './export-writers';
import { exportFileName, presentExport } from './exports.presenter';
import * as q from './exports.queries';

export const EXPORT_BUILD_QUEUE = 'exports.build';
export const EXPORT_SWEEP_QUEUE = 'exports.sweep';

/** Background exports listed on the page (the newest). */
const LISTED_EXPORTS = 10;
/** A stored export file is cut into pieces of this size. */
const CHUNK_BYTES = 1024 * 1024;
const HOUR_MS = 3_600_000;

export interface ExportDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'EXPORT_BACKGROUND_AFTER_MS'>;
}

type WorkerDeps = Omit<ExportDeps, 'config'> & {
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
};

const NOT_FOUND = msg`Export not found`;

const linkKey = (config: Pick<Config, 'SESSION_SECRET'>) => derivedKey(config, 'export-links');

/** The event, for its owner, an admin or a member whose role exports (decision 065). */
async function eventFor(
  db: DbExecutor,
  params: { eventId: string; actor: AuthUser },
  action?: string,
) {
  await lockManagedEvent(db, params, { lock: false, permission: 'exports', action });
  const event = await q.findEventOfExport(db, { eventId: params.eventId });
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  return event;
}

/**
 * One export of the event as a download, streamed while it is read from the database (the
 * owner or an admin). Headers are in the reader's language; dates in the event's time zone.
 */
export async function streamExport(
  deps: Pick<ExportDeps, 'db'>,
  params: {
    eventId: string;
    actor: AuthUser;
    kind: ExportKind;
    format: ExportFormat;
    locale: Locale;
    fileName?: string;
  },
) {
  const event = await eventFor(deps.db, params, `export.${params.kind}`);
  const _ = translator(params.locale);
  const source = await openSource(deps.db, {
    eventId: event.id,
    kind: params.kind,
    translate: _,
  });
  return {
    stream: exportStream(source, {
      format: params.format,
      timeZone: event.timezone,
      sheetName: event.title,
    }),
    contentType: CONTENT_TYPES[params.format],
    fileName: params.fileName ?? exportFileName(params.kind, params.format, event.title),
  };
}

/**
 * Starts an export in the background: the page follows its progress and downloads the file;
 * past EXPORT_BACKGROUND_AFTER_MS the organizer gets the file's link by mail instead.
 */
export async function startExport(
  deps: ExportDeps,
  params: { eventId: string; actor: AuthUser; input: ExportInput },
) {
  const event = await eventFor(deps.db, params, `export.${params.input.kind}`);
  const now = deps.clock.now();
  const row = await q.insertExport(deps.db, {
    eventId: event.id,
    userId: params.actor.id,
    kind: params.input.kind,
    format: params.input.format,
    rowsTotal: await q.countRows(deps.db, { eventId: event.id, kind: params.input.kind }),
    createdAt: now,
    backgroundAt: new Date(now.getTime() + deps.config.EXPORT_BACKGROUND_AFTER_MS),
    expiresAt: new Date(now.getTime() + EXPORT_KEEP_HOURS * HOUR_MS),
  });
  // Retried when the process working it stops half-way (the build starts its file again).
  await deps.jobs.send(EXPORT_BUILD_QUEUE, { exportId: row.id }, { retryLimit: 2 });
  return presentExport(row, { now, title: event.title });
}

export async function getExport(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  params: { eventId: string; exportId: string; actor: AuthUser },
) {
  const event = await eventFor(deps.db, params);
  const row = await q.findExport(deps.db, { id: params.exportId, eventId: event.id });
  if (!row || row.expiresAt <= deps.clock.now()) throw new AppError('NOT_FOUND', NOT_FOUND);
  return presentExport(row, { now: deps.clock.now(), title: event.title });
}

export async function listExports(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  params: { eventId: string; actor: AuthUser },
) {
  const event = await eventFor(deps.db, params);
  const now = deps.clock.now();
  const rows = await q.findExportsOfEvent(deps.db, {
    eventId: event.id,
    now,
    limit: LISTED_EXPORTS,
  });
  return { exports: rows.map((row) => presentExport(row, { now, title: event.title })) };
}

/** The stored file, a piece at a time. */
function chunkStream(db: DbExecutor, exportId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const data = await q.readChunk(db, { id: exportId, seq });
      if (!data) return;
      yield data;
    }
  }
  return Readable.from(chunks());
}

async function storedFile(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  row: q.ExportRow | undefined,
  title: string,
) {
  if (!row || row.expiresAt <= deps.clock.now()) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.status !== 'ready')
    throw new AppError('CONFLICT', msg`This export is not ready to download`);
  return {
    stream: chunkStream(deps.db, row.id),
    contentType: CONTENT_TYPES[row.format],
    fileName: exportFileName(row.kind, row.format, title),
    size: row.sizeBytes,
  };
}

/** A finished background export's file, for the event's owner or an admin. */
export async function exportFile(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  params: { eventId: string; exportId: string; actor: AuthUser },
) {
  const event = await eventFor(deps.db, params);
  const row = await q.findExport(deps.db, { id: params.exportId, eventId: event.id });
  return storedFile(deps, row, event.title);
}

/** The file behind an emailed link: only for the organizer it was sent to, until it ends. */
export async function linkedExportFile(
  deps: Pick<ExportDeps, 'db' | 'clock' | 'config'>,
  params: { token: string; actor: AuthUser },
) {
  const link = readExportLinkToken(params.token);
  const row = link ? await q.findExport(deps.db, { id: link.exportId }) : undefined;
  if (!link || !row || !link.signedFor(linkKey(deps.config), row.userId))
    throw new AppError('NOT_FOUND', msg`This download link is not valid`);
  if (link.expiresAt <= deps.clock.now())
    throw new AppError('NOT_FOUND', msg`This download link has expired`);
  if (row.userId !== params.actor.id)
    throw new AppError('FORBIDDEN', msg`This download link was sent to another account`);
  const event = await q.findEventOfExport(deps.db, { eventId: row.eventId });
  return storedFile(deps, row, event?.title ?? '');
}

/** Writes the stream into the export's chunks, about a megabyte each; answers the size. */
async function storeChunks(db: DbExecutor, exportId: string, stream: Readable): Promise<number> {
  await q.clearChunks(db, { id: exportId });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    await q.insertChunk(db, { id: exportId, seq: seq++, data: Buffer.concat(pending) });
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of stream) {
    const data = typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
    pending.push(data);
    pendingBytes += data.length;
    size += data.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return size;
}

/** Builds a running export's file into its chunks and marks it ready (or failed, and throws). */
export async function writeExportFile(
  db: DbExecutor,
  params: { row: q.ExportRow; event: q.EventOfExport; locale: Locale; now: () => Date },
) {
  const { row, event } = params;
  let rowsDone = 0;
  try {
    const source = await openSource(db, {
      eventId: event.id,
      kind: row.kind,
      translate: translator(params.locale),
    });
    const stream = exportStream(source, {
      format: row.format,
      timeZone: event.timezone,
      sheetName: event.title,
      onRows: async (rows) => {
        rowsDone = rows;
        await q.setProgress(db, { id: row.id, rowsDone: rows });
      },
    });
    const sizeBytes = await storeChunks(db, row.id, stream);
    await q.finishExport(db, {
      id: row.id,
      status: 'ready',
      rowsDone,
      sizeBytes,
      at: params.now(),
    });
  } catch (error) {
    await q.finishExport(db, {
      id: row.id,
      status: 'failed',
      rowsDone,
      sizeBytes: 0,
      at: params.now(),
    });
    throw error;
  }
}

/**
 * The background build (a job): reads the export's rows, stores its file, and when it ran
 * past its wait mails the organizer the link and notifies them in the app, once.
 */
export async function buildExport(deps: WorkerDeps, params: { exportId: string }) {
  const row = await q.findExport(deps.db, { id: params.exportId });
  if (!row || row.status !== 'running') return;
  const event = await q.findEventOfExport(deps.db, { eventId: row.eventId });
  const recipient = await q.findRecipient(deps.db, { userId: row.userId });
  if (!event || !recipient) return;
  const locale = localeOrSource(recipient.language);
  await writeExportFile(deps.db, { row, event, locale, now: () => deps.clock.now() });
  const now = deps.clock.now();
  if (now < row.backgroundAt) return;
  await deps.db.transaction(async (tx) => {
    if (!(await q.markMailed(tx, { id: row.id, at: now }))) return;
    const token = exportLinkToken(linkKey(deps.config), {
      exportId: row.id,
      userId: row.userId,
      expiresAt: row.expiresAt,
    });
    const url = `${deps.config.PUBLIC_URL}/event/${event.id}/exports?download=${encodeURIComponent(token)}`;
    const texts = { kind: row.kind, format: row.format, eventTitle: event.title };
    await enqueueMail(
      deps.jobs,
      exportReadyMail(deps.config, {
        ...texts,
        to: recipient.email,
        name: recipient.name,
        locale,
        url,
      }),
    );
    const { title, message } = exportReadyTexts(locale, texts);
    await createNotifications(tx, [
      {
        userId: row.userId,
        type: 'export_ready',
        title,
        message,
        relatedId: event.id,
        relatedType: 'events',
        metadata: { export_id: row.id },
        dedupeKey: `export_ready:${row.id}`,
        createdAt: now,
      },
    ]);
  });
}

/** Forgets exports past their keeping time (hourly). */
export async function sweepExports(deps: Pick<ExportDeps, 'db' | 'clock'>) {
  return q.deleteExpiredExports(deps.db, { now: deps.clock.now() });
}
