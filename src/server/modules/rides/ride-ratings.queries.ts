import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { rideRatings } from '../../db/schema/rides';

// The people of a ride rating each other after the event.

export async function insertRating(db: DbExecutor, values: typeof rideRatings.$inferInsert) {
  const [row] = await db.insert(rideRatings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function ratingsGivenBy(db: DbExecutor, params: { rideId: string; raterId: string }) {
  return db
    .select({ rateeId: rideRatings.rateeId })
    .from(rideRatings)
    .where(and(eq(rideRatings.rideId, params.rideId), eq(rideRatings.raterId, params.raterId)));
}
