import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// The dashboards: everyone's /dashboard (tickets, next events) and the hosts' own (spec §2
// names /organizer-dashboard and /venue-dashboard as where they land after signing in).
const DashboardPage = lazyPage(() => import('./dashboard-page').then((m) => m.DashboardPage));
const OrganizerDashboardPage = lazyPage(() =>
  import('./organizer-dashboard-page').then((m) => m.OrganizerDashboardPage),
);
const VenueDashboardPage = lazyPage(() =>
  import('./venue-dashboard-page').then((m) => m.VenueDashboardPage),
);

export const dashboardRoutes: FeatureRoutes = {
  member: [
    { path: 'dashboard', Component: DashboardPage },
    {
      element: <RoleGuard role="organizer" />,
      children: [{ path: 'organizer-dashboard', Component: OrganizerDashboardPage }],
    },
    {
      element: <RoleGuard role="venue" />,
      children: [{ path: 'venue-dashboard', Component: VenueDashboardPage }],
    },
  ],
};
