import type { ServerModule } from '../module';
import { platformTaxRoutes } from './platform-taxes.routes';
import { taxesRoutes } from './taxes.routes';
import { seedTaxes } from './taxes.seed';

/** Organizers' tax rates and the tax on each order line (decision 058); the platform's own. */
export const taxesModule: ServerModule = {
  name: 'taxes',
  routes: (ctx) => async (app) => {
    await app.register(taxesRoutes(ctx));
    await app.register(platformTaxRoutes(ctx));
  },
  seed: seedTaxes,
};
