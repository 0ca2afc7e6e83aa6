import type { ServerModule } from '../module';
import { adminRoutes } from './admin.routes';

/** The admin and moderation console's API (issue 19, decision 020). */
export const adminModule: ServerModule = {
  name: 'admin',
  prefix: '/admin',
  routes: (ctx) => adminRoutes(ctx),
};
