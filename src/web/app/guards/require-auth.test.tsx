import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { RequireAuth } from './require-auth';

const routes = [
  {
    element: <RequireAuth unlessQuery="unsubscribe" />,
    children: [{ path: 'notification-settings', element: <p>Settings page</p> }],
  },
  { path: 'auth', element: <p>Sign in page</p> },
];

describe('RequireAuth unlessQuery (an e-mail link that works signed out)', () => {
  it('lets a signed-out visitor through when the address carries the parameter', () => {
    renderWithRouter(routes, { path: '/notification-settings?unsubscribe=tok123' });
    expect(screen.getByText('Settings page')).toBeTruthy();
  });

  it('sends a signed-out visitor without it to /auth', async () => {
    const { router } = renderWithRouter(routes, { path: '/notification-settings' });
    expect(await screen.findByText('Sign in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('serves a signed-in visitor either way', () => {
    renderWithRouter(routes, { path: '/notification-settings', user: makeUser() });
    expect(screen.getByText('Settings page')).toBeTruthy();
  });
});
