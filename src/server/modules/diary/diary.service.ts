import { createHash, randomBytes } from 'node:crypto';
import { msg, plural } from '@lingui/core/macro';
import type { z } from 'zod';
import { localeOrSource } from '../../../contracts/locales';
import {
  DIARY_REMINDER_HOURS,
  type DiaryEntryInputSchema,
  type DiaryFeed,
  type DiaryItem,
} from '../../../contracts/diary';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import { fitWebp } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import { escapeIcsText, foldIcsLine } from '../events/events.service';
import { createNotifications } from '../notifications/notifications.service';
import {
  canKeepDiaryFor,
  deleteFeed,
  deleteOwnEntry,
  findDueReminders,
  findFeed,
  findFeedOwner,
  upsertFeed,
  findDiaryItems,
  findOwnEntry,
  insertPhoto,
  photosOfEntry,
  upsertEntry,
} from './diary.queries';

export interface DiaryDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

const PHOTOS_MAX = 12;
const entryNotFound = () => new AppError('NOT_FOUND', msg`Diary entry not found`);

export async function listDiary(
  deps: DiaryDeps,
  params: { actor: Pick<AuthUser, 'id'> },
): Promise<DiaryItem[]> {
  const rows = await findDiaryItems(deps.db, { userId: params.actor.id });
  return rows.map((row) => ({
    event: {
      id: row.event.id,
      title: row.event.title,
      startsAt: row.event.startsAt.toISOString(),
      endsAt: row.event.endsAt?.toISOString() ?? null,
      location: row.event.location,
      status: row.event.status,
    },
    source: row.ticket ? ('ticket' as const) : ('entry' as const),
    entry: row.entry
      ? {
          id: row.entry.id,
          notes: row.entry.notes,
          mood: row.entry.mood,
          rating: row.entry.rating,
          tags: row.entry.tags,
          photos: row.photos.map((photo) => ({ id: photo.id, url: photo.url })),
          updatedAt: row.entry.updatedAt.toISOString(),
        }
      : null,
  }));
}

/** Writes the person's entry for an event they hold a ticket for (one entry per event). */
export async function saveEntry(
  deps: DiaryDeps,
  params: { actor: AuthUser; eventId: string; input: z.output<typeof DiaryEntryInputSchema> },
) {
  // Not holding a ticket and no such event look the same.
  if (!(await canKeepDiaryFor(deps.db, { userId: params.actor.id, eventId: params.eventId })))
    throw new AppError('NOT_FOUND', msg`Event not found in your diary`);
  const row = await upsertEntry(deps.db, {
    userId: params.actor.id,
    eventId: params.eventId,
    values: params.input,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('INTERNAL', msg`Entry not saved`);
  return row;
}

export async function addPhoto(
  deps: DiaryDeps,
  params: { actor: AuthUser; entryId: string; data: Buffer },
) {
  const entry = await findOwnEntry(deps.db, { userId: params.actor.id, id: params.entryId });
  if (!entry) throw entryNotFound();
  const existing = await photosOfEntry(deps.db, { userId: params.actor.id, entryId: entry.id });
  const max = PHOTOS_MAX;
  if (existing.length >= max)
    throw new AppError('CONFLICT', msg`An entry holds up to ${max} photos`);
  const image = await fitWebp(params.data, 1600);
  if (!image)
    throw new AppError('VALIDATION_FAILED', msg`Please upload an image (JPEG, PNG, WebP or GIF)`, {
      fields: [{ field: 'photo', message: 'Please upload an image (JPEG, PNG, WebP or GIF)' }],
    });
  // Random, unguessable names; the diary page is the only place that lists them.
  const url = await deps.files.put('diary', 'webp', image.data);
  const row = await insertPhoto(deps.db, {
    userId: params.actor.id,
    entryId: entry.id,
    url,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('INTERNAL', msg`Photo not saved`);
  return { id: row.id, url: row.url };
}

/** Deleting an entry deletes it: its photos' rows and files too. */
export async function deleteEntry(deps: DiaryDeps, params: { actor: AuthUser; id: string }) {
  const photos = await photosOfEntry(deps.db, { userId: params.actor.id, entryId: params.id });
  const deleted = await deleteOwnEntry(deps.db, { userId: params.actor.id, id: params.id });
  if (deleted.length === 0) throw entryNotFound();
  for (const photo of photos) await deps.files.remove(photo.url);
}

// The calendar: an .ics of the diary's events, downloaded or subscribed to through a private
// feed URL. Only the event's public facts go in, never the notes, mood or photos: a feed is
// read by a calendar service outside our control.

const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function diaryIcs(
  items: DiaryItem[],
  params: { now: Date; appName: string; publicUrl: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(params.appName)}//Diary//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(`${params.appName}: my events`)}`,
  ];
  for (const item of items) {
    const start = new Date(item.event.startsAt);
    const end = item.event.endsAt
      ? new Date(item.event.endsAt)
      : new Date(start.getTime() + DEFAULT_LENGTH_MS);
    const url = `${params.publicUrl.replace(/\/$/, '')}/event/${item.event.id}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${item.event.id}@mea-events`,
      `DTSTAMP:${utcStamp(params.now)}`,
      `DTSTART:${utcStamp(start)}`,
      `DTEND:${utcStamp(end)}`,
      `SUMMARY:${escapeIcsText(item.event.title)}`,
      `LOCATION:${escapeIcsText(item.event.location)}`,
      `URL:${url}`,
      `DESCRIPTION:${escapeIcsText(url)}`,
      `STATUS:${item.event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

export interface DiaryCalendarDeps extends DiaryDeps {
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
}

export async function myCalendar(deps: DiaryCalendarDeps, params: { actor: AuthUser }) {
  const items = await listDiary(deps, params);
  return diaryIcs(items, {
    now: deps.clock.now(),
    appName: deps.config.APP_NAME,
    publicUrl: deps.config.PUBLIC_URL,
  });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const feedPath = (token: string) => `/api/diary/feed/${token}/diary.ics`;

export async function getFeed(deps: DiaryDeps, params: { actor: AuthUser }): Promise<DiaryFeed> {
  const feed = await findFeed(deps.db, { userId: params.actor.id });
  return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null };
}

/** A new secret feed URL; any earlier one stops working at once. */
export async function createFeed(
  deps: DiaryCalendarDeps,
  params: { actor: AuthUser },
): Promise<DiaryFeed> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await upsertFeed(deps.db, { userId: params.actor.id, tokenHash: hashToken(token), now });
  return {
    active: true,
    createdAt: now.toISOString(),
    url: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${feedPath(token)}`,
  };
}

export async function revokeFeed(deps: DiaryDeps, params: { actor: AuthUser }) {
  await deleteFeed(deps.db, { userId: params.actor.id });
}

/** The calendar a feed secret opens; an unknown or revoked secret is not found. */
export async function feedCalendar(deps: DiaryCalendarDeps, params: { token: string }) {
  const userId = await findFeedOwner(deps.db, { tokenHash: hashToken(params.token) });
  if (!userId) throw new AppError('NOT_FOUND', msg`Calendar feed not found`);
  const rows = await listDiary(deps, { actor: { id: userId } });
  return diaryIcs(rows, {
    now: deps.clock.now(),
    appName: deps.config.APP_NAME,
    publicUrl: deps.config.PUBLIC_URL,
  });
}

/** The notification's dedupe key prefix: one reminder per person and event. */
export const REMINDER_KEY = 'event_reminder:';

/**
 * The job: reminds ticket holders of an event starting within the next day, once (the
 * notification's dedupe key); mail and push follow their settings through the pipeline.
 */
export async function sendEventReminders(
  deps: { db: DbExecutor; clock: Clock },
  params: { limit?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const limit = params.limit ?? 1000;
  let sent = 0;
  for (;;) {
    const due = await findDueReminders(deps.db, {
      from: now,
      until: new Date(now.getTime() + DIARY_REMINDER_HOURS * 3_600_000),
      dedupePrefix: REMINDER_KEY,
      limit,
    });
    if (!due.length) return sent;
    sent += await createNotifications(
      deps.db,
      due.map((row) => {
        const hours = Math.max(1, Math.round((row.startsAt.getTime() - now.getTime()) / 3_600_000));
        // Written in the ticket holder's language: the notification keeps its text as sent.
        const _ = translator(localeOrSource(row.language));
        const title = row.title;
        return {
          userId: row.userId,
          type: 'event_reminder' as const,
          title: _(msg`Coming up: ${title}`),
          message: _(
            msg`${plural(hours, {
              one: 'Starts in about # hour. Your ticket is in My Tickets.',
              other: 'Starts in about # hours. Your ticket is in My Tickets.',
            })}`,
          ),
          relatedId: row.eventId,
          relatedType: 'events' as const,
          dedupeKey: `${REMINDER_KEY}${row.eventId}`,
          createdAt: now,
        };
      }),
    );
    if (due.length < limit) return sent;
  }
}
