import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { SessionResponse, SessionUser } from '../../../contracts/auth';
import { apiGet, apiPost } from '../../lib/api-client';

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

export const SIGN_OUT_TOASTS = {
  ok: { title: 'Signed out' },
  warning: {
    title: 'Sign out warning',
    description:
      'You have been signed out locally, but there may have been an issue with the server.',
  },
} as const;

/**
 * spec §4: sign-out clears the local user first, then signs out on the server; spec §8 toasts
 * say whether the server part worked.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      // Drop everything cached for this user; public site settings survive.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' });
      queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user: null });
      await apiPost<{ ok: true }>('/api/auth/sign-out');
    },
    onSuccess: () => toast.success(SIGN_OUT_TOASTS.ok.title),
    onError: () =>
      toast.warning(SIGN_OUT_TOASTS.warning.title, {
        description: SIGN_OUT_TOASTS.warning.description,
      }),
  });
}
