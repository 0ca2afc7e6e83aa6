import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutAnswers } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import type {
  MyWaitlistPlaces,
  WaitlistAvailability,
  WaitlistEntry,
  WaitlistJoinInput,
  WaitlistJoinResult,
  WaitlistOverview,
  WaitlistPlace,
  WaitlistSettings,
} from '../../../contracts/waitlist';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Waiting lists (contracts/waitlist.ts): joining, a place behind its link, the organizer's list.

const enc = encodeURIComponent;

export const waitlistKeys = {
  all: ['waitlist'] as const,
  availability: (eventId: string) => ['waitlist', 'availability', eventId] as const,
  place: (token: string) => ['waitlist', 'place', token] as const,
  mine: ['waitlist', 'mine'] as const,
  event: (eventId: string) => ['waitlist', 'event', eventId] as const,
};

export const waitlistAvailabilityQuery = (eventId: string) =>
  queryOptions({
    queryKey: waitlistKeys.availability(eventId),
    queryFn: ({ signal }) =>
      apiGet<WaitlistAvailability>(`/api/waitlist/events/${enc(eventId)}/availability`, {
        signal,
      }),
  });

export const placeQuery = (token: string) =>
  queryOptions({
    queryKey: waitlistKeys.place(token),
    queryFn: ({ signal }) =>
      apiGet<WaitlistPlace>(`/api/waitlist/places/${enc(token)}`, { signal }),
  });

export const myPlacesQuery = queryOptions({
  queryKey: waitlistKeys.mine,
  queryFn: ({ signal }) => apiGet<MyWaitlistPlaces>('/api/waitlist/mine', { signal }),
});

export const eventWaitlistQuery = (eventId: string) =>
  queryOptions({
    queryKey: waitlistKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<WaitlistOverview>(`/api/waitlist/events/${enc(eventId)}`, { signal }),
  });

export function useJoinWaitlist(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WaitlistJoinInput) => apiPost<WaitlistJoinResult>('/api/waitlist', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: waitlistKeys.availability(eventId) });
      void client.invalidateQueries({ queryKey: waitlistKeys.mine });
    },
  });
}

/** confirm, leave, decline: each answers the place as it now is. */
export function usePlaceAction(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'confirm' | 'leave' | 'decline') =>
      apiPost<WaitlistPlace>(`/api/waitlist/places/${enc(token)}/${action}`),
    onSuccess: (place) => {
      client.setQueryData(waitlistKeys.place(token), place);
      void client.invalidateQueries({ queryKey: waitlistKeys.mine });
    },
  });
}

export function useClaimOffer(token: string) {
  return useMutation({
    mutationFn: (answers: CheckoutAnswers | null) =>
      apiPost<Order>(`/api/waitlist/places/${enc(token)}/claim`, { answers }),
  });
}

export function useSaveWaitlistSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WaitlistSettings) =>
      apiRequest<WaitlistSettings>(`/api/waitlist/events/${enc(eventId)}/settings`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }),
  });
}

export function useEntryAction(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'offer' | 'remove' }) =>
      apiPost<WaitlistEntry>(`/api/waitlist/entries/${enc(id)}/${action}`),
    onSettled: () => void client.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }),
  });
}
