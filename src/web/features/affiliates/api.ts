import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAffiliateListSchema,
  AffiliateDashboard,
  CommissionRuleSchema,
  TestActivitySchema,
  W9Input,
  W9SummarySchema,
} from '../../../contracts/affiliates';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

// The affiliate program's API (contracts/affiliates.ts, decision 023).

export type W9Summary = z.infer<typeof W9SummarySchema>;
export type TestActivity = z.infer<typeof TestActivitySchema>;
export type AdminAffiliateList = z.infer<typeof AdminAffiliateListSchema>;
export type CommissionRule = z.infer<typeof CommissionRuleSchema>;

export const affiliateKeys = {
  all: ['affiliates'] as const,
  me: ['affiliates', 'me'] as const,
  ledger: (page: { page: number; pageSize: number }) =>
    ['affiliates', 'me', 'ledger', page] as const,
  w9: ['affiliates', 'w9'] as const,
  test: ['affiliates', 'test'] as const,
  admin: ['affiliates', 'admin'] as const,
  commission: (eventId: string) => ['affiliates', 'commission', eventId] as const,
};

export const dashboardQuery = queryOptions({
  queryKey: affiliateKeys.me,
  queryFn: ({ signal }) => apiGet<AffiliateDashboard>('/api/affiliates/me', { signal }),
});

export const w9Query = queryOptions({
  queryKey: affiliateKeys.w9,
  queryFn: ({ signal }) => apiGet<W9Summary>('/api/affiliates/w9', { signal }),
});

export const testActivityQuery = queryOptions({
  queryKey: affiliateKeys.test,
  queryFn: ({ signal }) => apiGet<TestActivity>('/api/affiliates/test/activity', { signal }),
  // "See the click arrive live": the test page asks every two seconds while it is open.
  refetchInterval: 2000,
});

export const adminAffiliatesQuery = queryOptions({
  queryKey: affiliateKeys.admin,
  queryFn: ({ signal }) =>
    apiGet<AdminAffiliateList>('/api/affiliates/admin/affiliates', { signal }),
});

export const commissionQuery = (eventId: string) =>
  queryOptions({
    queryKey: affiliateKeys.commission(eventId),
    queryFn: ({ signal }) =>
      apiGet<CommissionRule>(`/api/affiliates/commission?event_id=${encodeURIComponent(eventId)}`, {
        signal,
      }),
  });

function useInvalidating<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: affiliateKeys.all }),
  });
}

export const useJoin = () =>
  useInvalidating(() => apiPost<{ ok: true }>('/api/affiliates/join', { acceptTerms: true }));

export const useSavePayoutMethod = () =>
  useInvalidating((input: { payoutMethod: string; payoutDetails: string }) =>
    apiRequest<{ ok: true }>('/api/affiliates/payout-method', { method: 'PUT', body: input }),
  );

export const useSaveW9 = () =>
  useInvalidating((input: W9Input) =>
    apiRequest<W9Summary>('/api/affiliates/w9', { method: 'PUT', body: input }),
  );

export const useTestClick = () =>
  useInvalidating((input: { affiliateId: string; sessionId: string }) =>
    apiPost<{ counted: boolean }>('/api/affiliates/track-click', { ...input, test: true }),
  );

export const useTestConversion = () =>
  useInvalidating(() => apiPost<{ ok: true }>('/api/affiliates/test/conversion'));

export const useRecordPayout = () =>
  useInvalidating((input: { affiliateId: string; amountCents: number; reference: string }) =>
    apiPost<{ ok: true }>('/api/affiliates/admin/payouts', input),
  );

export const useRevealTin = () =>
  useMutation({
    mutationFn: (affiliateId: string) =>
      apiPost<{ tin: string }>('/api/affiliates/admin/w9/reveal', { affiliateId }),
  });

export const useSaveCommission = () =>
  useInvalidating(
    (input: {
      eventId: string;
      isReferralBased: boolean;
      kind: 'percent' | 'fixed';
      value: number;
    }) => apiRequest<CommissionRule>('/api/affiliates/commission', { method: 'PUT', body: input }),
  );
