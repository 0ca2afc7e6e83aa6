import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { eventQuestions } from './questions';

// Name badges (decision 075): an event's badge templates. Badges themselves are not stored; each
// PDF is drawn from the attendees as they are when it is printed.

export const badgeTemplates = pgTable(
  'badge_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** contracts/badge-layout.ts BADGE_SIZES. */
    size: text('size').notNull(),
    /** The question whose answer prints under the name; a deleted question leaves none. */
    subtitleQuestionId: uuid('subtitle_question_id').references(() => eventQuestions.id, {
      onDelete: 'set null',
    }),
    showTicketType: boolean('show_ticket_type').notNull().default(true),
    showQr: boolean('show_qr').notNull().default(true),
    showLogo: boolean('show_logo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('badge_templates_event_idx').on(t.eventId, t.createdAt)],
);
