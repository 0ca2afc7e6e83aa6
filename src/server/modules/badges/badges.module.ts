import type { ServerModule } from '../module';
import { badgeRoutes } from './badges.routes';

/** Name badges: templates per event, printed as PDF in bulk or at the door (decision 075). */
export const badgesModule: ServerModule = {
  name: 'badges',
  prefix: '/badges',
  routes: badgeRoutes,
};
