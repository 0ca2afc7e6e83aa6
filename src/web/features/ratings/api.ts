import { useMutation } from '@tanstack/react-query';
import type { RatingInput } from '../../../contracts/accounts';
import { apiPost } from '../../lib/api-client';

/** POST /api/ratings → 201 (user_experience_ratings; works right after sign-up, before a session). */
export function useSubmitRating() {
  return useMutation({
    mutationFn: (input: RatingInput) => apiPost<{ ok: true }>('/api/ratings', input),
  });
}
