import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { RequireAuth } from './require-auth';
import { AccessDenied } from './access-denied';
import { RoleGuard } from './role-guard';

function AuthProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return (
    <p>
      auth page {location.search} from {from ?? 'nowhere'}
    </p>
  );
}

const routes = [
  { path: '/auth', element: <AuthProbe /> },
  { path: '/', element: <p>home</p> },
  {
    path: '/moderation',
    element: (
      <RoleGuard role="moderator">
        <p>moderation tools</p>
      </RoleGuard>
    ),
  },
  {
    path: '/admin',
    element: (
      <RoleGuard role="admin" redirectDeniedTo="/auth">
        <p>admin area</p>
      </RoleGuard>
    ),
  },
  { element: <RequireAuth />, children: [{ path: '/messages', element: <p>my messages</p> }] },
];

describe('RoleGuard (spec §6)', () => {
  it('shows Access Denied with the required role to a signed-in user without it', async () => {
    renderWithRouter(routes, { path: '/moderation', user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText("You don't have the required permissions to access this page."),
    ).toBeTruthy();
    expect(screen.getByText('Required role: moderator')).toBeTruthy();
  });

  it('lets admin through every role check', async () => {
    renderWithRouter(routes, { path: '/moderation', user: makeUser({ roles: ['admin'] }) });
    expect(await screen.findByText('moderation tools')).toBeTruthy();
  });

  it('sends signed-out visitors to /auth remembering the origin', async () => {
    renderWithRouter(routes, { path: '/moderation', user: null });
    expect(
      await screen.findByText('auth page ?redirect=%2Fmoderation from /moderation'),
    ).toBeTruthy();
  });

  it('sends non-admins away from the admin area without an origin (no redirect loop)', async () => {
    renderWithRouter(routes, { path: '/admin', user: makeUser({ userType: 'organizer' }) });
    expect(await screen.findByText('auth page from nowhere')).toBeTruthy();
  });

  it('admits admins to the admin area', async () => {
    renderWithRouter(routes, { path: '/admin', user: makeUser({ roles: ['admin'] }) });
    expect(await screen.findByText('admin area')).toBeTruthy();
  });
});

describe('AccessDenied', () => {
  it('says who may manage a page gated by ownership rather than a role', () => {
    renderWithRouter([
      {
        path: '/',
        element: (
          <AccessDenied reason="Only the event's organizer can manage its tickets.">
            <a href="/event/1">Back to the event</a>
          </AccessDenied>
        ),
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText("You don't have the required permissions to access this page."),
    ).toBeTruthy();
    expect(screen.getByText("Only the event's organizer can manage its tickets.")).toBeTruthy();
    expect(screen.queryByText(/Required role/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the event' })).toBeTruthy();
  });
});

describe('RequireAuth (spec §6)', () => {
  it('redirects signed-out visitors to /auth with the origin path', async () => {
    renderWithRouter(routes, { path: '/messages', user: null });
    expect(await screen.findByText('auth page ?redirect=%2Fmessages from /messages')).toBeTruthy();
  });

  it('shows the page to signed-in users', async () => {
    renderWithRouter(routes, { path: '/messages', user: makeUser() });
    expect(await screen.findByText('my messages')).toBeTruthy();
  });
});

describe('AccessDenied in Arabic', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('says it in the shell catalog’s words, the roles joined the Arabic way', async () => {
    const { messages } = await import('../../locales/ar.po');
    i18n.loadAndActivate({ locale: 'ar', messages });
    renderWithRouter([{ path: '/', element: <AccessDenied role={['organizer', 'venue']} /> }]);
    expect(screen.getByRole('heading', { name: 'تم رفض الوصول' })).toBeTruthy();
    expect(screen.getByText('الدور المطلوب: المنظِّم أو المكان')).toBeTruthy();
  });
});
