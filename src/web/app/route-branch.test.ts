import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchedBranch } from './route-branch';
import { routes } from './route-table';
import { entryRoutes } from './router';

/** A path for every route of the table: its pattern with each `:param` and `*` filled in. */
function samplePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const joined = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const here = route.path || route.index ? [joined || '/'] : [];
    const filled = here.map((pattern) =>
      pattern
        .split('/')
        .map((segment) =>
          segment === '*' ? 'rest/of-path' : segment.startsWith(':') ? 'p1' : segment,
        )
        .map((segment) => segment.replace(/\?$/, ''))
        .join('/'),
    );
    return [...filled, ...samplePaths(route.children ?? [], joined)];
  });
}

/** What a match renders and reads: the route's component or element, its params and paths. */
function rendered(table: RouteObject[], pathname: string) {
  return (matchRoutes(table, { pathname }) ?? []).map((match) => ({
    what: match.route.Component ?? match.route.element ?? null,
    path: match.route.path,
    index: match.route.index,
    params: match.params,
    pathname: match.pathname,
    pathnameBase: match.pathnameBase,
  }));
}

describe('the matched branch given to useRoutes', () => {
  const paths = [
    ...new Set([
      ...samplePaths(routes),
      '/',
      '/no-such-page',
      '/vendors/no-such-page',
      '/event/abc/',
      '/contact/',
      '/search',
      '/caf%C3%A9',
      // Other case, doubled or trailing slashes, unknown places under known ones.
      '/EVENTS',
      '/Event/ABC/Seats',
      '//events',
      '/events//',
      '/admin',
      '/admin/no-such-page',
      '/event/abc/no-such-page',
      '/dashboard/no-such-page/deeper',
    ]),
  ];

  it('covers the whole table', () => {
    // About 150 distinct pages (the table's ~300 route objects include layouts and guards).
    expect(paths.length).toBeGreaterThan(140);
  });

  it('matches every path to the same routes, params and paths as the whole table', () => {
    for (const path of paths) {
      const whole = rendered(routes, path);
      expect(whole.length, path).toBeGreaterThan(0);
      expect(rendered(matchedBranch(routes, path), path), path).toEqual(whole);
    }
  });

  it("matches the entry's table as before: home, and any other path waiting for the table", () => {
    for (const path of ['/', '/events', '/event/abc'])
      expect(rendered(matchedBranch(entryRoutes, path), path)).toEqual(rendered(entryRoutes, path));
  });

  it('matches the table once per path and leaves the table unchanged', () => {
    const before = JSON.stringify(samplePaths(routes));
    const first = matchedBranch(routes, '/events');
    expect(matchedBranch(routes, '/events')).toBe(first);
    expect(first).toHaveLength(1);
    expect(JSON.stringify(samplePaths(routes))).toBe(before);
  });
});
