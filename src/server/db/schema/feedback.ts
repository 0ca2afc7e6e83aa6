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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

// Event feedback: one rating (1-5 stars) per attendee and event, editable for a week.
export const eventFeedback = pgTable(
  'event_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    // Moderators hide abusive comments; the rating still counts.
    commentHidden: boolean('comment_hidden').notNull().default(false),
    organizerReply: text('organizer_reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    // Answers to the organizer's questions, keyed by question id (text, a choice or 1-5).
    answers: jsonb('answers').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('event_feedback_event_user_key').on(t.eventId, t.userId),
    check('event_feedback_rating_range', sql`${t.rating} between 1 and 5`),
    index('event_feedback_user_idx').on(t.userId),
  ],
);

// The organizer's optional questions for one event's feedback form. Options hold the choices of
// a `choice` question; a `scale` question is answered 1-5, a `text` one in a short line.
export const eventFeedbackQuestions = pgTable(
  'event_feedback_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: ['text', 'choice', 'scale'] }).notNull(),
    label: text('label').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_feedback_questions_event_idx').on(t.eventId, t.position)],
);
