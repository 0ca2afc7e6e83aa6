import { msg } from '@lingui/core/macro';
import {
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  QuestionInputSchema,
  checkCheckoutAnswers,
  type AnswerRow,
  type AnswerValue,
  type CheckoutAnswersSchema,
  type EventAnswers,
  type Question,
  type QuestionInput,
  type QuestionList,
  type TicketAnswers,
} from '../../../contracts/questions';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { isAdmin } from '../../platform/auth/guards';
import { defineCache } from '../../platform/cache/shared-cache';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import { answersCutOff, canEditAnswers, editsOrderAnswers } from './questions.policy';
import {
  countQuestionsOfEvent,
  deleteQuestionById,
  findAnswersOfTicket,
  findAnswersOfTickets,
  findEventsOfTypes,
  findQuestion,
  findQuestionsOfEvent,
  findQuestionsOfEvents,
  findSettings,
  findTicketForAnswers,
  findTicketOrdinal,
  findTicketTypeIdsOfEvent,
  findTypeNames,
  findTypesOfOrder,
  insertQuestion,
  linkAnswersToTickets,
  replaceOrderAnswers,
  replaceTicketAnswers,
  updateQuestion,
  upsertSettings,
  writePositions,
  type QuestionRow,
} from './questions.queries';

export interface QuestionDeps {
  db: Database;
  clock: Clock;
}

const present = (row: QuestionRow): Question => ({
  id: row.id,
  eventId: row.eventId,
  position: row.position,
  scope: row.scope,
  type: row.type,
  label: row.label,
  helpText: row.helpText,
  required: row.required,
  options: row.options,
  linkUrl: row.linkUrl,
  minValue: row.minValue,
  maxValue: row.maxValue,
  ticketTypeIds: row.ticketTypeIds,
  conditionQuestionId: row.conditionQuestionId,
  conditionValues: row.conditionValues,
  showAtCheckIn: row.showAtCheckIn,
});
const forBuyer = ({ showAtCheckIn: _, ...question }: Question) => question;

const fieldsError = (fields: { field: string; message: string }[]) =>
  new AppError('VALIDATION_FAILED', must1(fields).message, { fields });
const must1 = <T>(list: T[]): T => list[0] as T;

// The checkout reads questions on every order: kept per event for a minute, forgotten at once
// (in every process) when the organizer changes them. A ticket type never changes event.
const eventQuestionsCache = defineCache<Question[], QuestionDeps>({
  name: 'event-questions',
  ttlMs: 60_000,
  maxEntries: 5_000,
});
const typeEventCache = defineCache<string | null, QuestionDeps>({
  name: 'ticket-type-event',
  ttlMs: 60 * 60_000,
  maxEntries: 50_000,
});

async function forgetQuestions(deps: QuestionDeps, eventId: string) {
  await eventQuestionsCache.invalidate(deps, eventId);
}

// ---------------------------------------------------------------------------------------------
// The organizer's builder

export async function listQuestions(
  deps: QuestionDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<QuestionList> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const [rows, settings] = await Promise.all([
    findQuestionsOfEvent(deps.db, params),
    findSettings(deps.db, params),
  ]);
  return {
    questions: rows.map(present),
    settings: { answersEditableUntil: settings?.answersEditableUntil?.toISOString() ?? null },
  };
}

/** The question's checks that need the event: its ticket types, and a condition asked before. */
async function checkAgainstEvent(
  tx: DbExecutor,
  params: {
    eventId: string;
    questionId?: string;
    input: z.output<typeof QuestionInputSchema>;
  },
) {
  const { input } = params;
  const fields: { field: string; message: string }[] = [];
  if (input.ticketTypeIds.length) {
    const ofEvent = new Set(await findTicketTypeIdsOfEvent(tx, params));
    if (input.ticketTypeIds.some((id) => !ofEvent.has(id)))
      fields.push({ field: 'body.ticketTypeIds', message: QUESTION_MESSAGES.ticketTypes });
  }
  if (input.conditionQuestionId) {
    const others = await findQuestionsOfEvent(tx, params);
    const self = others.find((q) => q.id === params.questionId);
    const condition = others.find((q) => q.id === input.conditionQuestionId);
    // Asked before: a new question goes last, a moved one keeps its place.
    const before = condition && (!self || condition.position < self.position);
    const sameOrWider = condition && (condition.scope === 'order' || input.scope === 'ticket');
    if (!before || !sameOrWider || condition.id === params.questionId)
      fields.push({ field: 'body.conditionQuestionId', message: QUESTION_MESSAGES.condition });
  }
  if (fields.length) throw fieldsError(fields);
}

const columnsOf = (input: z.output<typeof QuestionInputSchema>) => ({
  ...input,
  // Choices only for choice questions, a link only for a checkbox, limits for numbers and
  // multiple choice: what a type does not use is not kept.
  options: input.type === 'single_choice' || input.type === 'multiple_choice' ? input.options : [],
  linkUrl: input.type === 'checkbox' ? input.linkUrl : null,
  minValue:
    input.type === 'number' || input.type === 'multiple_choice' ? (input.minValue ?? null) : null,
  maxValue:
    input.type === 'number' || input.type === 'multiple_choice' ? (input.maxValue ?? null) : null,
  conditionQuestionId: input.conditionQuestionId ?? null,
  conditionValues: input.conditionQuestionId ? input.conditionValues : [],
});

export async function createQuestion(
  deps: QuestionDeps,
  params: { eventId: string; actor: AuthUser; input: QuestionInput },
): Promise<Question> {
  const input = QuestionInputSchema.parse(params.input);
  const row = await deps.db.transaction(async (tx) => {
    // Locked: two additions at once each take their own last place.
    await lockManagedEvent(tx, params, { permission: 'event.edit', action: 'question.create' });
    if ((await countQuestionsOfEvent(tx, params)) >= QUESTION_LIMITS.questionsPerEvent)
      throw new AppError('CONFLICT', QUESTION_MESSAGES.tooMany);
    await checkAgainstEvent(tx, { eventId: params.eventId, input });
    return insertQuestion(tx, {
      eventId: params.eventId,
      values: columnsOf(input),
      now: deps.clock.now(),
    });
  });
  await forgetQuestions(deps, params.eventId);
  return present(row as QuestionRow);
}

/** The question, if the actor manages its event. */
async function managedQuestion(
  tx: DbExecutor,
  params: { id: string; actor: AuthUser },
  action: string,
) {
  const question = await findQuestion(tx, params);
  if (!question) throw new AppError('NOT_FOUND', msg`Question not found`);
  await lockManagedEvent(
    tx,
    { eventId: question.eventId, actor: params.actor },
    { permission: 'event.edit', action },
  );
  return question;
}

export async function editQuestion(
  deps: QuestionDeps,
  params: { id: string; actor: AuthUser; input: QuestionInput },
): Promise<Question> {
  const input = QuestionInputSchema.parse(params.input);
  const row = await deps.db.transaction(async (tx) => {
    const question = await managedQuestion(tx, params, 'question.edit');
    await checkAgainstEvent(tx, { eventId: question.eventId, questionId: question.id, input });
    return updateQuestion(tx, { id: question.id, values: columnsOf(input), now: deps.clock.now() });
  });
  const saved = row as QuestionRow;
  await forgetQuestions(deps, saved.eventId);
  return present(saved);
}

export async function removeQuestion(
  deps: QuestionDeps,
  params: { id: string; actor: AuthUser },
): Promise<void> {
  const eventId = await deps.db.transaction(async (tx) => {
    const question = await managedQuestion(tx, params, 'question.delete');
    await deleteQuestionById(tx, question);
    return question.eventId;
  });
  await forgetQuestions(deps, eventId);
}

/**
 * Moves a question one place up or down. A question shown on another's answer stays after it:
 * the move that would put it first is refused.
 */
export async function moveQuestion(
  deps: QuestionDeps,
  params: { id: string; actor: AuthUser; direction: 'up' | 'down' },
): Promise<QuestionList> {
  const eventId = await deps.db.transaction(async (tx) => {
    const question = await managedQuestion(tx, params, 'question.move');
    const rows = await findQuestionsOfEvent(tx, question);
    const at = rows.findIndex((q) => q.id === question.id);
    const to = params.direction === 'up' ? at - 1 : at + 1;
    const other = rows[to];
    if (!other) return question.eventId;
    const [first, second] = to < at ? [question, other] : [other, question];
    if (first.conditionQuestionId === second.id)
      throw new AppError('CONFLICT', QUESTION_MESSAGES.condition);
    rows[at] = other;
    rows[to] = question;
    await writePositions(tx, { ids: rows.map((q) => q.id), now: deps.clock.now() });
    return question.eventId;
  });
  await forgetQuestions(deps, eventId);
  return listQuestions(deps, { eventId, actor: params.actor });
}

export async function saveQuestionSettings(
  deps: QuestionDeps,
  params: { eventId: string; actor: AuthUser; answersEditableUntil: string | null },
): Promise<QuestionList> {
  await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: 'event.edit',
    action: 'questions.settings',
  });
  await upsertSettings(deps.db, {
    eventId: params.eventId,
    answersEditableUntil: params.answersEditableUntil
      ? new Date(params.answersEditableUntil)
      : null,
    now: deps.clock.now(),
  });
  return listQuestions(deps, params);
}

// ---------------------------------------------------------------------------------------------
// The checkout

async function eventsOfTypes(deps: QuestionDeps, ticketTypeIds: string[]) {
  const store = typeEventCache.in(deps);
  const missing = ticketTypeIds.filter((id) => store.peek(id) === undefined);
  if (missing.length) {
    const found = new Map(
      (await findEventsOfTypes(deps.db, { ticketTypeIds: missing })).map((r) => [r.id, r.eventId]),
    );
    for (const id of missing) store.set(id, found.get(id) ?? null);
  }
  return [...new Set(ticketTypeIds.map((id) => store.peek(id)).filter((e) => e != null))];
}

/** The questions of the events these ticket types belong to, in the organizer's order. */
export async function questionsForTypes(
  deps: QuestionDeps,
  ticketTypeIds: string[],
): Promise<Question[]> {
  const eventIds = (await eventsOfTypes(deps, ticketTypeIds)) as string[];
  const store = eventQuestionsCache.in(deps);
  const missing = eventIds.filter((id) => store.peek(id) === undefined);
  if (missing.length) {
    const rows = await findQuestionsOfEvents(deps.db, { eventIds: missing });
    for (const id of missing) store.set(id, rows.filter((r) => r.eventId === id).map(present));
  }
  return eventIds.flatMap((id) => store.peek(id) ?? []);
}

/** What a buyer is asked for these ticket types (public: the checkout's questions step). */
export async function checkoutQuestions(deps: QuestionDeps, params: { ticketTypeIds: string[] }) {
  const [questions, ticketTypes] = await Promise.all([
    questionsForTypes(deps, params.ticketTypeIds),
    findTypeNames(deps.db, params),
  ]);
  return {
    ticketTypes,
    questions: questions
      .filter(
        (q) =>
          q.ticketTypeIds.length === 0 ||
          q.ticketTypeIds.some((t) => params.ticketTypeIds.includes(t)),
      )
      .map(forBuyer),
  };
}

/**
 * Checks an order's answers before anything is held: the rows to store with the order, or a
 * VALIDATION_FAILED naming every field (`body.answers.…`) with its message.
 */
export async function checkOrderAnswers(
  deps: QuestionDeps,
  params: {
    lines: { ticketTypeId: string; quantity: number }[];
    answers: z.output<typeof CheckoutAnswersSchema> | null | undefined;
  },
): Promise<AnswerRow[]> {
  const questions = await questionsForTypes(
    deps,
    params.lines.map((l) => l.ticketTypeId),
  );
  if (!questions.length) return [];
  const { rows, fields } = checkCheckoutAnswers(questions, params.lines, params.answers);
  if (fields.length) throw fieldsError(fields.map((f) => ({ ...f, field: `body.${f.field}` })));
  return rows;
}

/** Stores a pending order's answers (replacing any), in the caller's transaction or not. */
export async function saveOrderAnswers(
  db: DbExecutor,
  params: { orderId: string; rows: AnswerRow[]; now: Date },
) {
  if (params.rows.length) await replaceOrderAnswers(db, params);
}

/** Called as an order is fulfilled: its per-ticket answers now belong to its tickets. */
export async function attachAnswersToTickets(tx: DbExecutor, params: { orderId: string }) {
  await linkAnswersToTickets(tx, params);
}

// ---------------------------------------------------------------------------------------------
// The attendee's answers

async function ticketContext(deps: QuestionDeps, params: { ticketId: string; actor: AuthUser }) {
  const ticket = await findTicketForAnswers(deps.db, {
    id: params.ticketId,
    userId: params.actor.id,
    isAdmin: isAdmin(params.actor),
  });
  if (!ticket) throw new AppError('NOT_FOUND', msg`Ticket not found`);
  const [questions, settings, orderTypes] = await Promise.all([
    findQuestionsOfEvent(deps.db, { eventId: ticket.eventId }).then((rows) => rows.map(present)),
    findSettings(deps.db, { eventId: ticket.eventId }),
    findTypesOfOrder(deps.db, { orderId: ticket.orderId }),
  ]);
  const cutOff = answersCutOff({
    answersEditableUntil: settings?.answersEditableUntil ?? null,
    eventStartsAt: settings?.eventStartsAt ?? new Date(0),
  });
  const canEdit = canEditAnswers({ now: deps.clock.now(), cutOff, status: ticket.status });
  const asked = questions.filter((q) =>
    q.scope === 'order'
      ? orderTypes.some((t) => q.ticketTypeIds.length === 0 || q.ticketTypeIds.includes(t))
      : q.ticketTypeIds.length === 0 || q.ticketTypeIds.includes(ticket.ticketTypeId),
  );
  return { ticket, questions: asked, cutOff, canEdit, orderTypes };
}

export async function getTicketAnswers(
  deps: QuestionDeps,
  params: { ticketId: string; actor: AuthUser },
): Promise<TicketAnswers> {
  const { ticket, questions, cutOff, canEdit } = await ticketContext(deps, params);
  const rows = await findAnswersOfTicket(deps.db, { ticketId: ticket.id, orderId: ticket.orderId });
  const order: Record<string, AnswerValue> = {};
  const own: Record<string, AnswerValue> = {};
  for (const row of rows) (row.ticketId ? own : order)[row.questionId] = row.value;
  return {
    questions: questions.map(forBuyer),
    order,
    ticket: own,
    ticketTypeId: ticket.ticketTypeId,
    editableUntil: canEdit ? cutOff.toISOString() : null,
    canEdit,
  };
}

/**
 * The holder changes their ticket's answers (and, the buyer, the order's) until the cut-off,
 * under the checkout's rules.
 */
export async function editTicketAnswers(
  deps: QuestionDeps,
  params: {
    ticketId: string;
    actor: AuthUser;
    input: {
      order: Record<string, AnswerValue | null>;
      ticket: Record<string, AnswerValue | null>;
    };
  },
): Promise<TicketAnswers> {
  const { ticket, questions, canEdit, orderTypes } = await ticketContext(deps, params);
  if (!canEdit) throw new AppError('CONFLICT', QUESTION_MESSAGES.editClosed);
  const ordersOwn = editsOrderAnswers(params.actor, ticket);
  // A holder who is not the buyer sees the order's answers as they are.
  const current = await getTicketAnswers(deps, params);
  const orderInput = ordersOwn ? params.input.order : current.order;
  const orderPart = checkCheckoutAnswers(
    questions.filter((q) => q.scope === 'order'),
    orderTypes.map((ticketTypeId) => ({ ticketTypeId, quantity: 0 })),
    { order: orderInput, tickets: [] },
  );
  const ticketPart = checkCheckoutAnswers(
    questions,
    [{ ticketTypeId: ticket.ticketTypeId, quantity: 1 }],
    {
      order: orderInput,
      tickets: [{ ticketTypeId: ticket.ticketTypeId, answers: params.input.ticket }],
    },
  );
  const fields = [
    ...(ordersOwn ? orderPart.fields : []),
    ...ticketPart.fields.filter((f) => f.field.startsWith('answers.tickets.')),
  ].map((f) => ({
    message: f.message,
    field: f.field.startsWith('answers.order.')
      ? `body.order.${f.field.slice('answers.order.'.length)}`
      : `body.ticket.${f.field.split('.').at(-1)}`,
  }));
  if (fields.length) throw fieldsError(fields);
  const ordinal = await findTicketOrdinal(deps.db, { ticketId: ticket.id });
  await deps.db.transaction((tx) =>
    replaceTicketAnswers(tx, {
      ticket: { ...ticket, ordinal },
      ticketRows: ticketPart.rows.filter((r) => r.ticketTypeId !== null),
      orderRows: ordersOwn ? orderPart.rows : null,
      now: deps.clock.now(),
    }),
  );
  return getTicketAnswers(deps, params);
}

// ---------------------------------------------------------------------------------------------
// The organizer's reading (attendee list, check-in, exports)

/**
 * Each ticket's answers (its order's included) with the event's questions. `ticketIds` reads a
 * page of tickets; without it, the whole event. Exports call this a batch of tickets at a time.
 */
export async function answersForEvent(
  db: DbExecutor,
  eventId: string,
  options: { ticketIds?: string[] } = {},
): Promise<EventAnswers> {
  const [questions, rows] = await Promise.all([
    findQuestionsOfEvent(db, { eventId }),
    options.ticketIds && !options.ticketIds.length
      ? Promise.resolve([])
      : findAnswersOfTickets(db, { eventId, ticketIds: options.ticketIds }),
  ]);
  const byTicket = new Map<string, Record<string, AnswerValue>>();
  for (const row of rows) {
    const answers = byTicket.get(row.ticketId) ?? {};
    answers[row.questionId] = row.value;
    byTicket.set(row.ticketId, answers);
  }
  return {
    questions: questions.map(present),
    tickets: [...byTicket].map(([ticketId, answers]) => ({ ticketId, answers })),
  };
}

/** The organizer's page of answers: owner or admin of the event. */
export async function listEventAnswers(
  deps: QuestionDeps,
  params: { eventId: string; actor: AuthUser; ticketIds: string[]; checkIn?: boolean },
): Promise<EventAnswers> {
  // The door reads the answers it shows beside a ticket; the rest is the attendee data.
  await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: params.checkIn ? 'check_in' : 'attendees.view',
  });
  const answers = await answersForEvent(deps.db, params.eventId, { ticketIds: params.ticketIds });
  if (!params.checkIn) return answers;
  // The door sees only the questions the organizer chose for it.
  const shown = new Set(answers.questions.filter((q) => q.showAtCheckIn).map((q) => q.id));
  return {
    questions: answers.questions.filter((q) => shown.has(q.id)),
    tickets: answers.tickets.map((t) => ({
      ticketId: t.ticketId,
      answers: Object.fromEntries(Object.entries(t.answers).filter(([id]) => shown.has(id))),
    })),
  };
}
