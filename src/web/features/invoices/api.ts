import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BillingProfileAnswer,
  BillingProfileInput,
  OrderInvoices,
  ReissueInvoiceInput,
} from '../../../contracts/invoices';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

// Invoices (contracts/invoices.ts): billing profiles and an order's invoices and credit notes.

const enc = encodeURIComponent;

/** Whose billing profile: the signed-in organizer's, or MEA Events' own (admins). */
export type ProfileScope = 'organizer' | 'platform';
const profilePath = (scope: ProfileScope) =>
  scope === 'platform' ? '/api/invoices/platform-profile' : '/api/invoices/profile';

export const invoiceKeys = {
  profile: (scope: ProfileScope) => ['invoices', 'profile', scope] as const,
  order: (orderId: string) => ['invoices', 'order', orderId] as const,
  // The order's buyer and company details, the start of a re-issued invoice.
  orderBillingDetails: (orderId: string) => ['order-billing-details', orderId] as const,
};

export const billingProfileQuery = (scope: ProfileScope) =>
  queryOptions({
    queryKey: invoiceKeys.profile(scope),
    queryFn: ({ signal }) => apiGet<BillingProfileAnswer>(profilePath(scope), { signal }),
  });

export function useSaveBillingProfile(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingProfileInput) =>
      apiRequest<BillingProfileAnswer>(profilePath(scope), { method: 'PUT', body: input }),
    onSuccess: (answer) => client.setQueryData(invoiceKeys.profile(scope), answer),
  });
}

/** POST …/logo (multipart field "logo"), reporting upload progress 0–1. */
export function useUploadInvoiceLogo(scope: ProfileScope, onProgress?: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<BillingProfileAnswer>(`${profilePath(scope)}/logo`, 'logo', file, onProgress),
    onSuccess: (answer) => client.setQueryData(invoiceKeys.profile(scope), answer),
  });
}

export function useRemoveInvoiceLogo(scope: ProfileScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<BillingProfileAnswer>(`${profilePath(scope)}/logo`),
    onSuccess: (answer) => client.setQueryData(invoiceKeys.profile(scope), answer),
  });
}

export const orderInvoicesQuery = (orderId: string) =>
  queryOptions({
    queryKey: invoiceKeys.order(orderId),
    queryFn: ({ signal }) =>
      apiGet<OrderInvoices>(`/api/orders/${enc(orderId)}/invoices`, { signal }),
  });

export function useRequestInvoice(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<OrderInvoices>(`/api/orders/${enc(orderId)}/invoices`),
    onSuccess: (answer) => client.setQueryData(invoiceKeys.order(orderId), answer),
  });
}

/** Cancels an invoice with a credit note and issues it again for the corrected buyer. */
export function useReissueInvoice(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: string; input: ReissueInvoiceInput }) =>
      apiPost<OrderInvoices>(`/api/invoices/${enc(invoiceId)}/reissue`, input),
    onSuccess: (answer) => client.setQueryData(invoiceKeys.order(orderId), answer),
  });
}
