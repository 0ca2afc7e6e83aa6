import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '../../../contracts/auth';
import type {
  RecoveryCodes,
  SecondFactorInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../contracts/two-factor';
import { apiGet, apiPost } from '../../lib/api-client';

const twoFactorKeys = { all: ['two-factor'] as const };

export const twoFactorQuery = queryOptions({
  queryKey: twoFactorKeys.all,
  queryFn: ({ signal }) => apiGet<TwoFactorStatus>('/api/auth/two-factor', { signal }),
});

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}

export const useStartSetup = () =>
  useMutation({ mutationFn: () => apiPost<TwoFactorSetup>('/api/auth/two-factor/setup') });

export const useConfirmSetup = () =>
  useInvalidating((code: string) =>
    apiPost<RecoveryCodes>('/api/auth/two-factor/enable', { code }),
  );

export const useNewRecoveryCodes = () =>
  useInvalidating(() => apiPost<RecoveryCodes>('/api/auth/two-factor/recovery-codes'));

export const useTurnOff = () =>
  useInvalidating(() => apiPost<{ ok: true }>('/api/auth/two-factor/disable'));

/** The sign-in's second step: a code from the app or a recovery code. */
export const useSecondFactor = () =>
  useMutation({
    mutationFn: (input: SecondFactorInput) =>
      apiPost<SessionResponse>('/api/auth/two-factor/sign-in', input),
  });

async function passkeyAssertion() {
  const started = await apiPost<{
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>('/api/auth/passkeys/sign-in/options');
  const response = await startAuthentication({ optionsJSON: started.options });
  return { challengeId: started.challengeId, response };
}

/** The sign-in's second step with a passkey of the account. */
export const usePasskeySecondFactor = () =>
  useMutation({
    mutationFn: async (trustDevice: boolean) =>
      apiPost<SessionResponse>('/api/auth/two-factor/sign-in/passkey', {
        ...(await passkeyAssertion()),
        trustDevice,
      }),
  });

export const reauthWithPassword = (password: string) =>
  apiPost<{ ok: true }>('/api/auth/two-factor/reauth', { password });

export const reauthWithPasskey = async () =>
  apiPost<{ ok: true }>('/api/auth/two-factor/reauth/passkey', await passkeyAssertion());
