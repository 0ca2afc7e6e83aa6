import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../../contracts/auth';
import { apiGet } from '../../lib/api-client';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * GET /api/auth/session → `{ user | null }`. The session only changes through sign-in and
 * sign-out, which write this cache themselves, so it stays fresh for a while.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => apiGet<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 5 * 60 * 1000,
});

export interface SessionState {
  user: SessionUser | null;
  /** True until the first answer (or failure): guards wait instead of redirecting early. */
  isLoading: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQuery);
  // A failed session lookup leaves the visitor signed out rather than stuck on a spinner.
  return { user: data?.user ?? null, isLoading: isPending && data === undefined };
}
