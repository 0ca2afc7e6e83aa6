import type { ServerModule } from '../module';
import { newsletterRoutes } from './newsletter.routes';

/** Newsletter sign-up. */
export const newsletterModule: ServerModule = { name: 'newsletter', routes: newsletterRoutes };
