import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CapacityPool,
  CapacityPoolInput,
  CapacityPoolList,
} from '../../../contracts/capacity-pools';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { ticketKeys } from '../tickets';
import { adminKeys } from './api';

// An event's capacity pools (decision 052): under the event's ticket-admin key, so a sale or a
// ticket type change refreshes them with everything else on the page.

const enc = encodeURIComponent;
const poolsKey = (eventId: string) => [...adminKeys.event(eventId), 'pools'] as const;

export const capacityPoolsQuery = (eventId: string) =>
  queryOptions({
    queryKey: poolsKey(eventId),
    queryFn: ({ signal }) =>
      apiGet<CapacityPoolList>(`/api/events/${enc(eventId)}/capacity-pools`, { signal }),
  });

function useChanged(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.event(eventId) });
    // Buyers' availability is the smaller of a type and its pools.
    void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  };
}

export function useSaveCapacityPool(eventId: string) {
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CapacityPoolInput }) =>
      id
        ? apiPatch<CapacityPool>(`/api/capacity-pools/${enc(id)}`, input)
        : apiPost<CapacityPool>(`/api/events/${enc(eventId)}/capacity-pools`, input),
    onSuccess: changed,
  });
}

export function useDeleteCapacityPool(eventId: string) {
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/capacity-pools/${enc(id)}`),
    onSuccess: changed,
  });
}
