import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { copyProducts } from './products.copy';
import { productRoutes } from './products.routes';
import { seedProducts } from './products.seed';

registerEventCopier('products', copyProducts);

/** Products and add-ons: non-admission items sold alone or with chosen ticket types. */
export const productsModule: ServerModule = {
  name: 'products',
  routes: (ctx) => productRoutes(ctx),
  seed: seedProducts,
};
