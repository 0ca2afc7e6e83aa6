import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPlan,
  AdminPlanList,
  CheckSubscription,
  MySubscription,
  PlanInput,
  PlanList,
} from '../../../contracts/subscriptions';
import { UNSUBSCRIBED } from '../../../contracts/subscription-vocabulary';
import { SUBSCRIPTION_REFRESH_MS } from '../../../contracts/limits';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { useSession } from '../session';

// Subscriptions (contracts/subscriptions.ts): plans, the person's subscription, the portal.

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: ['subscriptions', 'plans'] as const,
  adminPlans: ['subscriptions', 'admin-plans'] as const,
  check: (userId: string | null) => ['subscriptions', 'check', userId] as const,
  mine: ['subscriptions', 'mine'] as const,
  invoice: (id: string) => ['subscriptions', 'invoice', id] as const,
};

/** spec §7: active plans, cheapest first; a failed read is an empty list (spec §8). */
export const plansQuery = queryOptions({
  queryKey: subscriptionKeys.plans,
  queryFn: async ({ signal }) => {
    try {
      return (await apiGet<PlanList>('/api/subscription-plans', { signal })).plans;
    } catch (error) {
      console.error('Plans could not be loaded', error);
      return [];
    }
  },
  staleTime: 60_000,
});

/**
 * spec §4 subscription state: asked on sign-in and on user change (the key holds the user id)
 * and every 300000 ms (spec §9); any failure reads as unsubscribed/inactive.
 */
export const checkSubscriptionQuery = (userId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.check(userId),
    queryFn: async ({ signal }): Promise<CheckSubscription> => {
      if (!userId) return UNSUBSCRIBED;
      try {
        return await apiGet<CheckSubscription>('/api/subscriptions/check', { signal });
      } catch {
        return UNSUBSCRIBED;
      }
    },
    refetchInterval: SUBSCRIPTION_REFRESH_MS,
    staleTime: SUBSCRIPTION_REFRESH_MS,
  });

export function useSubscriptionStatus(): CheckSubscription {
  const { user } = useSession();
  const { data } = useQuery(checkSubscriptionQuery(user?.id ?? null));
  return data ?? UNSUBSCRIBED;
}

export const mySubscriptionQuery = queryOptions({
  queryKey: subscriptionKeys.mine,
  queryFn: ({ signal }) => apiGet<MySubscription>('/api/subscriptions/me', { signal }),
});

/**
 * Opens `load`'s URL in a new tab (spec §7: checkout and portal open in a new tab). The tab is
 * opened at the click, before the request, so no popup blocker stops it; without a tab the page
 * itself goes there.
 */
export async function openInNewTab(load: () => Promise<{ url: string }>) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await load();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const startPlanCheckout = (planId: string) =>
  apiPost<{ url: string; sessionId: string }>('/api/payments/create-checkout', {
    planId,
    quantity: 1,
    isVendorFee: false,
  });

export const openCustomerPortal = () =>
  apiPost<{ url: string }>('/api/payments/customer-portal', {});

/** After any change: the page, the badge and the pricing marks read again. */
function useRefreshAll() {
  const client = useQueryClient();
  return (data?: MySubscription) => {
    if (data) client.setQueryData(subscriptionKeys.mine, data);
    void client.invalidateQueries({ queryKey: subscriptionKeys.all });
  };
}

export function useCancelSubscription() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (atPeriodEnd: boolean) =>
      apiPost<MySubscription>('/api/subscriptions/me/cancel', { atPeriodEnd }),
    onSuccess: refresh,
  });
}

export function useResumeSubscription() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => apiPost<MySubscription>('/api/subscriptions/me/resume', {}),
    onSuccess: refresh,
  });
}

export function useChangePlan() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (planId: string) =>
      apiPost<MySubscription>('/api/subscriptions/me/change-plan', { planId }),
    onSuccess: refresh,
  });
}

export function useUpdateCard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (cardNumber: string) =>
      apiPost<MySubscription>('/api/subscriptions/me/card', { cardNumber }),
    onSuccess: refresh,
  });
}

// Admin

export const adminPlansQuery = queryOptions({
  queryKey: subscriptionKeys.adminPlans,
  queryFn: async ({ signal }) =>
    (await apiGet<AdminPlanList>('/api/admin/subscription-plans', { signal })).plans,
});

export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PlanInput }) =>
      id
        ? apiPatch<AdminPlan>(`/api/admin/subscription-plans/${encodeURIComponent(id)}`, input)
        : apiPost<AdminPlan>('/api/admin/subscription-plans', input),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiDelete<{ ok: true }>(`/api/admin/subscription-plans/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
