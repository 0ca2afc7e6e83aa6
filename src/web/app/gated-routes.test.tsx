import { screen } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role, UserType } from '../../contracts/enums';
import { makeUser, renderWithRouter } from '../test/render-with-router';
import { requiredRoles, roleLabel } from './guards/access';
import { RequireAuth } from './guards/require-auth';
import { RoleGuard, type RoleGuardProps } from './guards/role-guard';
import { routes } from './route-table';

/** A page of the route table with the guards above it, outermost first. */
interface GatedPage {
  path: string;
  guards: RouteObject[];
}

const isGuard = (route: RouteObject) =>
  route.Component === RequireAuth ||
  (isValidElement(route.element) &&
    (route.element.type === RequireAuth || route.element.type === RoleGuard));

const roleGuardOf = (guards: RouteObject[]) =>
  guards
    .map((route) => route.element)
    .find(
      (element): element is ReactElement<RoleGuardProps> =>
        isValidElement(element) && element.type === RoleGuard,
    );

/** Every page (a route with a path and no children) of the table, wherever it is nested. */
function pages(table: RouteObject[], base = '', guards: RouteObject[] = []): GatedPage[] {
  return table.flatMap((route) => {
    const path = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    const above = isGuard(route) ? [...guards, route] : guards;
    if (route.children) return pages(route.children, path, above);
    return route.path || route.index ? [{ path: path || '/', guards: above }] : [];
  });
}

const gated = pages(routes).flatMap((page) => {
  const guard = roleGuardOf(page.guards);
  return guard ? [{ ...page, required: requiredRoles(guard.props.role) }] : [];
});

/** A concrete address for a pattern: every :param becomes a sample id. */
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'abc123');

function AuthProbe() {
  const location = useLocation();
  return <p>sign-in page {location.search}</p>;
}

/**
 * The page's own guards from the route table, around a stand-in for the page: what a visitor
 * meets before the page's code loads is exactly what the table declares.
 */
function guardedTree(page: GatedPage): RouteObject[] {
  const leaf: RouteObject = { path: page.path, element: <p>the page itself</p> };
  const tree = page.guards.reduceRight<RouteObject>(
    (child, guard) => ({ Component: guard.Component, element: guard.element, children: [child] }),
    leaf,
  );
  return [{ path: '/auth', element: <AuthProbe /> }, tree];
}

const ACCOUNT_TYPES: UserType[] = ['attendee', 'organizer', 'vendor', 'venue'];

/**
 * Pages that must be role-gated, and the role their Access Denied screen names. Every other page
 * the table gates is walked below too, naming the roles its guard declares.
 */
const REQUIRED: Record<string, string> = {
  '/create-post': 'blog_admin',
  '/edit-post/:id': 'blog_admin',
  '/create-event': 'organizer or venue',
  '/events/create': 'organizer or venue',
  '/vendor-profile': 'vendor',
  '/vendor_applications': 'vendor',
  '/vendors/apply': 'vendor',
  '/ads': 'organizer, vendor or venue',
  '/email-lists': 'organizer, vendor or venue',
  '/funnels': 'organizer, vendor or venue',
  '/funnel-builder/:id': 'organizer, vendor or venue',
};

describe('public routes (spec §2)', () => {
  it.each(['/attending', '/mea-attending', '/mea-events', '/mea-mystuff'])(
    '%s has no guard: signed out, it shows its public part',
    (path) => {
      const page = pages(routes).find((one) => one.path === path);
      expect(page).toBeTruthy();
      expect(page?.guards).toEqual([]);
    },
  );
});

describe('role-gated routes (spec §6)', () => {
  it('declares the guard on every page that needs a role', () => {
    expect(gated.map((page) => page.path)).toEqual(expect.arrayContaining(Object.keys(REQUIRED)));
  });

  describe.each(gated)('$path', (page) => {
    const { required } = page;
    const address = addressOf(page.path);

    it('shows Access Denied with the required role to a signed-in person without it', async () => {
      const without = ACCOUNT_TYPES.find((type) => !required.includes(type)) ?? 'attendee';
      renderWithRouter(guardedTree(page), {
        path: address,
        user: makeUser({ userType: without, roles: [] }),
      });
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(
        screen.getByText("You don't have the required permissions to access this page."),
      ).toBeTruthy();
      const named = REQUIRED[page.path] ?? roleLabel(required);
      expect(screen.getByText(`Required role: ${named}`)).toBeTruthy();
      expect(screen.queryByText('the page itself')).toBeNull();
    });

    it('sends a signed-out visitor to /auth with the origin path', async () => {
      const { router } = renderWithRouter(guardedTree(page), { path: address, user: null });
      expect(await screen.findByText(/^sign-in page/)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth');
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(address);
    });

    it('lets in a person holding the role', async () => {
      const holder = ACCOUNT_TYPES.find((type) => required.includes(type));
      const user = holder
        ? makeUser({ userType: holder })
        : makeUser({
            roles: required.filter((role) => !ACCOUNT_TYPES.includes(role as UserType)) as Role[],
          });
      renderWithRouter(guardedTree(page), { path: address, user });
      expect(await screen.findByText('the page itself')).toBeTruthy();
    });

    it('lets an admin in', async () => {
      renderWithRouter(guardedTree(page), {
        path: address,
        user: makeUser({ roles: ['admin'] }),
      });
      expect(await screen.findByText('the page itself')).toBeTruthy();
    });
  });
});
