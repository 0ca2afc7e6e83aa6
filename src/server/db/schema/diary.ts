import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { DIARY_MOODS } from '../../../contracts/diary';
import { events } from './events';
import { users } from './users';

// One private diary entry per person and event. Only the owner's own queries read
// these rows (every query is scoped by user_id in its WHERE).
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    notes: text('notes').notNull().default(''),
    mood: text('mood', { enum: DIARY_MOODS }),
    rating: integer('rating'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('diary_entries_user_event_key').on(t.userId, t.eventId),
    check('diary_entries_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const diaryPhotos = pgTable(
  'diary_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => diaryEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diary_photos_entry_idx').on(t.entryId)],
);

// The private calendar feed: only the SHA-256 of the secret in its URL is kept; a new one
// replaces (revokes) the old.
export const diaryFeeds = pgTable('diary_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
