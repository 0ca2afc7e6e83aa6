import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppleWalletConfigInput,
  TicketWalletOffers,
  WalletConfig,
  WalletConfigInput,
} from '../../../contracts/wallet-passes';
import { apiGet, apiRequest } from '../../lib/api-client';

// Wallet passes (decision 075): the account's pass settings, and a ticket's passes.

const enc = encodeURIComponent;

export const walletConfigQuery = () =>
  queryOptions({
    queryKey: ['wallet-config'],
    queryFn: () => apiGet<WalletConfig>('/api/wallet/config'),
  });

export function useSaveWalletConfig<K extends 'apple' | 'google'>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: K extends 'apple' ? AppleWalletConfigInput : WalletConfigInput) =>
      apiRequest<WalletConfig>(`/api/wallet/config/${kind}`, { method: 'PUT', body: input }),
    onSuccess: (config) => client.setQueryData(['wallet-config'], config),
  });
}

export const ticketWalletQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['ticket-wallet', ticketId],
    queryFn: () => apiGet<TicketWalletOffers>(`/api/wallet/tickets/${enc(ticketId)}`),
  });

/** The .pkpass of a ticket: Safari on an iPhone opens it in Wallet. */
export const applePassUrl = (ticketId: string) => `/api/wallet/tickets/${enc(ticketId)}/apple`;

export const googleSaveLink = (ticketId: string) =>
  apiGet<{ url: string }>(`/api/wallet/tickets/${enc(ticketId)}/google`);
