import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../test/msw';
import { ApiError, apiGet, apiPost, isNetworkError, NetworkError } from './api-client';

function respond(status: number, body?: unknown) {
  server.use(
    http.all(
      '/api/*',
      () =>
        new HttpResponse(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  return recordRequests();
}

afterEach(() => vi.restoreAllMocks());

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the body', async () => {
    const requests = respond(200, { ok: true });
    // A Request's credentials default to same-origin, so only the call itself shows it asked.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(apiPost('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe('/api/x');
    expect((fetchSpy.mock.calls[0]?.[1] as RequestInit).credentials).toBe('same-origin');
    expect(request?.method).toBe('POST');
    expect(await request?.text()).toBe('{"a":1}');
    expect(request?.headers.get('content-type')).toBe('application/json');
  });

  it('asks for JSON, except on a request the page preloaded, which goes as the preload did', async () => {
    const requests = respond(200, { ok: true });
    await apiGet('/api/x');
    await expect(apiGet('/api/y', { preloaded: true })).resolves.toEqual({ ok: true });
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
    // Chromium gives a <link rel="preload" as="fetch"> answer only to a request with its headers.
    expect(requests[1]?.headers.get('accept')).not.toBe('application/json');
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
    server.use(http.get('/api/x', () => HttpResponse.error()));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(isNetworkError(new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
  });
});
