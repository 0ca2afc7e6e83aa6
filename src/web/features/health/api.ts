import { queryOptions } from '@tanstack/react-query';
import type { Health } from '../../../contracts/health';
import { apiGet } from '../../lib/api-client';

export const HEALTH_REFRESH_MS = 5000;

const healthKeys = { all: ['health'] as const };

/** GET /api/health; a degraded server answers 503 with the same document, which we show. */
export const healthQuery = queryOptions({
  queryKey: healthKeys.all,
  queryFn: ({ signal }) => apiGet<Health>('/api/health', { signal, acceptStatuses: [503] }),
  refetchInterval: HEALTH_REFRESH_MS,
  // Keep polling when the tab is hidden: the page is a status board left open.
  refetchIntervalInBackground: true,
});
