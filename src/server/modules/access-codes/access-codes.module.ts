import type { ServerModule } from '../module';
import { registerAccessCodesCopier } from './access-codes.copier';
import { accessCodesRoutes } from './access-codes.routes';
import { seedAccessCodes } from './access-codes.seed';

registerAccessCodesCopier();

/** Access codes that reveal hidden ticket types (decision 053). */
export const accessCodesModule: ServerModule = {
  name: 'access-codes',
  routes: accessCodesRoutes,
  seed: seedAccessCodes,
};
