import type { ServerModule } from '../module';
import { accessCodesRoutes } from './access-codes.routes';

/** Access codes that reveal hidden ticket types (decision 053). */
export const accessCodesModule: ServerModule = {
  name: 'access-codes',
  routes: accessCodesRoutes,
};
