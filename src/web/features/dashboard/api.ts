import { queryOptions } from '@tanstack/react-query';
import type { HostDashboard } from '../../../contracts/dashboard';
import { apiGet } from '../../lib/api-client';

export const dashboardKeys = {
  host: (timeZone: string) => ['dashboard', 'host', timeZone] as const,
};

/** GET /api/dashboard/host in the viewer's zone ("today" and the chart's days are theirs). */
export const hostDashboardQuery = (timeZone: string) =>
  queryOptions({
    queryKey: dashboardKeys.host(timeZone),
    queryFn: ({ signal }) =>
      apiGet<HostDashboard>(`/api/dashboard/host?timeZone=${encodeURIComponent(timeZone)}`, {
        signal,
      }),
  });
