import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, isNetworkError, NetworkError } from './api-client';

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the body', async () => {
    const fetchMock = respond(200, { ok: true });
    await expect(apiPost('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('throws ApiError with the code, message and details of the error body', async () => {
    respond(400, {
      error: { code: 'VALIDATION_FAILED', message: 'Bad input', details: [{ field: 'email' }] },
    });
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad input',
      details: [{ field: 'email' }],
    });
  });

  it('still throws ApiError when a failure has no error body', async () => {
    respond(502);
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it('returns the body of an accepted non-2xx status', async () => {
    respond(503, { status: 'degraded' });
    await expect(apiGet('/api/health', { acceptStatuses: [503] })).resolves.toEqual({
      status: 'degraded',
    });
  });

  it('tells a network failure apart from a server answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(isNetworkError(new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
  });
});
