import type { ServerModule } from '../module';
import { languagesRoutes } from './languages.routes';

/** The language a person reads the product in (decision 049). */
export const languagesModule: ServerModule = {
  name: 'languages',
  routes: languagesRoutes,
};
