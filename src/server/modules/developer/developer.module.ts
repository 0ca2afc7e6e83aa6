import type { ServerModule } from '../module';
import { developerRoutes } from './developer.routes';

/** API keys and the public API v1 (issue 25). */
export const developerModule: ServerModule = {
  name: 'developer',
  routes: (ctx) => developerRoutes(ctx),
};
