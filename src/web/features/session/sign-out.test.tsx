import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { SESSION_QUERY_KEY } from './api';
import { useSignOut } from './sign-out';

const toast = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' } });
  queryClient.setQueryData(['site'], { appName: 'MEA Events' });
  queryClient.setQueryData(['notifications'], [{ id: 'n1' }]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSignOut(), { wrapper });
  return { queryClient, result };
}

afterEach(() => vi.clearAllMocks());

describe('useSignOut (spec §4, §8)', () => {
  it('clears the local session and user data, signs out on the server and says "Signed out"', async () => {
    server.use(http.post('/api/auth/sign-out', () => HttpResponse.json({ ok: true })));
    const requests = recordRequests();
    const { queryClient, result } = setup();

    act(() => result.current.mutate());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Signed out'));
    expect(requests.map((r) => [r.method, new URL(r.url).pathname])).toContainEqual([
      'POST',
      '/api/auth/sign-out',
    ]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ user: null });
    expect(queryClient.getQueryData(['notifications'])).toBeUndefined();
    expect(queryClient.getQueryData(['site'])).toEqual({ appName: 'MEA Events' });
  });

  it('still signs out locally when the server fails, with the warning toast', async () => {
    server.use(http.post('/api/auth/sign-out', () => HttpResponse.error()));
    const { queryClient, result } = setup();

    act(() => result.current.mutate());
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith('Sign out warning', {
        description:
          'You have been signed out locally, but there may have been an issue with the server.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ user: null });
  });
});
