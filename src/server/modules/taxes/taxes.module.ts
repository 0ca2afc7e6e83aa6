import type { ServerModule } from '../module';
import { taxesRoutes } from './taxes.routes';
import { seedTaxes } from './taxes.seed';

/** Organizers' tax rates and the tax on each order line (decision 058). */
export const taxesModule: ServerModule = {
  name: 'taxes',
  routes: taxesRoutes,
  seed: seedTaxes,
};
