import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Without SMTP_URL, outgoing mail is kept here and shown at /dev/mailbox (never in production).
export const capturedEmails = pgTable(
  'captured_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What was attached (names and sizes; the content is not kept). */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; bytes: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captured_emails_to_idx').on(t.to, t.createdAt)],
);
