import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  (t) => [check('user_experience_ratings_rating_range', sql`${t.rating} between 1 and 10`)],
);
