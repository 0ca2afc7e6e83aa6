import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { APP_QUERY_CONFIG, PERSISTENT_DATA_QUERY_OPTIONS } from './query-client';

const queries = APP_QUERY_CONFIG.defaultOptions?.queries;
const retry = queries?.retry as (count: number, error: unknown) => boolean;

describe('query client (spec §9 data cache)', () => {
  it('retries once, and never refetches on window focus', () => {
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(retry(0, new NetworkError(new TypeError()))).toBe(true);
    expect(retry(1, new NetworkError(new TypeError()))).toBe(false);
    expect(retry(0, new ApiError(500, 'INTERNAL', 'x'))).toBe(true);
  });

  it('does not retry answers that cannot change (4xx other than 429)', () => {
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(retry(0, new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
    expect(retry(0, new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(true);
  });

  it('the persistent variant retries 3 times, doubling from 1 s to at most 30 s, gc after 5 min', () => {
    const error = new ApiError(503, 'SERVICE_UNAVAILABLE', 'x');
    expect([0, 1, 2, 3].map((n) => PERSISTENT_DATA_QUERY_OPTIONS.retry(n, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([0, 1, 2, 5, 10].map((n) => PERSISTENT_DATA_QUERY_OPTIONS.retryDelay(n))).toEqual([
      1000, 2000, 4000, 30_000, 30_000,
    ]);
    expect(PERSISTENT_DATA_QUERY_OPTIONS.gcTime).toBe(300_000);
  });
});
