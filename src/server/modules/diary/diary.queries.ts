import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { diaryEntries, diaryPhotos } from '../../db/schema/diary';
import { events } from '../../db/schema/events';
import { tickets } from '../../db/schema/tickets';

// Every query here is scoped by the owner's user id in its WHERE: no other person, organizer
// or admin route reads diary rows.

/** Whether the person holds a ticket (valid or used) for the event. */
const holdsTicket = (userId: string) =>
  sql`exists (select 1 from ${tickets} where ${tickets.eventId} = ${events.id} and ${tickets.userId} = ${userId} and ${tickets.status} <> 'void')`;

/** The diary's events: those the person holds tickets for, plus any with an entry. */
export async function findDiaryItems(db: DbExecutor, params: { userId: string; limit?: number }) {
  const rows = await db
    .select({
      event: {
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        location: events.location,
        status: events.eventStatus,
      },
      entry: diaryEntries,
      ticket: holdsTicket(params.userId).mapWith(Boolean),
    })
    .from(events)
    .leftJoin(
      diaryEntries,
      and(eq(diaryEntries.eventId, events.id), eq(diaryEntries.userId, params.userId)),
    )
    .where(or(holdsTicket(params.userId), eq(diaryEntries.userId, params.userId)))
    .orderBy(desc(events.startsAt))
    .limit(params.limit ?? 500);
  const entryIds = rows.flatMap((row) => (row.entry ? [row.entry.id] : []));
  const photos = entryIds.length
    ? await db
        .select()
        .from(diaryPhotos)
        .where(and(inArray(diaryPhotos.entryId, entryIds), eq(diaryPhotos.userId, params.userId)))
        .orderBy(diaryPhotos.createdAt)
    : [];
  return rows.map((row) => ({
    ...row,
    photos: photos.filter((photo) => photo.entryId === row.entry?.id),
  }));
}

export async function canKeepDiaryFor(
  db: DbExecutor,
  params: { userId: string; eventId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, params.eventId), holdsTicket(params.userId)));
  return Boolean(row);
}

export async function upsertEntry(
  db: DbExecutor,
  params: {
    userId: string;
    eventId: string;
    values: {
      notes: string;
      mood: (typeof diaryEntries.$inferInsert)['mood'];
      rating: number | null;
      tags: string[];
    };
    now: Date;
  },
) {
  const [row] = await db
    .insert(diaryEntries)
    .values({
      userId: params.userId,
      eventId: params.eventId,
      ...params.values,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: [diaryEntries.userId, diaryEntries.eventId],
      set: { ...params.values, updatedAt: params.now },
    })
    .returning();
  return row;
}

export async function findOwnEntry(db: DbExecutor, params: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(diaryEntries)
    .where(and(eq(diaryEntries.id, params.id), eq(diaryEntries.userId, params.userId)));
  return row;
}

export async function deleteOwnEntry(db: DbExecutor, params: { userId: string; id: string }) {
  return db
    .delete(diaryEntries)
    .where(and(eq(diaryEntries.id, params.id), eq(diaryEntries.userId, params.userId)))
    .returning({ id: diaryEntries.id });
}

export async function photosOfEntry(db: DbExecutor, params: { userId: string; entryId: string }) {
  return db
    .select({ url: diaryPhotos.url })
    .from(diaryPhotos)
    .where(and(eq(diaryPhotos.entryId, params.entryId), eq(diaryPhotos.userId, params.userId)));
}

export async function insertPhoto(
  db: DbExecutor,
  params: { userId: string; entryId: string; url: string; now: Date },
) {
  const [row] = await db
    .insert(diaryPhotos)
    .values({ ...params, createdAt: params.now })
    .returning();
  return row;
}
