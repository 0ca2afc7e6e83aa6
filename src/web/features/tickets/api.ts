import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CheckoutUrlSchema,
  LocalCheckoutSession,
  LocalPayResultSchema,
  Order,
  OrderInput,
  PaymentSessionSchema,
  PublicAttendingSchema,
  Quote,
  Ticket,
  TicketList,
  TicketTypeListSchema,
} from '../../../contracts/tickets';
import { apiGet, apiPost } from '../../lib/api-client';

// Buyer side of ticketing (contracts/tickets.ts): ticket types, quotes, orders, tickets, payments.

export type TicketTypeList = z.infer<typeof TicketTypeListSchema>;
export type PublicAttending = z.infer<typeof PublicAttendingSchema>;
export type CheckoutUrl = z.infer<typeof CheckoutUrlSchema>;
export type LocalPayResult = z.infer<typeof LocalPayResultSchema>;
export type PaymentSession = z.infer<typeof PaymentSessionSchema>;
export interface LocalPayInput {
  name: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

const enc = encodeURIComponent;

export const ticketKeys = {
  all: ['tickets'] as const,
  types: (eventId: string, code: string | null, access: string | null) =>
    ['tickets', 'types', eventId, code, access] as const,
  quote: (input: OrderInput) => ['tickets', 'quote', input] as const,
  order: (id: string) => ['tickets', 'order', id] as const,
  myOrders: ['tickets', 'my-orders'] as const,
  myTickets: ['tickets', 'mine'] as const,
  ticket: (id: string) => ['tickets', 'ticket', id] as const,
  attending: (eventId: string, access: string | null) =>
    ['tickets', 'attending', eventId, access] as const,
  localSession: (id: string) => ['tickets', 'local-session', id] as const,
  paymentSession: (id: string) => ['tickets', 'payment-session', id] as const,
};

/** GET /api/events/:id/ticket-types: `code` reveals hidden types, `access` opens a private event. */
export const ticketTypesQuery = (eventId: string, code: string | null, access: string | null) =>
  queryOptions({
    queryKey: ticketKeys.types(eventId, code, access),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (code) params.set('code', code);
      if (access) params.set('access', access);
      const qs = params.toString();
      return apiGet<TicketTypeList>(
        `/api/events/${enc(eventId)}/ticket-types${qs ? `?${qs}` : ''}`,
        {
          signal,
        },
      );
    },
  });

/** POST /api/orders/quote: prices, discount and totals for a cart (nothing is held). */
export const quoteQuery = (input: OrderInput) =>
  queryOptions({
    queryKey: ticketKeys.quote(input),
    queryFn: ({ signal }) => apiPost<Quote>('/api/orders/quote', input, { signal }),
    retry: false,
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.order(id),
    queryFn: ({ signal }) => apiGet<Order>(`/api/orders/${enc(id)}`, { signal }),
  });

export const myTicketsQuery = queryOptions({
  queryKey: ticketKeys.myTickets,
  queryFn: ({ signal }) => apiGet<TicketList>('/api/me/tickets', { signal }),
});

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.ticket(id),
    queryFn: ({ signal }) => apiGet<Ticket>(`/api/tickets/${enc(id)}`, { signal }),
  });

export const ticketQrUrl = (id: string) => `/api/tickets/${enc(id)}/qr.svg`;
export const ticketPdfUrl = (id: string) => `/api/tickets/${enc(id)}/pdf`;

export const attendingQuery = (eventId: string, access: string | null) =>
  queryOptions({
    queryKey: ticketKeys.attending(eventId, access),
    queryFn: ({ signal }) =>
      apiGet<PublicAttending>(
        `/api/events/${enc(eventId)}/attending${access ? `?access=${enc(access)}` : ''}`,
        { signal },
      ),
  });

export const localSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.localSession(id),
    queryFn: ({ signal }) =>
      apiGet<LocalCheckoutSession>(`/api/payments/local/sessions/${enc(id)}`, { signal }),
  });

export const paymentSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.paymentSession(id),
    queryFn: ({ signal }) =>
      apiGet<PaymentSession>(`/api/payments/sessions/${enc(id)}`, { signal }),
  });

/** Orders change tickets, remaining stock and my lists: refresh everything ticket-shaped. */
function useTicketsChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
}

/** POST /api/orders with the checkout's Idempotency-Key (same key when retrying the same cart). */
export function useCreateOrder() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) =>
      apiPost<Order>('/api/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: changed,
  });
}

export function useCancelOrder() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (orderId: string) => apiPost<Order>(`/api/orders/${enc(orderId)}/cancel`),
    onSuccess: changed,
  });
}

/** POST /api/events/:id/register: a free ticket (409 when already registered). */
export function useRegister() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: ({
      eventId,
      access,
      ticketTypeId,
      quantity,
      answers,
    }: {
      eventId: string;
      /** A private event's secret link token. */
      access?: string | null;
      ticketTypeId?: string;
      quantity?: number;
      /** Answers to the organizer's checkout questions. */
      answers?: OrderInput['answers'];
    }) =>
      apiPost<Order>(
        `/api/events/${enc(eventId)}/register${access ? `?access=${enc(access)}` : ''}`,
        { ticketTypeId, quantity, answers },
      ),
    onSuccess: changed,
  });
}

/** POST /api/payments/create-checkout for a pending order: pay it again. */
export function usePayOrder() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiPost<CheckoutUrl>('/api/payments/create-checkout', { orderId }),
  });
}

export function useLocalPay(sessionId: string) {
  return useMutation({
    mutationFn: (input: LocalPayInput) =>
      apiPost<LocalPayResult>(`/api/payments/local/sessions/${enc(sessionId)}/pay`, input),
  });
}

export function useLocalConfirm(sessionId: string) {
  return useMutation({
    mutationFn: (approve: boolean) =>
      apiPost<LocalPayResult>(`/api/payments/local/sessions/${enc(sessionId)}/confirm`, {
        approve,
      }),
  });
}

/** POST /api/payments/return: the server creates the payment_success notification (spec §4). */
export function usePaymentReturn() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (input: { sessionId: string; storedAt: number }) =>
      apiPost<PaymentSession>('/api/payments/return', input),
    onSuccess: changed,
  });
}
