import { queryOptions } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignReport,
  CreateCampaignInput,
  ReviewCampaign,
  ServedItem,
  PromoPlacement,
} from '../../../contracts/promotions';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

// Neutral names on purpose: content blockers hide requests and elements named ad/ads/banner.
const BASE = '/api/promotions';

export const promotionKeys = {
  mine: ['promotions', 'mine'] as const,
  report: (id: string) => ['promotions', 'report', id] as const,
  review: ['promotions', 'review'] as const,
  served: (placement: PromoPlacement) => ['promotions', 'served', placement] as const,
};

export const myCampaignsQuery = queryOptions({
  queryKey: promotionKeys.mine,
  queryFn: ({ signal }) => apiGet<{ campaigns: Campaign[] }>(`${BASE}/campaigns`, { signal }),
});

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: promotionKeys.report(id),
    queryFn: ({ signal }) => apiGet<CampaignReport>(`${BASE}/campaigns/${id}`, { signal }),
  });

export const reviewQuery = queryOptions({
  queryKey: promotionKeys.review,
  queryFn: ({ signal }) => apiGet<{ campaigns: ReviewCampaign[] }>(`${BASE}/review`, { signal }),
});

export const servedQuery = (placement: PromoPlacement, limit: number) =>
  queryOptions({
    queryKey: promotionKeys.served(placement),
    queryFn: ({ signal }) =>
      apiGet<{ items: ServedItem[] }>(`${BASE}/serve?placement=${placement}&limit=${limit}`, {
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });

export const createCampaign = (input: CreateCampaignInput) =>
  apiPost<Campaign>(`${BASE}/campaigns`, input);
export const uploadCampaignImage = (id: string, file: File) =>
  uploadFile<Campaign>(`${BASE}/campaigns/${id}/image`, 'image', file);
export const checkoutCampaign = (id: string) =>
  apiPost<{ url: string; sessionId: string }>(`${BASE}/campaigns/${id}/checkout`);
export const campaignAction = (id: string, verb: 'pause' | 'resume' | 'end') =>
  apiPost<Campaign>(`${BASE}/campaigns/${id}/${verb}`);
export const editCampaign = (
  id: string,
  input: Partial<Pick<Campaign, 'headline' | 'body' | 'imageAlt'>>,
) => apiPatch<Campaign>(`${BASE}/campaigns/${id}`, input);
export const approveCampaign = (id: string) => apiPost<Campaign>(`${BASE}/review/${id}/approve`);
export const rejectCampaign = (id: string, note: string) =>
  apiPost<Campaign>(`${BASE}/review/${id}/reject`, { note });

// Views are sent in batches (one request for several items), and on leaving the page with
// keepalive so the last ones are not lost.
const pending = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
function flush() {
  timer = undefined;
  if (pending.size === 0) return;
  const tokens = [...pending].slice(0, 50);
  for (const token of tokens) pending.delete(token);
  void fetch(`${BASE}/views`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokens }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
  if (pending.size > 0) timer = setTimeout(flush, 0);
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

export function reportView(token: string) {
  pending.add(token);
  timer ??= setTimeout(flush, 2000);
}
