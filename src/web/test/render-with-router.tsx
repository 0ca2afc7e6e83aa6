import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionUser } from '../../contracts/auth';
import { SESSION_QUERY_KEY } from '../features/session/api';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'priya@example.com',
    emailConfirmedAt: '2026-01-01T00:00:00.000Z',
    fullName: 'Priya Shah',
    userType: 'attendee',
    roles: [],
    avatarUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders routes at `path` with the session already known (no network in unit tests). */
export function renderWithRouter(
  routes: RouteObject[],
  { path = '/', user = null }: { path?: string; user?: SessionUser | null } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, { user });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
