import type { ServerModule } from '../module';
import { deviceRoutes } from './devices.routes';

/** "Where you're signed in": the person's sessions, and signing them out (decision 062). */
export const devicesModule: ServerModule = {
  name: 'devices',
  prefix: '/devices',
  routes: deviceRoutes,
};
