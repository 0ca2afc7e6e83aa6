import { matchRoutes, type RouteObject } from 'react-router';

// React Router's useRoutes flattens, ranks and tries the whole table (about 300 routes) on every
// render of the app's routes, and a page's first load renders them several times: 80–100 ms of
// the event page's first render task at 4× CPU. The table is matched once per path instead, and
// useRoutes is given only the matched branch, which it matches at once to the same routes.

const MAX_PATHS = 50;
const branches = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/**
 * The routes that `pathname` matches in `routes`, as a table of their own: each matched route
 * with the next one as its only child (copies: the table is not changed). A path nothing matches
 * gets the whole table, so useRoutes renders what it would have.
 */
export function matchedBranch(routes: RouteObject[], pathname: string): RouteObject[] {
  let byPath = branches.get(routes);
  if (!byPath) {
    byPath = new Map();
    branches.set(routes, byPath);
  }
  const known = byPath.get(pathname);
  if (known) return known;
  const chain = matchRoutes(candidates(routes, pathname), { pathname })?.map(
    (match) => match.route,
  );
  let branch = routes;
  if (chain) {
    let child: RouteObject | undefined;
    for (const route of chain.reverse())
      child = { ...route, children: child ? [child] : undefined } as RouteObject;
    branch = child ? [child] : routes;
  }
  // A long session visits many paths: the oldest are forgotten.
  if (byPath.size >= MAX_PATHS) byPath.delete(byPath.keys().next().value as string);
  byPath.set(pathname, branch);
  return branch;
}

/**
 * The part of the table that could match `pathname`: a route whose path has a fixed segment
 * other than the address's at that place cannot match, nor can anything under it, so matching
 * flattens, ranks and compiles a dozen routes instead of about 300 (0.1 s and more of a page's
 * first render at 4x CPU). What is left is ranked as in the whole table, so the same routes win.
 * A route with a parameter, an optional part or a splat keeps everything under it; an address
 * React Router would decode or normalise is matched against the whole table.
 */
function candidates(routes: RouteObject[], pathname: string): RouteObject[] {
  if (/%|\/\/|\\/.test(pathname)) return routes;
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const keep = (table: RouteObject[], depth: number): RouteObject[] =>
    table.flatMap((route) => {
      let at = depth;
      for (const part of (route.path ?? '').toLowerCase().split('/').filter(Boolean)) {
        if (part.startsWith(':') || part.includes('*') || part.endsWith('?')) return [route];
        if (segments[at] !== part) return [];
        at += 1;
      }
      if (!route.children?.length) return [route];
      const children = keep(route.children, at);
      // A layout without a path matches only through its children; one with a path, alone too.
      if (!children.length && route.path === undefined) return [];
      return [{ ...route, children } as RouteObject];
    });
  return keep(routes, 0);
}
