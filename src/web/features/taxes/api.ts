import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPlatformTaxRates,
  EventTaxSettings,
  EventTaxSettingsInput,
  PlatformChargeKind,
  PlatformTaxItemChoices,
  PlatformTaxRateInput,
  PublicPlatformTaxRates,
  TaxRate,
  TaxRateInput,
  TaxSummary,
} from '../../../contracts/taxes';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Tax rates, an event's tax settings and an order's tax (decision 058).

const enc = encodeURIComponent;

export const taxKeys = {
  rates: ['tax-rates'] as const,
  event: (eventId: string) => ['tax-settings', eventId] as const,
  order: (orderId: string) => ['order-tax', orderId] as const,
  platform: ['admin', 'platform-tax-rates'] as const,
  items: (kind: PlatformChargeKind, q: string) => ['admin', 'platform-tax-items', kind, q] as const,
  publicPlatform: ['platform-tax-rates'] as const,
};

export const eventTaxSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: taxKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<EventTaxSettings>(`/api/events/${enc(eventId)}/tax-settings`, { signal }),
  });

export const orderTaxQuery = (orderId: string) =>
  queryOptions({
    queryKey: taxKeys.order(orderId),
    queryFn: ({ signal }) => apiGet<TaxSummary>(`/api/orders/${enc(orderId)}/tax`, { signal }),
  });

function useInvalidate(eventId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: taxKeys.event(eventId) }),
      client.invalidateQueries({ queryKey: taxKeys.rates }),
    ]);
}

export function useCreateTaxRate(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (input: TaxRateInput) => apiPost<TaxRate>('/api/tax-rates', input),
    onSuccess: invalidate,
  });
}

export function useDeleteTaxRate(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/tax-rates/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useSaveEventTaxSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventTaxSettingsInput) =>
      apiRequest<EventTaxSettings>(`/api/events/${enc(eventId)}/tax-settings`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => client.setQueryData(taxKeys.event(eventId), saved),
  });
}

// The tax on MEA Events' own charges, one rate per kind of charge (admin, decision 081).

export const platformTaxRatesQuery = queryOptions({
  queryKey: taxKeys.platform,
  queryFn: ({ signal }) =>
    apiGet<AdminPlatformTaxRates>('/api/admin/platform-tax-rates', { signal }),
});

export function useSetPlatformTaxRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: PlatformChargeKind; input: PlatformTaxRateInput }) =>
      apiRequest<AdminPlatformTaxRates>(`/api/admin/platform-tax-rates/${enc(kind)}`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (rates) => client.setQueryData(taxKeys.platform, rates),
  });
}

export function useRemovePlatformTaxRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: PlatformChargeKind) =>
      apiDelete<AdminPlatformTaxRates>(`/api/admin/platform-tax-rates/${enc(kind)}`),
    onSuccess: (rates) => client.setQueryData(taxKeys.platform, rates),
  });
}

// … and per plan, vendor fee or campaign (decision 093).

export const platformTaxItemChoicesQuery = (kind: PlatformChargeKind, q: string) =>
  queryOptions({
    queryKey: taxKeys.items(kind, q),
    queryFn: ({ signal }) =>
      apiGet<PlatformTaxItemChoices>(
        `/api/admin/platform-tax-items?kind=${enc(kind)}${q ? `&q=${enc(q)}` : ''}`,
        { signal },
      ),
  });

interface ItemRef {
  kind: PlatformChargeKind;
  itemId: string;
}
const itemUrl = ({ kind, itemId }: ItemRef) =>
  `/api/admin/platform-tax-rates/${enc(kind)}/items/${enc(itemId)}`;

export function useSetPlatformTaxItemRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ...item }: ItemRef & { input: PlatformTaxRateInput }) =>
      apiRequest<AdminPlatformTaxRates>(itemUrl(item), { method: 'PUT', body: input }),
    onSuccess: (rates) => client.setQueryData(taxKeys.platform, rates),
  });
}

export function useRemovePlatformTaxItemRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: ItemRef) => apiDelete<AdminPlatformTaxRates>(itemUrl(item)),
    onSuccess: (rates) => client.setQueryData(taxKeys.platform, rates),
  });
}

/** The rates inside MEA Events' prices, read by anyone; they change a few times a year. */
export const publicPlatformTaxRatesQuery = queryOptions({
  queryKey: taxKeys.publicPlatform,
  queryFn: ({ signal }) => apiGet<PublicPlatformTaxRates>('/api/platform-tax-rates', { signal }),
  staleTime: 5 * 60_000,
});
