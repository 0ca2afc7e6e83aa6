import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceSessionList } from '../../../contracts/devices';
import type { SignInResponse } from '../../../contracts/two-factor';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';

const deviceKeys = { sessions: ['devices', 'sessions'] as const };

export const deviceSessionsQuery = queryOptions({
  queryKey: deviceKeys.sessions,
  queryFn: ({ signal }) => apiGet<DeviceSessionList>('/api/devices/sessions', { signal }),
});

/** Signs one of my sessions out; the list reloads. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/devices/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQuery.queryKey }),
  });
}

/** Signs every other session out; this one stays. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ signedOut: number }>('/api/devices/sessions/sign-out-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQuery.queryKey }),
  });
}

/** Same answer whether or not the email has an account (no way to probe who is registered). */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiPost<{ ok: true }>('/api/auth/sign-in-link/request', { email }),
  });
}

/** Signs in with a mailed link's token (once, within 15 minutes); two-factor accounts go on. */
export function useSignInWithLink() {
  return useMutation({
    mutationFn: (token: string) => apiPost<SignInResponse>('/api/auth/sign-in-link', { token }),
  });
}
