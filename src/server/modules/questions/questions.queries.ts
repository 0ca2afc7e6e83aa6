import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnswerRow, AnswerValue, QuestionInputParsed } from '../../../contracts/questions';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventQuestions, eventQuestionSettings, questionAnswers } from '../../db/schema/questions';
import { orders, tickets, ticketTypes } from '../../db/schema/tickets';

export type QuestionRow = typeof eventQuestions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The organizer's questions

export async function findQuestionsOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, params.eventId))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
}

export async function findQuestion(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(eventQuestions).where(eq(eventQuestions.id, params.id));
  return row;
}

type QuestionColumns = Omit<
  QuestionInputParsed,
  'minValue' | 'maxValue' | 'conditionQuestionId'
> & {
  minValue: number | null;
  maxValue: number | null;
  conditionQuestionId: string | null;
};

/** A new question goes last. */
export async function insertQuestion(
  db: DbExecutor,
  params: { eventId: string; values: QuestionColumns; now: Date },
) {
  const [row] = await db
    .insert(eventQuestions)
    .values({
      ...params.values,
      eventId: params.eventId,
      position: sql`(select coalesce(max(position) + 1, 0) from event_questions where event_id = ${params.eventId})`,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning();
  return row;
}

export async function updateQuestion(
  db: DbExecutor,
  params: { id: string; values: QuestionColumns; now: Date },
) {
  const [row] = await db
    .update(eventQuestions)
    .set({ ...params.values, updatedAt: params.now })
    .where(eq(eventQuestions.id, params.id))
    .returning();
  return row;
}

export async function deleteQuestionById(db: DbExecutor, params: { id: string }) {
  // Questions shown on its answer show always: they no longer depend on a question that is gone.
  await db
    .update(eventQuestions)
    .set({ conditionQuestionId: null, conditionValues: [] })
    .where(eq(eventQuestions.conditionQuestionId, params.id));
  await db.delete(eventQuestions).where(eq(eventQuestions.id, params.id));
}

/** Writes the event's questions' positions as the given order (0, 1, 2…). */
export async function writePositions(db: DbExecutor, params: { ids: string[]; now: Date }) {
  if (!params.ids.length) return;
  await db.execute(sql`
    update event_questions q set position = x.position, updated_at = ${params.now}
    from unnest(${`{${params.ids.join(',')}}`}::uuid[]) with ordinality as x(id, position)
    where q.id = x.id`);
}

export async function countQuestionsOfEvent(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, params.eventId));
  return row?.n ?? 0;
}

export async function findTicketTypeIdsOfEvent(db: DbExecutor, params: { eventId: string }) {
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, params.eventId));
  return rows.map((r) => r.id);
}

export async function findSettings(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({
      answersEditableUntil: eventQuestionSettings.answersEditableUntil,
      eventStartsAt: events.startsAt,
    })
    .from(events)
    .leftJoin(eventQuestionSettings, eq(eventQuestionSettings.eventId, events.id))
    .where(eq(events.id, params.eventId));
  return row;
}

export async function upsertSettings(
  db: DbExecutor,
  params: { eventId: string; answersEditableUntil: Date | null; now: Date },
) {
  await db
    .insert(eventQuestionSettings)
    .values({ ...params, updatedAt: params.now })
    .onConflictDoUpdate({
      target: eventQuestionSettings.eventId,
      set: { answersEditableUntil: params.answersEditableUntil, updatedAt: params.now },
    });
}

// ---------------------------------------------------------------------------------------------
// The checkout

/** The events of these ticket types (a type never moves to another event). */
export async function findEventsOfTypes(db: DbExecutor, params: { ticketTypeIds: string[] }) {
  return db
    .select({ id: ticketTypes.id, eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, params.ticketTypeIds));
}

export async function findTypeNames(db: DbExecutor, params: { ticketTypeIds: string[] }) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, params.ticketTypeIds));
}

export async function findQuestionsOfEvents(db: DbExecutor, params: { eventIds: string[] }) {
  return db
    .select()
    .from(eventQuestions)
    .where(inArray(eventQuestions.eventId, params.eventIds))
    .orderBy(asc(eventQuestions.eventId), asc(eventQuestions.position));
}

/**
 * Replaces a pending order's answers in one statement (the checkout's round trip stays one,
 * however many questions and tickets): the old rows go as the new ones come in.
 */
export async function replaceOrderAnswers(
  db: DbExecutor,
  params: { orderId: string; rows: AnswerRow[]; now: Date },
) {
  const rows = params.rows.map((r) => ({
    q: r.questionId,
    t: r.ticketTypeId,
    n: r.ordinal,
    v: r.value,
  }));
  await db.execute(sql`
    with gone as (delete from question_answers where order_id = ${params.orderId})
    insert into question_answers (order_id, question_id, ticket_type_id, ordinal, value, updated_at)
    select ${params.orderId}, x.q, x.t, x.n, x.v, ${params.now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(q uuid, t uuid, n int, v jsonb)`);
}

/**
 * Ties each per-ticket answer of a fulfilled order to its ticket: the n-th answer set of a type
 * to the n-th ticket of that type (tickets in the order they were made).
 */
export async function linkAnswersToTickets(db: DbExecutor, params: { orderId: string }) {
  await db.execute(sql`
    update question_answers a set ticket_id = t.id
    from (
      select id, ticket_type_id,
        (row_number() over (partition by ticket_type_id order by created_at, id) - 1)::int as n
      from tickets where order_id = ${params.orderId}
    ) t
    where a.order_id = ${params.orderId} and a.ticket_id is null
      and a.ticket_type_id = t.ticket_type_id and a.ordinal = t.n`);
}

// ---------------------------------------------------------------------------------------------
// A ticket's answers

/** The ticket with what deciding on its answers needs; only its holder's or the admin's. */
export async function findTicketForAnswers(
  db: DbExecutor,
  params: { id: string; userId: string; isAdmin: boolean },
) {
  const [row] = await db
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      eventId: tickets.eventId,
      ticketTypeId: tickets.ticketTypeId,
      status: tickets.status,
      holderId: tickets.userId,
      buyerId: orders.userId,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(tickets.id, params.id),
        params.isAdmin ? sql`true` : eq(tickets.userId, params.userId),
      ),
    );
  return row;
}

export async function findTypesOfOrder(db: DbExecutor, params: { orderId: string }) {
  const rows = await db
    .selectDistinct({ id: tickets.ticketTypeId })
    .from(tickets)
    .where(eq(tickets.orderId, params.orderId));
  return rows.map((r) => r.id);
}

/** A ticket's own answers and its order's. */
export async function findAnswersOfTicket(
  db: DbExecutor,
  params: { ticketId: string; orderId: string },
) {
  return db
    .select({
      questionId: questionAnswers.questionId,
      ticketId: questionAnswers.ticketId,
      value: questionAnswers.value,
    })
    .from(questionAnswers)
    .where(
      sql`(${questionAnswers.ticketId} = ${params.ticketId}) or (${questionAnswers.orderId} = ${params.orderId} and ${questionAnswers.ticketTypeId} is null)`,
    );
}

/** Replaces a ticket's answers, and its order's when given, in one transaction of the caller. */
export async function replaceTicketAnswers(
  db: DbExecutor,
  params: {
    ticket: { id: string; orderId: string; ticketTypeId: string; ordinal: number };
    ticketRows: { questionId: string; value: AnswerValue }[];
    orderRows: { questionId: string; value: AnswerValue }[] | null;
    now: Date;
  },
) {
  const { ticket, now } = params;
  await db.delete(questionAnswers).where(eq(questionAnswers.ticketId, ticket.id));
  const values = params.ticketRows.map((r) => ({
    orderId: ticket.orderId,
    questionId: r.questionId,
    ticketTypeId: ticket.ticketTypeId,
    ordinal: ticket.ordinal,
    ticketId: ticket.id,
    value: r.value,
    updatedAt: now,
  }));
  if (params.orderRows) {
    await db
      .delete(questionAnswers)
      .where(
        and(eq(questionAnswers.orderId, ticket.orderId), isNull(questionAnswers.ticketTypeId)),
      );
    for (const r of params.orderRows)
      values.push({
        orderId: ticket.orderId,
        questionId: r.questionId,
        ticketTypeId: null as unknown as string,
        ordinal: 0,
        ticketId: null as unknown as string,
        value: r.value,
        updatedAt: now,
      });
  }
  if (values.length) await db.insert(questionAnswers).values(values);
}

/** The place of a ticket among its order's tickets of its type (as linkAnswersToTickets counts). */
export async function findTicketOrdinal(db: DbExecutor, params: { ticketId: string }) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select n from (
      select id, (row_number() over (partition by ticket_type_id order by created_at, id) - 1)::int as n
      from tickets where order_id = (select order_id from tickets where id = ${params.ticketId})
    ) t where id = ${params.ticketId}`);
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The organizer's reading of answers

/** Each of these tickets' answers, its order's included (an event's tickets only). */
export async function findAnswersOfTickets(
  db: DbExecutor,
  params: { eventId: string; ticketIds?: string[] },
) {
  const { rows } = await db.execute<{ ticketId: string; questionId: string; value: AnswerValue }>(
    sql`
    select t.id as "ticketId", a.question_id as "questionId", a.value
    from tickets t
    join question_answers a on a.ticket_id = t.id
      or (a.order_id = t.order_id and a.ticket_type_id is null)
    where t.event_id = ${params.eventId}
      ${params.ticketIds ? sql`and t.id = any(${`{${params.ticketIds.join(',')}}`}::uuid[])` : sql``}
    order by t.id`,
  );
  return rows;
}
