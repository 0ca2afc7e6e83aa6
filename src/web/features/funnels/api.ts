import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Funnel,
  FunnelDocument,
  FunnelList,
  FunnelReportSchema,
  PublicFunnel,
} from '../../../contracts/marketing';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';

export type FunnelSummary = FunnelList['funnels'][number];

// Under the marketing root, so the email lists' "refresh everything marketing" reaches them too.
const funnelKeys = {
  all: ['marketing', 'funnels'] as const,
  one: (id: string) => ['marketing', 'funnels', id] as const,
  report: (id: string) => ['marketing', 'funnels', id, 'report'] as const,
  published: (slug: string) => ['public-funnel', slug] as const,
};

export const funnelsQuery = () =>
  queryOptions({
    queryKey: funnelKeys.all,
    queryFn: ({ signal }) =>
      apiGet<FunnelList>('/api/marketing/funnels', { signal }).then((r) => r.funnels),
  });

export const funnelQuery = (id: string) =>
  queryOptions({
    queryKey: funnelKeys.one(id),
    queryFn: ({ signal }) => apiGet<Funnel>(`/api/marketing/funnels/${id}`, { signal }),
  });

export const funnelReportQuery = (id: string) =>
  queryOptions({
    queryKey: funnelKeys.report(id),
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof FunnelReportSchema>>(`/api/marketing/funnels/${id}/report`, {
        signal,
      }),
  });

export const publicFunnelQuery = (slug: string) =>
  queryOptions({
    queryKey: funnelKeys.published(slug),
    queryFn: ({ signal }) =>
      apiGet<PublicFunnel>(`/api/marketing/public/funnels/${encodeURIComponent(slug)}`, { signal }),
  });

export function useCreateFunnel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      name: string;
      slug: string;
      template: string;
      eventId?: string | null;
      listId?: string | null;
    }) => apiPost<Funnel>('/api/marketing/funnels', input),
    onSuccess: () => client.invalidateQueries({ queryKey: funnelKeys.all }),
  });
}

export function useSaveFunnel(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      name?: string;
      slug?: string;
      listId?: string | null;
      draft?: FunnelDocument;
    }) => apiPatch<Funnel>(`/api/marketing/funnels/${id}`, input),
    onSuccess: (funnel) => client.setQueryData(funnelKeys.one(id), funnel),
  });
}

export function usePublishFunnel(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<Funnel>(`/api/marketing/funnels/${id}/publish`),
    onSuccess: (funnel) => {
      client.setQueryData(funnelKeys.one(id), funnel);
      void client.invalidateQueries({ queryKey: funnelKeys.all });
    },
  });
}

export const recordView = (slug: string, step: number) =>
  apiPost(`/api/marketing/public/funnels/${encodeURIComponent(slug)}/view`, { step }).catch(
    () => {},
  );

export const optIn = (slug: string, input: { email: string; name: string; step: number }) =>
  apiPost<{ result: 'subscribed' | 'confirm' }>(
    `/api/marketing/public/funnels/${encodeURIComponent(slug)}/opt-in`,
    input,
  );
