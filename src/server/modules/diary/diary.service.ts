import type { z } from 'zod';
import type { DiaryEntryInputSchema, DiaryItem } from '../../../contracts/diary';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { fitWebp } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import {
  canKeepDiaryFor,
  deleteOwnEntry,
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
const entryNotFound = () => new AppError('NOT_FOUND', 'Diary entry not found');

export async function listDiary(
  deps: DiaryDeps,
  params: { actor: AuthUser },
): Promise<DiaryItem[]> {
  const rows = await findDiaryItems(deps.db, { userId: params.actor.id });
  return rows.map((row) => ({
    event: {
      id: row.event.id,
      title: row.event.title,
      startsAt: row.event.startsAt.toISOString(),
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
    throw new AppError('NOT_FOUND', 'Event not found in your diary');
  const row = await upsertEntry(deps.db, {
    userId: params.actor.id,
    eventId: params.eventId,
    values: params.input,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('INTERNAL', 'Entry not saved');
  return row;
}

export async function addPhoto(
  deps: DiaryDeps,
  params: { actor: AuthUser; entryId: string; data: Buffer },
) {
  const entry = await findOwnEntry(deps.db, { userId: params.actor.id, id: params.entryId });
  if (!entry) throw entryNotFound();
  const existing = await photosOfEntry(deps.db, { userId: params.actor.id, entryId: entry.id });
  if (existing.length >= PHOTOS_MAX)
    throw new AppError('CONFLICT', `An entry holds up to ${PHOTOS_MAX} photos`);
  const image = await fitWebp(params.data, 1600);
  if (!image)
    throw new AppError('VALIDATION_FAILED', 'Please upload an image (JPEG, PNG, WebP or GIF)', {
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
  if (!row) throw new AppError('INTERNAL', 'Photo not saved');
  return { id: row.id, url: row.url };
}

/** Deleting an entry deletes it: its photos' rows and files too. */
export async function deleteEntry(deps: DiaryDeps, params: { actor: AuthUser; id: string }) {
  const photos = await photosOfEntry(deps.db, { userId: params.actor.id, entryId: params.id });
  const deleted = await deleteOwnEntry(deps.db, { userId: params.actor.id, id: params.id });
  if (deleted.length === 0) throw entryNotFound();
  for (const photo of photos) await deps.files.remove(photo.url);
}
