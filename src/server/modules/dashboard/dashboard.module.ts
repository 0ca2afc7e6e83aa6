import type { ServerModule } from '../module';
import { dashboardRoutes } from './dashboard.routes';
import { seedDashboard } from './dashboard.seed';

/** The host dashboard of organizers and venues (a read model over their events). */
export const dashboardModule: ServerModule = {
  name: 'dashboard',
  prefix: '/dashboard',
  routes: dashboardRoutes,
  seed: seedDashboard,
};
