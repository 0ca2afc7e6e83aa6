import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignInput,
  CampaignSegment,
  EmailList,
  ImportResult,
  SegmentCount,
  Subscriber,
} from '../../../contracts/marketing';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export const marketingKeys = {
  lists: ['marketing', 'lists'] as const,
  subscribers: (listId: string, search: string) =>
    ['marketing', 'lists', listId, 'subscribers', search] as const,
  campaigns: ['marketing', 'campaigns'] as const,
};

export const listsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.lists,
    queryFn: ({ signal }) =>
      apiGet<{ lists: EmailList[] }>('/api/marketing/lists', { signal }).then((r) => r.lists),
  });

export const subscribersQuery = (listId: string, search: string) =>
  queryOptions({
    queryKey: marketingKeys.subscribers(listId, search),
    queryFn: ({ signal }) =>
      apiGet<{ subscribers: Subscriber[]; total: number }>(
        `/api/marketing/lists/${listId}/subscribers?limit=50&search=${encodeURIComponent(search)}`,
        { signal },
      ),
  });

export const campaignsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.campaigns,
    queryFn: ({ signal }) =>
      apiGet<{ campaigns: Campaign[] }>('/api/marketing/email-campaigns', { signal }).then(
        (r) => r.campaigns,
      ),
    // A campaign being sent reports as it goes.
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === 'sending') ? 2000 : false,
  });

/** Who a campaign to these lists and segment would reach now, and the lists' imported columns. */
export const segmentCountQuery = (input: { listIds: string[]; segment: CampaignSegment | null }) =>
  queryOptions({
    queryKey: ['marketing', 'segment-count', input] as const,
    queryFn: ({ signal }) =>
      apiPost<SegmentCount>('/api/marketing/segments/count', input, { signal }),
    // The last count stays on screen while the next one loads (no flicker while typing).
    placeholderData: keepPreviousData,
    enabled: input.listIds.length > 0,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['marketing'] });
}

export function useCreateList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: Partial<EmailList> & { name: string }) =>
      apiPost<EmailList>('/api/marketing/lists', input),
    onSuccess: invalidate,
  });
}

export function useDeleteList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/marketing/lists/${id}`),
    onSuccess: invalidate,
  });
}

export function useAddSubscriber(listId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { email: string; name: string }) =>
      apiPost<Subscriber>(`/api/marketing/lists/${listId}/subscribers`, input),
    onSuccess: invalidate,
  });
}

export interface ImportChunk {
  header: string[];
  rows: string[][];
  mapping: { email: number; name: number | null; attributes: number[] };
  firstRowNumber: number;
}

export const importChunk = (listId: string, chunk: ImportChunk) =>
  apiPost<ImportResult>(`/api/marketing/lists/${listId}/import`, chunk);

export function useSaveCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Partial<CampaignInput> }) =>
      id
        ? apiPatch<Campaign>(`/api/marketing/email-campaigns/${id}`, input)
        : apiPost<Campaign>('/api/marketing/email-campaigns', input),
    onSuccess: invalidate,
  });
}

export function useCampaignAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      action,
      scheduledAt,
    }: {
      id: string;
      action: 'send' | 'test' | 'pause' | 'cancel';
      scheduledAt?: string;
    }) =>
      apiPost<Campaign | { to: string }>(
        `/api/marketing/email-campaigns/${id}/${action}`,
        action === 'send' ? { scheduledAt: scheduledAt ?? null } : undefined,
      ),
    onSuccess: invalidate,
  });
}
