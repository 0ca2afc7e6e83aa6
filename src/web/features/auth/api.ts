import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '../../../contracts/accounts';
import type { SessionResponse, SessionUser, SignInInput } from '../../../contracts/auth';
import type { SignInResponse } from '../../../contracts/two-factor';
import { apiPost } from '../../lib/api-client';
import { SESSION_QUERY_KEY } from '../session';

type Ok = { ok: true };

/**
 * POST /api/auth/sign-in → the user (the HttpOnly cookie arrives with the answer), or no user yet
 * and the second step two-factor sign-in asks for.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => apiPost<SignInResponse>('/api/auth/sign-in', input),
  });
}

/**
 * Puts a freshly signed-in user into the session cache, which every guard and the header read.
 * Separate from the mutation so the auth page can choose the landing page first.
 */
export function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    // Anything cached for a previous visitor is not this user's.
    queryClient.removeQueries({
      predicate: (q) => !['site', 'session'].includes(String(q.queryKey[0])),
    });
    queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user });
  };
}

/** POST /api/auth/sign-up → 201 `{ ok, email }`; the account waits for its confirmation link. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiPost<{ ok: true; email: string }>('/api/auth/sign-up', input),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => apiPost<Ok>('/api/auth/resend-confirmation', { email }),
  });
}

/** Same answer whether or not the email has an account (no way to probe who is registered). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiPost<Ok>('/api/auth/password-reset/request', { email }),
  });
}

/** Sets a new password from a reset link; the server ends every session of the account. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      apiPost<Ok>('/api/auth/password-reset', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

/** Signed in: change the password; the server ends the account's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string; confirmPassword: string }) =>
      apiPost<Ok>('/api/auth/password', input),
  });
}
