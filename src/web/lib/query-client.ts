import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import {
  QUERY_GC_MS,
  QUERY_RETRY_APP,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_DATA,
  QUERY_RETRY_MAX_MS,
} from '../../contracts/limits';
import { ApiError } from './api-client';

// A 4xx answer will not change by asking again (bad input, signed out, forbidden, missing),
// except 429 which is worth a later retry.
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 429;
}

/** spec §9 "Data cache", app-level client: retries once, never refetches on window focus. */
export const APP_QUERY_CONFIG: QueryClientConfig = {
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < QUERY_RETRY_APP && isRetryable(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
};

/**
 * spec §9 "Data cache", the other variant: 3 retries doubling from 1 s up to 30 s, unused data
 * dropped after 5 minutes. Spread into the query options of the data that wants it.
 */
export const PERSISTENT_DATA_QUERY_OPTIONS = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < QUERY_RETRY_DATA && isRetryable(error),
  retryDelay: (attempt: number) => Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS),
  gcTime: QUERY_GC_MS,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient(APP_QUERY_CONFIG);
}
