import type { ServerModule } from '../module';
import { teamRoutes } from './teams.routes';

/** Teams with scoped roles: invitations, members, activity log (decision 065). */
export const teamsModule: ServerModule = {
  name: 'teams',
  prefix: '/teams',
  routes: teamRoutes,
};
