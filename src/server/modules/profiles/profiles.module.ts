import type { ServerModule } from '../module';
import { profileRoutes } from './profiles.routes';

/** The signed-in person's profile and settings. */
export const profilesModule: ServerModule = {
  name: 'profiles',
  prefix: '/profile',
  routes: profileRoutes,
};
