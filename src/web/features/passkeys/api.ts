import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyList, SessionResponse } from '../../../contracts/auth';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';

interface StartedCeremony<O> {
  challengeId: string;
  options: O;
}

const passkeyKeys = {
  all: ['passkeys'] as const,
  // What the device offers, not the account's passkeys: outside `all`.
  platformAuthenticator: ['platform-authenticator'] as const,
};

export const passkeysQuery = queryOptions({
  queryKey: passkeyKeys.all,
  queryFn: ({ signal }) => apiGet<PasskeyList>('/api/auth/passkeys', { signal }),
  select: (data) => data.passkeys,
});

export type PlatformAuthenticator = 'checking' | 'available' | 'unavailable';

/**
 * spec §5: face recognition (a passkey) only when the device has a user-verifying platform
 * authenticator. Asked once per page view; a browser without WebAuthn simply has none.
 */
export async function isPlatformAuthenticatorAvailable(): Promise<boolean> {
  try {
    if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
    return await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

export function usePlatformAuthenticator(): PlatformAuthenticator {
  const { data } = useQuery({
    queryKey: passkeyKeys.platformAuthenticator,
    queryFn: isPlatformAuthenticatorAvailable,
    staleTime: Infinity,
    retry: false,
  });
  if (data === undefined) return 'checking';
  return data ? 'available' : 'unavailable';
}

/** Register a passkey for the signed-in user: options → the device's prompt → verify. */
export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name?: string) => {
      const started = await apiPost<StartedCeremony<PublicKeyCredentialCreationOptionsJSON>>(
        '/api/auth/passkeys/register/options',
      );
      const response = await startRegistration({ optionsJSON: started.options });
      return apiPost<Passkey>('/api/auth/passkeys/register/verify', {
        challengeId: started.challengeId,
        response,
        name: name?.trim() || undefined,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiDelete<{ ok: true }>(`/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

/** Sign in with a passkey (discoverable credential: no email typed); sets the session cookie. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const started = await apiPost<StartedCeremony<PublicKeyCredentialRequestOptionsJSON>>(
        '/api/auth/passkeys/sign-in/options',
      );
      const response = await startAuthentication({ optionsJSON: started.options });
      return apiPost<SessionResponse>('/api/auth/passkeys/sign-in/verify', {
        challengeId: started.challengeId,
        response,
      });
    },
  });
}
