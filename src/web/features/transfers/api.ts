import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TicketTransferList,
  TicketTransferState,
  TransferClaim,
  TransferResult,
  TransferSettings,
} from '../../../contracts/transfers';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { ticketKeys } from '../tickets';

// Ticket transfers (contracts/transfers.ts): the holder's transfer, the claim link, the
// organizer's setting and history.

const enc = encodeURIComponent;

export const transferKeys = {
  all: ['transfers'] as const,
  ticket: (ticketId: string) => ['transfers', 'ticket', ticketId] as const,
  settings: (eventId: string) => ['transfers', 'settings', eventId] as const,
  event: (eventId: string) => ['transfers', 'event', eventId] as const,
  claim: (token: string) => ['transfers', 'claim', token] as const,
};

export const transferStateQuery = (ticketId: string) =>
  queryOptions({
    queryKey: transferKeys.ticket(ticketId),
    queryFn: ({ signal }) =>
      apiGet<TicketTransferState>(`/api/tickets/${enc(ticketId)}/transfer`, { signal }),
  });

export const transferSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: transferKeys.settings(eventId),
    queryFn: ({ signal }) =>
      apiGet<TransferSettings>(`/api/events/${enc(eventId)}/transfer-settings`, { signal }),
  });

export const eventTransfersQuery = (eventId: string) =>
  queryOptions({
    queryKey: transferKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<TicketTransferList>(`/api/events/${enc(eventId)}/transfers`, {
        signal,
      }),
  });

export const claimQuery = (token: string) =>
  queryOptions({
    queryKey: transferKeys.claim(token),
    queryFn: ({ signal }) =>
      apiGet<TransferClaim>(`/api/transfer-claims/${enc(token)}`, { signal }),
    retry: false,
  });

export function useTransferTicket(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiPost<TransferResult>(`/api/tickets/${enc(ticketId)}/transfer`, { email }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: transferKeys.ticket(ticketId) }),
        // The ticket has a new code (none while the transfer waits) or another holder.
        client.invalidateQueries({ queryKey: ticketKeys.all }),
      ]),
  });
}

export function useCancelTransfer(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transferId: string) =>
      apiPost<{ ok: true }>(`/api/transfers/${enc(transferId)}/cancel`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: transferKeys.ticket(ticketId) }),
        // The ticket has a fresh code again.
        client.invalidateQueries({ queryKey: ticketKeys.all }),
      ]),
  });
}

export function useSaveTransferSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferSettings) =>
      apiRequest<TransferSettings>(`/api/events/${enc(eventId)}/transfer-settings`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => client.setQueryData(transferKeys.settings(eventId), saved),
  });
}

export function useClaimTransfer(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ ticketId: string }>(`/api/transfer-claims/${enc(token)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
