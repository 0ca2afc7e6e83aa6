import { Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { lazyPage } from './lazy-page';
import { features } from './features';
import { RouteErrors } from './route-error';
import { homeRoute } from './home-route';
import { PageSpinner } from '../components/ui/spinner';

// The whole app's routes. Every page is loaded on first visit (spec §2); the layouts'
// PageFrame shows the spinner. The features' pages come from their own routes.tsx
// (app/features.ts lists them); the pages below are the app's own frame (sign-in, profile,
// health, not found). This table is a chunk of its own: the home page's first paint needs only
// its own route (router.tsx, decision 076).
const AdminArea = lazyPage(() => import('./layouts/admin-area').then((m) => m.AdminArea));
const AuthPage = lazyPage(() => import('../features/auth/auth-page').then((m) => m.AuthPage));
const SystemHealthPage = lazyPage(() =>
  import('../features/health/system-health-page').then((m) => m.SystemHealthPage),
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page').then((m) => m.NotFoundPage));
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);
const ProfilePage = lazyPage(() =>
  import('../features/profile/profile-page').then((m) => m.ProfilePage),
);

/** Every feature's routes for one layout slot, in the order of app/features.ts. */
const fromFeatures = (slot: 'bare' | 'public' | 'member' | 'results'): RouteObject[] =>
  features.flatMap((feature) => feature[slot] ?? []);

/** /login is where the admin Logout lands (spec §2); the sign-in screen lives at /auth. */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

// spec §2 "Outside the main layout".
const outsideLayout: RouteObject[] = fromFeatures('bare');

// spec §2 "Main layout, public".
const publicPages: RouteObject[] = [
  homeRoute,
  { path: 'auth', Component: AuthPage },
  { path: 'login', Component: LoginRedirect },
  { path: 'reset-password', Component: ResetPasswordPage },
  { path: 'system-health', Component: SystemHealthPage },
  ...fromFeatures('public'),
];

// spec §2 "Main layout, login required" (the dashboards are the dashboard feature's).
const memberPages: RouteObject[] = [
  { path: 'profile', Component: ProfilePage },
  ...fromFeatures('member'),
];

// spec §2 "Result pages".
const resultPages: RouteObject[] = fromFeatures('results');

export const routes: RouteObject[] = [
  {
    Component: RouteErrors,
    children: [
      { Component: BareLayout, children: outsideLayout },
      {
        // The console's own routes load with its chunk (admin-pages.tsx), not in the entry.
        path: 'admin/*',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <AdminArea />
          </Suspense>
        ),
      },
      {
        Component: MainLayout,
        children: [
          ...publicPages,
          ...resultPages,
          { Component: RequireAuth, children: memberPages },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
