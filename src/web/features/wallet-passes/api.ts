import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppleWalletConfigInput,
  GoogleSaveLink,
  PlatformWalletConfig,
  TicketWalletOffers,
  WalletConfig,
  WalletConfigInput,
  WalletKind,
} from '../../../contracts/wallet-passes';
import { apiDelete, apiGet, apiRequest } from '../../lib/api-client';

// Wallet passes (decision 075): the account's pass settings, and a ticket's passes.

const enc = encodeURIComponent;

const walletKeys = {
  own: ['wallet-config'] as const,
  platform: ['platform-wallet'] as const,
  ticket: (ticketId: string) => ['ticket-wallet', ticketId] as const,
};

export const walletConfigQuery = () =>
  queryOptions({
    queryKey: walletKeys.own,
    queryFn: () => apiGet<WalletConfig>('/api/wallet/config'),
  });

/** Whose wallet accounts: the organizer's own, or the platform's (admins, decision 099). */
export type WalletScope = 'own' | 'platform';
const SCOPES = {
  own: { key: walletKeys.own, base: '/api/wallet/config' },
  platform: { key: walletKeys.platform, base: '/api/admin/wallet-passes' },
} as const;

export const platformWalletQuery = () =>
  queryOptions({
    queryKey: SCOPES.platform.key,
    queryFn: () => apiGet<PlatformWalletConfig>(SCOPES.platform.base),
  });

export function useSaveWalletConfig<K extends WalletKind>(kind: K, scope: WalletScope) {
  const client = useQueryClient();
  const { key, base } = SCOPES[scope];
  return useMutation({
    mutationFn: (input: K extends 'apple' ? AppleWalletConfigInput : WalletConfigInput) =>
      apiRequest<WalletConfig>(`${base}/${kind}`, { method: 'PUT', body: input }),
    onSuccess: (config) => client.setQueryData(key, config),
  });
}

export function useRemovePlatformWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: WalletKind) =>
      apiDelete<PlatformWalletConfig>(`${SCOPES.platform.base}/${enc(kind)}`),
    onSuccess: (config) => client.setQueryData(SCOPES.platform.key, config),
  });
}

export const ticketWalletQuery = (ticketId: string) =>
  queryOptions({
    queryKey: walletKeys.ticket(ticketId),
    queryFn: () => apiGet<TicketWalletOffers>(`/api/wallet/tickets/${enc(ticketId)}`),
  });

/** The .pkpass of a ticket: Safari on an iPhone opens it in Wallet. */
export const applePassUrl = (ticketId: string) => `/api/wallet/tickets/${enc(ticketId)}/apple`;

export const googleSaveLink = (ticketId: string) =>
  apiGet<GoogleSaveLink>(`/api/wallet/tickets/${enc(ticketId)}/google`);
