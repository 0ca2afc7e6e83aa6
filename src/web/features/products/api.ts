import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ManagedProduct,
  ManagedProductListSchema,
  ProductInput,
  ProductListSchema,
} from '../../../contracts/products';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Products and add-ons (decision 051): the buyer's list beside the tickets, the organizer's
// catalogue with its variations and add-on rules.

export type ProductList = z.infer<typeof ProductListSchema>;
export type ManagedProductList = z.infer<typeof ManagedProductListSchema>;

const enc = encodeURIComponent;

export const productKeys = {
  /** The buyer's and the organizer's lists of one event. */
  ofEvent: (eventId: string) => ['products', eventId] as const,
  buyer: (eventId: string, access: string | null) => ['products', eventId, access] as const,
  managed: (eventId: string) => ['products', eventId, 'manage'] as const,
};

export const productsQuery = (eventId: string, access: string | null = null) =>
  queryOptions({
    queryKey: productKeys.buyer(eventId, access),
    queryFn: ({ signal }) =>
      apiGet<ProductList>(
        `/api/events/${enc(eventId)}/products${access ? `?access=${enc(access)}` : ''}`,
        { signal },
      ),
  });

export const managedProductsQuery = (eventId: string) =>
  queryOptions({
    queryKey: productKeys.managed(eventId),
    queryFn: ({ signal }) =>
      apiGet<ManagedProductList>(`/api/events/${enc(eventId)}/products/manage`, { signal }),
  });

function useChanged(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.ofEvent(eventId) });
}

export function useSaveProduct(eventId: string) {
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      id
        ? apiRequest<ManagedProduct>(`/api/products/${enc(id)}`, { method: 'PUT', body: input })
        : apiPost<ManagedProduct>(`/api/events/${enc(eventId)}/products`, input),
    onSuccess: changed,
  });
}

export function useDeleteProduct(eventId: string) {
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/products/${enc(id)}`),
    onSuccess: changed,
  });
}
