import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { diaryEntries, diaryFeeds, diaryPhotos } from '../../db/schema/diary';
import { notifications } from '../../db/schema/notifications';
import { events } from '../../db/schema/events';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';

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
        endsAt: events.endsAt,
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

/** A new feed secret replaces the old one: one feed per person, revoked by replacing it. */
export async function upsertFeed(
  db: DbExecutor,
  params: { userId: string; tokenHash: string; now: Date },
) {
  await db
    .insert(diaryFeeds)
    .values({ userId: params.userId, tokenHash: params.tokenHash, createdAt: params.now })
    .onConflictDoUpdate({
      target: diaryFeeds.userId,
      set: { tokenHash: params.tokenHash, createdAt: params.now },
    });
}

export async function deleteFeed(db: DbExecutor, params: { userId: string }) {
  return db
    .delete(diaryFeeds)
    .where(eq(diaryFeeds.userId, params.userId))
    .returning({ userId: diaryFeeds.userId });
}

export async function findFeed(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ createdAt: diaryFeeds.createdAt })
    .from(diaryFeeds)
    .where(eq(diaryFeeds.userId, params.userId));
  return row ?? null;
}

/** Whose feed a secret opens (by its hash); null for an unknown or revoked one. */
export async function findFeedOwner(db: DbExecutor, params: { tokenHash: string }) {
  const [row] = await db
    .select({ userId: diaryFeeds.userId })
    .from(diaryFeeds)
    .where(eq(diaryFeeds.tokenHash, params.tokenHash));
  return row?.userId ?? null;
}

/**
 * Ticket holders of published events starting within the window who have not had this
 * event's reminder (its notification's dedupe key), one row per person and event.
 */
export async function findDueReminders(
  db: DbExecutor,
  params: { from: Date; until: Date; dedupePrefix: string; limit: number },
) {
  return db
    .selectDistinct({
      userId: tickets.userId,
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      language: users.language,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        eq(events.eventStatus, 'published'),
        sql`${tickets.status} <> 'void'`,
        sql`${events.startsAt} > ${params.from}`,
        sql`${events.startsAt} <= ${params.until}`,
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${tickets.userId} and ${notifications.dedupeKey} = ${params.dedupePrefix} || ${events.id}::text)`,
      ),
    )
    .limit(params.limit);
}
