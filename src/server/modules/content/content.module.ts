import type { ServerModule } from '../module';
import { contentRootRoutes, contentRoutes } from './content.routes';
import { seedContent } from './content.seed';

/** Blog, help center and FAQ, site pages, support tickets and the assistant. */
export const contentModule: ServerModule = {
  name: 'content',
  routes: contentRoutes,
  rootRoutes: contentRootRoutes,
  seed: seedContent,
};
