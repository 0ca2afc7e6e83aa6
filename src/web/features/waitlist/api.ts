import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutAnswers } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import type {
  MyWaitlistPlaces,
  WaitlistAvailability,
  WaitlistEntry,
  WaitlistJoinInput,
  WaitlistJoinResult,
  WaitlistOverview,
  WaitlistPageQuery,
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

/** One page of the organizer's list (page 1-based, as the server reads it), searched there. */
export const eventWaitlistQuery = (eventId: string, page: WaitlistPageQuery) =>
  queryOptions({
    queryKey: [...waitlistKeys.event(eventId), page] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(page.page),
        pageSize: String(page.pageSize),
      });
      if (page.q) search.set('q', page.q);
      if (page.status) search.set('status', page.status);
      return apiGet<WaitlistOverview>(`/api/waitlist/events/${enc(eventId)}?${search}`, {
        signal,
      });
    },
    // The last page stays on screen while the next one loads (no flash of a spinner).
    placeholderData: keepPreviousData,
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
