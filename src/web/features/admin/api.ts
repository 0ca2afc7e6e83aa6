import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminSearch,
  AdminUserDetail,
  AuditPage,
  EventModeration,
  ReportAction,
  Overview,
  RoleChange,
  SiteSettings,
} from '../../../contracts/admin';
import type { Order } from '../../../contracts/tickets';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { siteQuery } from '../site';

// The admin console's calls. Every list is asked of the server page by page.

const enc = encodeURIComponent;

/** Query string from the set values only. */
export function queryString(params: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminKeys = {
  all: ['admin'] as const,
  overview: (days: number) => ['admin', 'overview', days] as const,
  users: (qs: string) => ['admin', 'users', qs] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  events: (qs: string) => ['admin', 'events', qs] as const,
  orders: (qs: string) => ['admin', 'orders', qs] as const,
  audit: (qs: string) => ['admin', 'audit', qs] as const,
  settings: ['admin', 'settings'] as const,
  search: (q: string) => ['admin', 'search', q] as const,
  reports: (qs: string) => ['admin', 'reports', qs] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
  ownerCandidates: (qs: string) => ['admin', 'owner-candidates', qs] as const,
  dataChecks: ['admin', 'data-checks'] as const,
};

export const overviewQuery = (days: number) =>
  queryOptions({
    queryKey: adminKeys.overview(days),
    queryFn: ({ signal }) => apiGet<Overview>(`/api/admin/overview?days=${days}`, { signal }),
  });

export const useAdminList = <T>(kind: 'users' | 'events' | 'orders' | 'audit', qs: string) => {
  const paths = {
    users: `/api/admin/users${qs}`,
    events: `/api/admin/events${qs}`,
    orders: `/api/admin/orders/search${qs}`,
    audit: `/api/admin/audit${qs}`,
  };
  return useQuery({
    queryKey: adminKeys[kind](qs),
    queryFn: ({ signal }) => apiGet<T>(paths[kind], { signal }),
    placeholderData: keepPreviousData,
  });
};

export type { AuditPage };

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiGet<AdminUserDetail>(`/api/admin/users/${enc(id)}`, { signal }),
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.search(q),
    queryFn: ({ signal }) => apiGet<AdminSearch>(`/api/admin/search?q=${enc(q)}`, { signal }),
    enabled: q.trim().length > 0,
  });

export const settingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: ({ signal }) => apiGet<SiteSettings>('/api/admin/settings', { signal }),
});

/** Every admin mutation refreshes the console's lists and the audit log. */
function useAdminMutation<V, R>(fn: (vars: V) => Promise<R>, onDone?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      onDone?.(result);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export const useChangeRole = () =>
  useAdminMutation((v: { userId: string } & RoleChange) =>
    apiPost(`/api/admin/users/${enc(v.userId)}/roles`, { role: v.role, granted: v.granted }),
  );

export const useSuspend = () =>
  useAdminMutation((v: { userId: string; suspend: boolean; reason?: string }) =>
    v.suspend
      ? apiPost(`/api/admin/users/${enc(v.userId)}/suspend`, { reason: v.reason ?? '' })
      : apiPost(`/api/admin/users/${enc(v.userId)}/reactivate`),
  );

export const useModerateEvent = () =>
  useAdminMutation((v: { eventId: string; action: EventModeration }) =>
    apiPost(`/api/admin/events/${enc(v.eventId)}/moderate`, { action: v.action }),
  );

export const useReportAction = () =>
  useAdminMutation((v: { reportId: string; action: ReportAction; note?: string }) =>
    apiPost(`/api/admin/reports/${enc(v.reportId)}/action`, {
      action: v.action,
      note: v.note ?? '',
    }),
  );

export const useAccountMail = () =>
  useAdminMutation((v: { userId: string; kind: 'password-reset' | 'resend-confirmation' }) =>
    apiPost(`/api/admin/users/${enc(v.userId)}/${v.kind}`),
  );

export const useEraseAccount = () =>
  useAdminMutation((v: { userId: string; confirmEmail: string }) =>
    apiPost(`/api/admin/users/${enc(v.userId)}/erase`, { confirmEmail: v.confirmEmail }),
  );

export const useCancelEvent = () =>
  useAdminMutation((v: { eventId: string; reason: string }) =>
    apiPost<{ notified: number }>(`/api/admin/events/${enc(v.eventId)}/cancel`, {
      reason: v.reason,
    }),
  );

export const useTransferEvent = () =>
  useAdminMutation((v: { eventId: string; toUserId: string; reason: string }) =>
    apiPost(`/api/admin/events/${enc(v.eventId)}/transfer`, {
      toUserId: v.toUserId,
      reason: v.reason,
    }),
  );

export const useRefund = () =>
  useAdminMutation((v: { orderId: string; amountCents?: number; reason?: string }) =>
    apiPost<Order>(`/api/admin/orders/${enc(v.orderId)}/refund`, {
      amountCents: v.amountCents,
      reason: v.reason || undefined,
    }),
  );

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useAdminMutation(
    (patch: Partial<SiteSettings>) => apiPatch<SiteSettings>('/api/admin/settings', patch),
    (settings) => {
      // The footer and header read /api/site: show the new values at once in this tab.
      queryClient.setQueryData(siteQuery.queryKey, (old) =>
        old
          ? {
              ...old,
              appName: settings.siteName,
              contactEmail: settings.contactEmail,
              contactPhone: settings.contactPhone,
              maintenanceBanner: settings.maintenanceBanner,
            }
          : old,
      );
    },
  );
}
