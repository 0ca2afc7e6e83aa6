import { useMutation } from '@tanstack/react-query';
import type { RatingInput } from '../../../contracts/accounts';
import type { RatingPrompt } from '../../../contracts/ratings';
import { apiPost } from '../../lib/api-client';

/** POST /api/ratings → 201 (user_experience_ratings; works right after sign-up, before a session). */
export function useSubmitRating() {
  return useMutation({
    mutationFn: (input: RatingInput) => apiPost<{ ok: true }>('/api/ratings', input),
  });
}

/**
 * POST /api/ratings/prompts → { ask }: true the first time this account meets the question of
 * `ratingType`, false ever after (the server records it when the dialog opens).
 */
export const claimRatingPrompt = (ratingType: string) =>
  apiPost<RatingPrompt>('/api/ratings/prompts', { ratingType });
