import type { ServerModule } from '../module';
import { siteRoutes } from './site.routes';

/** Public site settings the SPA reads at start. */
export const siteModule: ServerModule = { name: 'site', routes: siteRoutes };
