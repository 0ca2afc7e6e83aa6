import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BestSeats,
  EventSeating,
  EventSeatingInput,
  OrderSeats,
  SeatingPlan,
  SeatingPlanInput,
  SeatingPlanList,
} from '../../../contracts/seating';
import type { Order } from '../../../contracts/tickets';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Seating (contracts/seating.ts): plans, an event's seats, seat orders.

const enc = encodeURIComponent;

export const seatingKeys = {
  plans: ['seating', 'plans'] as const,
  plan: (id: string) => ['seating', 'plan', id] as const,
  event: (eventId: string) => ['seating', 'event', eventId] as const,
  order: (orderId: string) => ['seating', 'order', orderId] as const,
};

export const myPlansQuery = queryOptions({
  queryKey: seatingKeys.plans,
  queryFn: ({ signal }) => apiGet<SeatingPlanList>('/api/seating/plans', { signal }),
});

export const planQuery = (id: string) =>
  queryOptions({
    queryKey: seatingKeys.plan(id),
    queryFn: ({ signal }) => apiGet<SeatingPlan>(`/api/seating/plans/${enc(id)}`, { signal }),
  });

/** The event's seating, or null when it is not sold by seat. */
export const eventSeatingQuery = (eventId: string) =>
  queryOptions({
    queryKey: seatingKeys.event(eventId),
    // null: the event is sold by count.
    queryFn: ({ signal }) =>
      apiGet<EventSeating | null>(`/api/events/${enc(eventId)}/seating`, {
        signal,
        // The seat page's HTML preloads this answer (page-preload.ts): take it.
        preloaded: true,
      }),
  });

export function useSavePlan(planId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SeatingPlanInput) =>
      planId
        ? apiRequest<SeatingPlan>(`/api/seating/plans/${enc(planId)}`, {
            method: 'PUT',
            body: input,
          })
        : apiPost<SeatingPlan>('/api/seating/plans', input),
    onSuccess: (plan) => {
      client.setQueryData(seatingKeys.plan(plan.id), plan);
      void client.invalidateQueries({ queryKey: seatingKeys.plans });
    },
  });
}

export function useSetEventSeating(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventSeatingInput) =>
      apiRequest<EventSeating>(`/api/events/${enc(eventId)}/seating`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (seating) => client.setQueryData(seatingKeys.event(eventId), seating),
  });
}

export const bestSeats = (eventId: string, categoryId: string, quantity: number) =>
  apiPost<BestSeats>(`/api/events/${enc(eventId)}/seating/best`, { categoryId, quantity });

export function useBuySeats(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seatIds: string[]) =>
      apiPost<{ order: Order; seatIds: string[] }>(
        `/api/events/${enc(eventId)}/seat-orders`,
        { seatIds },
        { headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: seatingKeys.event(eventId) }),
  });
}

export const orderSeatsQuery = (orderId: string) =>
  queryOptions({
    queryKey: seatingKeys.order(orderId),
    queryFn: ({ signal }) => apiGet<OrderSeats>(`/api/orders/${enc(orderId)}/seats`, { signal }),
  });
