import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { userExperienceRatings, userRatingPrompts } from '../../db/schema/ratings';

export async function insertRating(
  db: DbExecutor,
  values: {
    userId: string | null;
    ratingType: string;
    rating: number;
    feedback: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(userExperienceRatings).values(values);
}

/**
 * Records that the person is being asked this rating type; true only for the first claim. One
 * INSERT guarded by the primary key, so two tabs (or two clicks) cannot both open the dialog.
 */
export async function claimPrompt(
  db: DbExecutor,
  params: { userId: string; ratingType: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(userRatingPrompts)
    .values({ userId: params.userId, ratingType: params.ratingType, askedAt: params.now })
    .onConflictDoNothing()
    .returning({ userId: userRatingPrompts.userId });
  return rows.length > 0;
}

/** Ratings given in [start, end] per type: how many and their average (1-10). */
export async function findRatingsByType(db: DbExecutor, params: { start: Date; end: Date }) {
  const { rows } = await db.execute<{ ratingType: string; count: number; average: number }>(sql`
    select ${userExperienceRatings.ratingType} as "ratingType", count(*)::int as count,
      round(avg(${userExperienceRatings.rating}), 1)::float8 as average
    from ${userExperienceRatings}
    where ${userExperienceRatings.createdAt} >= ${params.start}
      and ${userExperienceRatings.createdAt} <= ${params.end}
    group by 1 order by count desc, 1`);
  return rows;
}
