import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AttendeeListQuery,
  AttendeeListSchema,
  CheckInResultSchema,
  DiscountCode,
  DiscountCodeInput,
  DiscountCodeList,
  EventOrderListQuery,
  EventOrderListSchema,
  ManagedTicketType,
  ManagedTicketTypeListSchema,
  Order,
  Sales,
  TicketTypeInput,
} from '../../../contracts/tickets';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { ticketKeys } from '../tickets';
import type { Ok } from '../../../contracts/accounts';

// The organizer's side of ticketing (event owner or admin): types, codes, attendees, check-in.

export type ManagedTicketTypeList = z.infer<typeof ManagedTicketTypeListSchema>;
export type AttendeeList = z.infer<typeof AttendeeListSchema>;
export type AttendeePage = AttendeeListQuery;
export type EventOrderList = z.infer<typeof EventOrderListSchema>;
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

const enc = encodeURIComponent;
/** Live counters refresh this often on the organizer's pages. */
export const SALES_POLL_MS = 10_000;

export const adminKeys = {
  event: (eventId: string) => ['ticket-admin', eventId] as const,
  types: (eventId: string) => ['ticket-admin', eventId, 'types'] as const,
  codes: (eventId: string) => ['ticket-admin', eventId, 'codes'] as const,
  attendees: (eventId: string) => ['ticket-admin', eventId, 'attendees'] as const,
  orders: (eventId: string) => ['ticket-admin', eventId, 'orders'] as const,
  sales: (eventId: string) => ['ticket-admin', eventId, 'sales'] as const,
  salesChannels: (eventId: string, day: string | null) =>
    ['ticket-admin', eventId, 'sales-channels', day] as const,
};

export const managedTypesQuery = (eventId: string) =>
  queryOptions({
    queryKey: adminKeys.types(eventId),
    queryFn: ({ signal }) =>
      apiGet<ManagedTicketTypeList>(`/api/events/${enc(eventId)}/ticket-types/manage`, { signal }),
  });

export const discountCodesQuery = (eventId: string) =>
  queryOptions({
    queryKey: adminKeys.codes(eventId),
    queryFn: ({ signal }) =>
      apiGet<DiscountCodeList>(`/api/events/${enc(eventId)}/discount-codes`, {
        signal,
      }),
  });

/** One page of the event's attendees (page 1-based, as the server reads it). */
export const attendeesQuery = (eventId: string, page: AttendeePage) =>
  queryOptions({
    queryKey: [...adminKeys.attendees(eventId), page] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(page.page),
        pageSize: String(page.pageSize),
      });
      if (page.q) search.set('q', page.q);
      return apiGet<AttendeeList>(`/api/events/${enc(eventId)}/attendees?${search}`, { signal });
    },
    // The last page stays on screen while the next one loads (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

/** One page of the event's settled orders, newest first (page 1-based). */
export const eventOrdersQuery = (eventId: string, page: EventOrderListQuery) =>
  queryOptions({
    queryKey: [...adminKeys.orders(eventId), page] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(page.page),
        pageSize: String(page.pageSize),
      });
      if (page.q) search.set('q', page.q);
      return apiGet<EventOrderList>(`/api/events/${enc(eventId)}/orders?${search}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const salesQuery = (eventId: string) =>
  queryOptions({
    queryKey: adminKeys.sales(eventId),
    queryFn: ({ signal }) => apiGet<Sales>(`/api/events/${enc(eventId)}/sales`, { signal }),
    refetchInterval: SALES_POLL_MS,
  });

export const attendeesCsvUrl = (eventId: string) => `/api/events/${enc(eventId)}/attendees.csv`;

/**
 * Resolves once the person's password or passkey was checked in the last ten minutes, asking for
 * it if not (the dialog comes with the 403): a download opened as a plain link could not ask.
 */
export const confirmRecentAuth = () => apiGet<Ok>('/api/auth/two-factor/reauth');

/** Anything sold, held, refunded or checked in changes every organizer view of the event. */
function useEventChanged(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.event(eventId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  };
}

export function useSaveTicketType(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TicketTypeInput }) =>
      id
        ? apiPatch<ManagedTicketType>(`/api/ticket-types/${enc(id)}`, input)
        : apiPost<ManagedTicketType>(`/api/events/${enc(eventId)}/ticket-types`, input),
    onSuccess: changed,
  });
}

export function useDeleteTicketType(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/ticket-types/${enc(id)}`),
    onSuccess: changed,
  });
}

export function useCreateDiscountCode(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: (input: DiscountCodeInput) =>
      apiPost<DiscountCode>(`/api/events/${enc(eventId)}/discount-codes`, input),
    onSuccess: changed,
  });
}

export function useSetDiscountCodeActive(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiPatch<DiscountCode>(`/api/discount-codes/${enc(id)}`, { isActive }),
    onSuccess: changed,
  });
}

export function useDeleteDiscountCode(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/discount-codes/${enc(id)}`),
    onSuccess: changed,
  });
}

export function useCheckIn(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: (code: string) =>
      apiPost<CheckInResult>(`/api/events/${enc(eventId)}/check-in`, { code }),
    onSuccess: changed,
  });
}

export function useRefundOrder(eventId: string) {
  const changed = useEventChanged(eventId);
  return useMutation({
    mutationFn: ({
      orderId,
      amountCents,
      reason,
    }: {
      orderId: string;
      amountCents?: number;
      reason?: string;
    }) => apiPost<Order>(`/api/orders/${enc(orderId)}/refund`, { amountCents, reason }),
    onSuccess: changed,
  });
}
