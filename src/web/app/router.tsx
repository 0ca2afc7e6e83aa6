import { Suspense, use, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { homeRoute } from './home-route';
import { MainLayout } from './layouts/main-layout';
import { matchedBranch } from './route-branch';
import { RouteErrors } from './route-error';
import { dropServerHead } from './server-head';
import { ChunkLoadError } from '../lib/chunk-load-error';

// The whole route table (every feature's pages) is a chunk of its own, so the home page's first
// paint does not download it and it does not grow as features are added (decision 076). Any
// other first page waits for it before its first render (main.tsx; the server preloads it for
// those pages), and the home page fetches it once it is on screen.
let table: RouteObject[] | undefined;
let loading: Promise<RouteObject[]> | undefined;
const listeners = new Set<() => void>();

export function loadRouteTable(): Promise<RouteObject[]> {
  loading ??= import('./route-table').then(
    (module) => {
      table = module.routes;
      for (const listener of listeners) listener();
      return module.routes;
    },
    (error: unknown) => {
      // The next render tries again; the error boundary offers the reload meanwhile.
      loading = undefined;
      throw new ChunkLoadError(error);
    },
  );
  return loading;
}

/** What the first render waits for on this path: nothing on the home page, else the table. */
export function routesReady(pathname: string): Promise<unknown> {
  return pathname === '/' ? Promise.resolve() : loadRouteTable();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Leaving the home page before the table is here: the table is awaited, then shown. */
function AwaitRouteTable() {
  use(loadRouteTable());
  return null;
}

/** The entry's table: the home page in the main layout; any other path waits for the table. */
export const entryRoutes: RouteObject[] = [
  {
    Component: RouteErrors,
    children: [
      { Component: MainLayout, children: [homeRoute] },
      {
        path: '*',
        element: (
          <Suspense fallback={null}>
            <AwaitRouteTable />
          </Suspense>
        ),
      },
    ],
  },
];

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, 1);

/**
 * The routes in declarative mode (BrowserRouter + useRoutes): the app uses no loaders, actions
 * or fetchers, and the data router that createBrowserRouter brings is 15 KB gzip of the first
 * paint (decision 016). useRoutes gets the branch the path matches, not the whole table
 * (route-branch.ts, decision 102).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dropServerHead();
  }, [pathname]);
  const loaded = useSyncExternalStore(subscribe, () => table);
  useEffect(() => {
    if (!table) whenIdle(() => void loadRouteTable().catch(() => undefined));
  }, []);
  return useRoutes(matchedBranch(loaded ?? entryRoutes, pathname));
}
