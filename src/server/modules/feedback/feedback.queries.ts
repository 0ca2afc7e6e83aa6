import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventFeedback, eventFeedbackQuestions } from '../../db/schema/feedback';
import { notifications } from '../../db/schema/notifications';
import { tickets } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';

// When an event ends: its end time, or a day after its start when it has none (the rule the
// events lists and expiry use, events/event-time.ts).
export const eventEnd = sql<Date>`coalesce(${events.endsAt}, ${events.startsAt} + interval '1 day')`;

/** Events that happened: published (or expired after it); not drafts, not cancelled. */
const happened = sql`${events.eventStatus} in ('published', 'expired')`;

const holdsTicket = (userId: string) =>
  sql`exists (select 1 from ${tickets} where ${tickets.eventId} = ${events.id} and ${tickets.userId} = ${userId} and ${tickets.status} <> 'void')`;

const eventColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: eventEnd.mapWith((value: string | Date) => new Date(value)),
  location: events.location,
  organizerId: events.userId,
};
export type FeedbackEventRow = {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  organizerId: string;
};

/** An event the person attended (non-void ticket) that took place; null otherwise. */
export async function findAttendedEvent(
  db: DbExecutor,
  params: { userId: string; eventId: string },
): Promise<FeedbackEventRow | null> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, params.eventId), happened, holdsTicket(params.userId)));
  return row ?? null;
}

/** Attended events that ended since `since` (the feedback page's list), newest first. */
export async function findAttendedEndedEvents(
  db: DbExecutor,
  params: { userId: string; now: Date; since: Date; limit: number },
): Promise<FeedbackEventRow[]> {
  return db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        happened,
        holdsTicket(params.userId),
        sql`${eventEnd} <= ${params.now}`,
        sql`${eventEnd} > ${params.since}`,
      ),
    )
    .orderBy(desc(eventEnd))
    .limit(params.limit);
}

/** The events the person gave feedback on, with it, newest event first. */
export async function findOwnFeedback(db: DbExecutor, params: { userId: string; limit: number }) {
  return db
    .select({ event: eventColumns, feedback: eventFeedback })
    .from(eventFeedback)
    .innerJoin(events, eq(events.id, eventFeedback.eventId))
    .where(eq(eventFeedback.userId, params.userId))
    .orderBy(desc(eventEnd))
    .limit(params.limit);
}

export async function findFeedbackOf(db: DbExecutor, params: { userId: string; eventId: string }) {
  const [row] = await db
    .select()
    .from(eventFeedback)
    .where(and(eq(eventFeedback.eventId, params.eventId), eq(eventFeedback.userId, params.userId)));
  return row ?? null;
}

/** One feedback per person and event: a second save edits the first. */
export async function upsertFeedback(
  db: DbExecutor,
  params: {
    userId: string;
    eventId: string;
    rating: number;
    comment: string | null;
    answers: Record<string, string | number>;
    now: Date;
  },
) {
  const values = {
    rating: params.rating,
    comment: params.comment,
    answers: params.answers,
    updatedAt: params.now,
  };
  const [row] = await db
    .insert(eventFeedback)
    .values({ ...values, userId: params.userId, eventId: params.eventId, createdAt: params.now })
    .onConflictDoUpdate({ target: [eventFeedback.eventId, eventFeedback.userId], set: values })
    .returning();
  return row;
}

export async function findQuestions(db: DbExecutor, params: { eventIds: string[] }) {
  if (!params.eventIds.length) return [];
  return db
    .select()
    .from(eventFeedbackQuestions)
    .where(inArray(eventFeedbackQuestions.eventId, params.eventIds))
    .orderBy(asc(eventFeedbackQuestions.position));
}

/** The organizer's (or an admin's) event: owner scoping in the where, admins unscoped. */
export async function findManagedEvent(
  db: DbExecutor,
  params: { eventId: string; userId: string; admin: boolean },
): Promise<FeedbackEventRow | null> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.id, params.eventId),
        params.admin ? undefined : eq(events.userId, params.userId),
      ),
    );
  return row ?? null;
}

/** Replaces the event's questions; ids that were the event's own keep their answers. */
export async function replaceQuestions(
  db: DbExecutor,
  params: {
    eventId: string;
    questions: {
      id?: string;
      kind: 'text' | 'choice' | 'scale';
      label: string;
      options: string[];
    }[];
    now: Date;
  },
) {
  const existing = new Set(
    (
      await db
        .select({ id: eventFeedbackQuestions.id })
        .from(eventFeedbackQuestions)
        .where(eq(eventFeedbackQuestions.eventId, params.eventId))
    ).map((row) => row.id),
  );
  await db.delete(eventFeedbackQuestions).where(eq(eventFeedbackQuestions.eventId, params.eventId));
  if (!params.questions.length) return [];
  const seen = new Set<string>();
  return db
    .insert(eventFeedbackQuestions)
    .values(
      params.questions.map((question, position) => {
        const keep = question.id && existing.has(question.id) && !seen.has(question.id);
        if (keep && question.id) seen.add(question.id);
        return {
          ...(keep ? { id: question.id } : {}),
          eventId: params.eventId,
          position,
          kind: question.kind,
          label: question.label,
          options: question.kind === 'choice' ? [...new Set(question.options)] : [],
          createdAt: params.now,
        };
      }),
    )
    .returning();
}

/** Every feedback of an event with its author's name (organizer results). */
export async function findEventFeedback(db: DbExecutor, params: { eventId: string }) {
  return db
    .select({ feedback: eventFeedback, authorName: profiles.fullName })
    .from(eventFeedback)
    .innerJoin(profiles, eq(profiles.id, eventFeedback.userId))
    .where(eq(eventFeedback.eventId, params.eventId))
    .orderBy(desc(eventFeedback.createdAt));
}

/** Visible comments of an event, newest first (the public list under the rating). */
export async function findVisibleComments(
  db: DbExecutor,
  params: { eventId: string; limit: number },
) {
  return db
    .select({ feedback: eventFeedback, authorName: profiles.fullName })
    .from(eventFeedback)
    .innerJoin(profiles, eq(profiles.id, eventFeedback.userId))
    .where(
      and(
        eq(eventFeedback.eventId, params.eventId),
        eq(eventFeedback.commentHidden, false),
        sql`coalesce(${eventFeedback.comment}, '') <> ''`,
      ),
    )
    .orderBy(desc(eventFeedback.createdAt))
    .limit(params.limit);
}

export async function ratingOfEvent(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${eventFeedback.rating})::float8`,
    })
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, params.eventId));
  return { count: row?.count ?? 0, average: row?.average ?? null };
}

/** All ratings of all of an organizer's events. */
export async function ratingOfOrganizer(db: DbExecutor, params: { organizerId: string }) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${eventFeedback.rating})::float8`,
    })
    .from(eventFeedback)
    .innerJoin(events, eq(events.id, eventFeedback.eventId))
    .where(eq(events.userId, params.organizerId));
  return { count: row?.count ?? 0, average: row?.average ?? null };
}

/** The organizer's reply; the where carries the owner scoping (admins unscoped). */
/** The event a feedback is about, to find who may reply to it. */
export async function findFeedbackEventId(db: DbExecutor, feedbackId: string) {
  const [row] = await db
    .select({ eventId: eventFeedback.eventId })
    .from(eventFeedback)
    .where(eq(eventFeedback.id, feedbackId));
  return row?.eventId ?? null;
}

export async function setReply(
  db: DbExecutor,
  params: { feedbackId: string; userId: string; admin: boolean; reply: string | null; now: Date },
) {
  return db
    .update(eventFeedback)
    .set({ organizerReply: params.reply, repliedAt: params.reply ? params.now : null })
    .where(
      and(
        eq(eventFeedback.id, params.feedbackId),
        params.admin
          ? undefined
          : sql`exists (select 1 from ${events} where ${events.id} = ${eventFeedback.eventId} and ${events.userId} = ${params.userId})`,
      ),
    )
    .returning({ id: eventFeedback.id });
}

export async function setHidden(db: DbExecutor, params: { feedbackId: string; hidden: boolean }) {
  return db
    .update(eventFeedback)
    .set({ commentHidden: params.hidden })
    .where(eq(eventFeedback.id, params.feedbackId))
    .returning({ id: eventFeedback.id });
}

/**
 * Who is due a feedback request: non-void ticket holders of events that ended between the
 * feedback window's start and `dueBy` (end + the delay), without feedback yet and without the
 * request already (its notification's dedupe key), one row per person and event.
 */
export async function findDueFeedbackRequests(
  db: DbExecutor,
  params: { dueBy: Date; since: Date; dedupePrefix: string; limit: number },
) {
  return db
    .selectDistinct({
      userId: tickets.userId,
      eventId: events.id,
      title: events.title,
      language: users.language,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        happened,
        sql`${tickets.status} <> 'void'`,
        sql`${eventEnd} <= ${params.dueBy}`,
        sql`${eventEnd} > ${params.since}`,
        sql`not exists (select 1 from ${eventFeedback} where ${eventFeedback.eventId} = ${events.id} and ${eventFeedback.userId} = ${tickets.userId})`,
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${tickets.userId} and ${notifications.dedupeKey} = ${params.dedupePrefix} || ${events.id}::text)`,
      ),
    )
    .limit(params.limit);
}
