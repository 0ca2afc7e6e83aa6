import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '../../../contracts/auth';
import { apiPost } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { SESSION_QUERY_KEY } from './api';

// Apart from api.ts, which every route guard and the header read on the first paint: signing out
// is only offered by the user menu and the admin layout, both loaded later, so the mutation
// machinery (useMutation and its observer) stays out of the entry chunk (decision 016).

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
