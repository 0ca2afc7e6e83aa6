import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignInput,
  CampaignSegment,
  EmailCampaignList,
  EmailList,
  EmailListList,
  ImportResult,
  SegmentCount,
  Subscriber,
  SubscriberPageSchema,
} from '../../../contracts/marketing';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export type SubscriberPage = z.infer<typeof SubscriberPageSchema>;

export const marketingKeys = {
  /** Everything marketing: lists, campaigns, counts, and the funnels (their keys start so). */
  all: ['marketing'] as const,
  lists: ['marketing', 'lists'] as const,
  subscribers: (listId: string, page: SubscriberPageQuery) =>
    ['marketing', 'lists', listId, 'subscribers', page] as const,
  campaigns: ['marketing', 'campaigns'] as const,
  segmentCount: (input: { listIds: string[]; segment: CampaignSegment | null }) =>
    ['marketing', 'segment-count', input] as const,
};

export const listsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.lists,
    queryFn: ({ signal }) =>
      apiGet<EmailListList>('/api/marketing/lists', { signal }).then((r) => r.lists),
  });

/** One page of a list's subscribers; `search` matches an address or a name. */
export interface SubscriberPageQuery {
  search: string;
  limit: number;
  offset: number;
}

export const subscribersQuery = (listId: string, page: SubscriberPageQuery) =>
  queryOptions({
    queryKey: marketingKeys.subscribers(listId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        limit: String(page.limit),
        offset: String(page.offset),
      });
      if (page.search) query.set('search', page.search);
      return apiGet<SubscriberPage>(`/api/marketing/lists/${listId}/subscribers?${query}`, {
        signal,
      });
    },
    // The last page stays on screen while the next one loads (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

export const campaignsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.campaigns,
    queryFn: ({ signal }) =>
      apiGet<EmailCampaignList>('/api/marketing/email-campaigns', { signal }).then(
        (r) => r.campaigns,
      ),
    // A campaign being sent reports as it goes.
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === 'sending') ? 2000 : false,
  });

/** Who a campaign to these lists and segment would reach now, and the lists' imported columns. */
export const segmentCountQuery = (input: { listIds: string[]; segment: CampaignSegment | null }) =>
  queryOptions({
    queryKey: marketingKeys.segmentCount(input),
    queryFn: ({ signal }) =>
      apiPost<SegmentCount>('/api/marketing/segments/count', input, { signal }),
    // The last count stays on screen while the next one loads (no flicker while typing).
    placeholderData: keepPreviousData,
    enabled: input.listIds.length > 0,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: marketingKeys.all });
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
