import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

// spec §3 user_experience_ratings. user_id is empty for a rating given right after sign-up,
// before the new account has confirmed its email and signed in.
export const userExperienceRatings = pgTable(
  'user_experience_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ratingType: text('rating_type').notNull(),
    rating: integer('rating').notNull(),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_experience_ratings_rating_range', sql`${t.rating} between 1 and 10`),
    // Admin analytics group the ratings of a period by type.
    index('user_experience_ratings_created_idx').on(t.createdAt),
  ],
);

// Who has been asked the experience question of a rating type. The dialog after a
// checkout or the first event opens once per account and type, never again, also when the
// person dismissed it: the row is written when the dialog opens (the primary key makes the
// first claim win), not when a rating is sent.
export const userRatingPrompts = pgTable(
  'user_rating_prompts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingType: text('rating_type').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ratingType] })],
);
