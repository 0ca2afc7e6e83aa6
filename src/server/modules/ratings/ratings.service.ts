import type { z } from 'zod';
import type { RatingInputSchema } from '../../../contracts/accounts';
import type { RatingPromptType } from '../../../contracts/ratings';
import type { AppDeps } from '../../app-deps';
import type { DbExecutor } from '../../db/client';
import { claimPrompt, findRatingsByType, insertRating } from './ratings.queries';

type RatingDeps = Pick<AppDeps, 'db' | 'clock'>;

/** spec §5: stores one experience rating (signed in, or right after sign-up without a user). */
export async function submitRating(
  deps: RatingDeps,
  params: { userId: string | null; input: z.output<typeof RatingInputSchema> },
): Promise<void> {
  await insertRating(deps.db, {
    userId: params.userId,
    ratingType: params.input.ratingType,
    rating: params.input.rating,
    feedback: params.input.feedback,
    createdAt: deps.clock.now(),
  });
}

/**
 * Whether to open the experience dialog of this type now: true the first time for the account,
 * false ever after, whatever the person did with the dialog (rated, skipped, closed, left).
 */
export async function claimRatingPrompt(
  deps: RatingDeps,
  params: { userId: string; ratingType: RatingPromptType },
): Promise<boolean> {
  return claimPrompt(deps.db, { ...params, now: deps.clock.now() });
}

/** For the admin analytics page: ratings of the period per rating type. */
export function ratingsByType(db: DbExecutor, params: { start: Date; end: Date }) {
  return findRatingsByType(db, params);
}
