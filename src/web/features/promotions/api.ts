import { queryOptions } from '@tanstack/react-query';
import type {
  AdCampaign,
  AdCampaignList,
  AdCampaignReport,
  CreateAdCampaignInput,
  PromoPlacement,
  ReviewAdCampaignList,
  ServedItemList,
} from '../../../contracts/promotions';
import { apiGet, apiPost } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

// Neutral names on purpose: content blockers hide requests and elements named ad/ads/banner.
const BASE = '/api/promotions';

export const promotionKeys = {
  mine: ['promotions', 'mine'] as const,
  report: (id: string) => ['promotions', 'report', id] as const,
  review: ['promotions', 'review'] as const,
  served: (placement: PromoPlacement, targeting: ServeTargeting) =>
    ['promotions', 'served', placement, targeting] as const,
};

/** What the page knows about its visitor's interest; `scope` keeps one serving per page. */
export interface ServeTargeting {
  category?: string;
  city?: string;
  scope?: string;
}

export const myAdCampaignsQuery = queryOptions({
  queryKey: promotionKeys.mine,
  queryFn: ({ signal }) => apiGet<AdCampaignList>(`${BASE}/campaigns`, { signal }),
});

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: promotionKeys.report(id),
    queryFn: ({ signal }) => apiGet<AdCampaignReport>(`${BASE}/campaigns/${id}`, { signal }),
  });

export const reviewQuery = queryOptions({
  queryKey: promotionKeys.review,
  queryFn: ({ signal }) => apiGet<ReviewAdCampaignList>(`${BASE}/review`, { signal }),
});

// One serving per page and targeting for the visit: coming back shows the same items (their
// views were counted once already) instead of drawing and charging new ones.
export const servedQuery = (
  placement: PromoPlacement,
  limit: number,
  targeting: ServeTargeting = {},
) =>
  queryOptions({
    queryKey: promotionKeys.served(placement, targeting),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ placement, limit: String(limit) });
      if (targeting.category) search.set('category', targeting.category);
      if (targeting.city) search.set('city', targeting.city);
      return apiGet<ServedItemList>(`${BASE}/serve?${search}`, { signal });
    },
    staleTime: Infinity,
    retry: false,
  });

export const createAdCampaign = (input: CreateAdCampaignInput) =>
  apiPost<AdCampaign>(`${BASE}/campaigns`, input);
export const uploadAdCampaignImage = (id: string, file: File) =>
  uploadFile<AdCampaign>(`${BASE}/campaigns/${id}/image`, 'image', file);
export const checkoutAdCampaign = (id: string) =>
  apiPost<{ url: string; sessionId: string }>(`${BASE}/campaigns/${id}/checkout`);
export const adCampaignAction = (id: string, verb: 'pause' | 'resume' | 'end') =>
  apiPost<AdCampaign>(`${BASE}/campaigns/${id}/${verb}`);
export const approveAdCampaign = (id: string) =>
  apiPost<AdCampaign>(`${BASE}/review/${id}/approve`);
export const rejectAdCampaign = (id: string, note: string) =>
  apiPost<AdCampaign>(`${BASE}/review/${id}/reject`, { note });

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
