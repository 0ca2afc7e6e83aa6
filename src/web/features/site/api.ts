import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../../contracts/site';
import { apiGet } from '../../lib/api-client';

const siteKeys = { all: ['site'] as const };

/** GET /api/site: product title and contact details for the header and footer. */
export const siteQuery = queryOptions({
  queryKey: siteKeys.all,
  queryFn: ({ signal }) => apiGet<SiteInfo>('/api/site', { signal }),
  // Settings only change with a server restart; the server caches them for 5 minutes too.
  staleTime: Infinity,
});

export const useSiteInfo = () => useQuery(siteQuery).data;
