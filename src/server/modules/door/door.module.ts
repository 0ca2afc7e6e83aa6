import type { ServerModule } from '../module';
import { doorRoutes } from './door.routes';

/** The check-in app at the door: lists, offline-verifiable codes, scans merged (decision 066). */
export const doorModule: ServerModule = {
  name: 'door',
  prefix: '/door',
  routes: doorRoutes,
};
