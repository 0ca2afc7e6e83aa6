import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminPages } from './layouts/admin-pages';
import { homeRoute } from './home-route';
import { routes } from './route-table';
import { entryRoutes, loadRouteTable } from './router';

/** The deepest matched route: '*' means the 404 page. */
function leaf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  return matches?.at(-1)?.route;
}

/** What a route renders: its `Component`, or its element's type (named for the checks below). */
function rendered(route: RouteObject | undefined): { name?: string } | undefined {
  if (!route) return undefined;
  return (route.Component ?? (route.element as { type?: { name?: string } } | null)?.type) as
    { name?: string } | undefined;
}

describe('router (spec §2)', () => {
  it.each([
    '/',
    '/events',
    '/event/abc',
    '/event/abc/attending',
    '/categories/music',
    '/search',
    '/vendors',
    '/vendor/1',
    '/system-health',
    '/auth',
    '/login',
    '/reset-password',
    '/features/ticket-sales',
    '/stream/watch/9',
    '/r/promo-1',
    '/f/my-funnel',
    '/meameet/room',
    '/vendor_requests/ev1',
    '/messages',
    '/event-group-chat',
    '/ticket/5',
    '/ryder/create',
    '/vendors/apply',
    '/organizer-dashboard',
    '/venue-dashboard',
    '/mea/payment-success',
    '/mea/payment-cancelled',
    '/cart',
    '/ticket',
    '/receipt',
    '/event/abc/tickets',
    '/event/abc/check-in',
    '/event/abc/vendor-location',
    '/event/abc/vendor-locations',
    '/event/abc/discount-codes',
    '/event/abc/register',
    '/mea-attending/abc',
    '/pay/cs_local_abc',
    '/notifications',
    '/notification-settings',
    '/subscription/cancelled',
    '/admin',
    '/admin/users',
    '/admin/help',
  ])('declares %s', (pathname) => {
    expect(leaf(pathname)?.path).not.toBe('*');
    expect(rendered(leaf(pathname))).toBeTruthy();
  });

  it.each(['/contact', '/about', '/privacy-policy', '/terms'])(
    'serves the trailing-slash variant of %s',
    (pathname) => {
      expect(leaf(`${pathname}/`)).toBe(leaf(pathname));
      expect(leaf(`${pathname}/`)?.path).toBe(pathname.slice(1));
    },
  );

  it('sends unknown paths to the 404 page, inside and outside /vendors', () => {
    expect(leaf('/no-such-page')?.path).toBe('*');
    expect(leaf('/vendors/no-such-page')?.path).toBe('*');
  });

  it('keeps the vendor list public while guarding everything under /vendors/*', () => {
    const list = matchRoutes(routes, '/vendors') ?? [];
    const apply = matchRoutes(routes, '/vendors/apply') ?? [];
    const isGuarded = (matches: typeof list) =>
      matches.some((m) => rendered(m.route)?.name === 'RequireAuth');
    expect(isGuarded(list)).toBe(false);
    expect(isGuarded(apply)).toBe(true);
  });

  it('serves the test checkout page outside the main layout, like a provider page', () => {
    const layouts = (pathname: string) =>
      (matchRoutes(routes, pathname) ?? []).map((m) => rendered(m.route)?.name);
    expect(layouts('/pay/cs_local_abc')).toContain('BareLayout');
    expect(layouts('/pay/cs_local_abc')).not.toContain('MainLayout');
    expect(layouts('/cart')).toContain('MainLayout');
  });

  it('guards the notification pages, letting an unsubscribe link through signed out', () => {
    const guards = (pathname: string) =>
      (matchRoutes(routes, pathname) ?? [])
        .filter((m) => rendered(m.route)?.name === 'RequireAuth')
        .map((m) => (m.route.element as { props?: object } | undefined)?.props ?? {});
    expect(guards('/notifications')).toEqual([{}]);
    expect(guards('/notification-settings')).toEqual([{ unlessQuery: 'unsubscribe' }]);
  });

  // The console's pages are matched below `admin/*` by the admin area's own chunk.
  const consoleLeaf = (pathname: string) =>
    matchRoutes([{ path: 'admin', children: adminPages }] as RouteObject[], pathname)?.at(-1)
      ?.route;

  it.each([
    '/admin',
    '/admin/users',
    '/admin/help',
    '/admin/help/articles/abc',
    '/admin/help/pages/about',
    '/admin/reports',
    '/admin/ads',
    '/admin/plans',
    '/admin/data-checks',
    '/admin/deletions',
  ])('the admin area declares %s', (pathname) => {
    expect(leaf(pathname)?.path).toBe('admin/*');
    expect(consoleLeaf(pathname)?.path).not.toBe('*');
    expect(rendered(consoleLeaf(pathname))).toBeTruthy();
  });

  it('sends unknown console paths to the 404 page', () => {
    expect(consoleLeaf('/admin/no-such-page')?.path).toBe('*');
  });
});

describe('the entry and the route table (decision 076)', () => {
  const chain = (table: RouteObject[], pathname: string) =>
    (matchRoutes(table, pathname) ?? []).map((m) => rendered(m.route));

  it('renders home through the same routes in both, so the page stays mounted when the table arrives', () => {
    expect(chain(entryRoutes, '/').map((c) => c?.name)).toEqual([
      'RouteErrors',
      'MainLayout',
      undefined,
    ]);
    expect(chain(routes, '/')).toEqual(chain(entryRoutes, '/'));
    expect(matchRoutes(routes, '/')?.at(-1)?.route).toBe(homeRoute);
  });

  it('waits for the table on any other path', () => {
    for (const pathname of ['/events', '/auth', '/pay/cs_local_abc', '/admin/users'])
      expect(matchRoutes(entryRoutes, pathname)?.at(-1)?.route.path).toBe('*');
  });

  it('loads the table once, as the app routes it', async () => {
    const first = loadRouteTable();
    expect(loadRouteTable()).toBe(first);
    expect(await first).toBe(routes);
  });
});
