import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { BadgeTemplateInput } from '../../../contracts/badges';
import type { DbExecutor } from '../../db/client';
import { badgeTemplates } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { eventQuestions, questionAnswers } from '../../db/schema/questions';
import { tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import { containsPattern } from '../../db/like-pattern';

// An answer that reads as a line of text under a name: not a file, a yes/no or a date.
const SUBTITLE_TYPES = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'country',
] as const;

export async function findTemplatesOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(badgeTemplates)
    .where(eq(badgeTemplates.eventId, params.eventId))
    .orderBy(asc(badgeTemplates.createdAt), asc(badgeTemplates.id));
}

export async function findTemplate(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(badgeTemplates).where(eq(badgeTemplates.id, params.id));
  return row;
}

export async function insertTemplate(
  db: DbExecutor,
  params: { eventId: string; input: BadgeTemplateInput; at: Date },
) {
  const [row] = await db
    .insert(badgeTemplates)
    .values({
      eventId: params.eventId,
      ...params.input,
      createdAt: params.at,
      updatedAt: params.at,
    })
    .returning();
  return row;
}

export async function updateTemplateRow(
  db: DbExecutor,
  params: { id: string; input: BadgeTemplateInput; at: Date },
) {
  const [row] = await db
    .update(badgeTemplates)
    .set({ ...params.input, updatedAt: params.at })
    .where(eq(badgeTemplates.id, params.id))
    .returning();
  return row;
}

export async function deleteTemplateRow(db: DbExecutor, params: { id: string }) {
  await db.delete(badgeTemplates).where(eq(badgeTemplates.id, params.id));
}

/** The event's questions whose answers a badge can print under the name. */
export async function findSubtitleQuestions(db: DbExecutor, params: { eventId: string }) {
  return db
    .select({ id: eventQuestions.id, label: eventQuestions.label })
    .from(eventQuestions)
    .where(
      and(
        eq(eventQuestions.eventId, params.eventId),
        inArray(eventQuestions.type, [...SUBTITLE_TYPES]),
      ),
    )
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.id));
}

/** The organizer's profile picture (a badge's logo), or null. */
export async function findOrganizerPicture(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(eq(events.id, params.eventId));
  return row?.avatarUrl ?? null;
}

/**
 * The tickets to print badges for, sorted by name: one ticket, or every ticket that is not
 * refunded matching a name and types (and only those checked in, when asked). The subtitle is
 * the ticket's answer to the chosen question, else the order's (a per-order question).
 */
export async function findBadgeHolders(
  db: DbExecutor,
  params: {
    eventId: string;
    ticketId?: string;
    q: string;
    typeIds: readonly string[];
    checkedIn: boolean;
    subtitleQuestionId: string | null;
    limit: number;
  },
) {
  const pattern = params.q ? containsPattern(params.q) : null;
  const subtitle = params.subtitleQuestionId
    ? sql<unknown>`(select a.value from ${questionAnswers} a
        where a.question_id = ${params.subtitleQuestionId}
          and (a.ticket_id = ${tickets.id} or (a.ticket_id is null and a.ticket_type_id is null and a.order_id = ${tickets.orderId}))
        order by a.ticket_id nulls last limit 1)`
    : sql<unknown>`null`;
  const holderName = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.email})`;
  return db
    .select({
      id: tickets.id,
      eventId: tickets.eventId,
      codeVersion: tickets.codeVersion,
      transferPending: tickets.transferPending,
      holderName,
      ticketTypeName: ticketTypes.name,
      subtitle,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(
      and(
        eq(tickets.eventId, params.eventId),
        sql`${tickets.status} <> 'void'`,
        params.ticketId ? eq(tickets.id, params.ticketId) : undefined,
        params.typeIds.length ? inArray(tickets.ticketTypeId, [...params.typeIds]) : undefined,
        params.checkedIn ? eq(tickets.status, 'checked_in') : undefined,
        pattern ? or(ilike(profiles.fullName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(sql`lower(${holderName})`, asc(tickets.id))
    .limit(params.limit);
}
