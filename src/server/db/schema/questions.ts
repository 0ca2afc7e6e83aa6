import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { QUESTION_SCOPES, QUESTION_TYPES, type AnswerValue } from '../../../contracts/questions';
import { events } from './events';
import { orders, tickets, ticketTypes } from './tickets';

// Checkout questions (decision 050): asked once per order or once per ticket of chosen types.
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    scope: text('scope', { enum: QUESTION_SCOPES }).notNull(),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    label: text('label').notNull(),
    helpText: text('help_text').notNull().default(''),
    required: boolean('required').notNull().default(false),
    /** Choices of single and multiple choice questions, in their order. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** The checkbox's link (terms and conditions). */
    linkUrl: text('link_url'),
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
    /** Empty: every ticket type of the event. */
    ticketTypeIds: uuid('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Shown only when that question's answer is one of `conditionValues`. */
    conditionQuestionId: uuid('condition_question_id'),
    conditionValues: jsonb('condition_values').$type<string[]>().notNull().default([]),
    showAtCheckIn: boolean('show_at_check_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_questions_event_idx').on(t.eventId, t.position)],
);

/** Per event: until when attendees may change their answers (null: until the event starts). */
export const eventQuestionSettings = pgTable('event_question_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  answersEditableUntil: timestamp('answers_editable_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Answers are written with the pending order (so a failed payment keeps them) and tied to their
// ticket when the order is fulfilled: per-ticket answers name the ticket by its type and its
// place among the order's tickets of that type.
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    /** Null for a per-order answer. */
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'cascade' }),
    /** 0-based place among the order's tickets of `ticketTypeId`; 0 for a per-order answer. */
    ordinal: integer('ordinal').notNull().default(0),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('question_answers_order_idx').on(t.orderId),
    index('question_answers_ticket_idx').on(t.ticketId),
    index('question_answers_question_idx').on(t.questionId),
    check('question_answers_ordinal_nonnegative', sql`${t.ordinal} >= 0`),
  ],
);
