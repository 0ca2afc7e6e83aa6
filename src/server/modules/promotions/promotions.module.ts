import type { ServerModule } from '../module';
import { promotionRoutes } from './promotions.routes';
import { fulfilPromotionOrder } from './promotions.service';
import { seedPromotions } from './promotions.seed';

/** Issue 24: paid campaigns on the billboard and lists (API under the neutral /promotions). */
export const promotionsModule: ServerModule = {
  name: 'promotions',
  prefix: '/promotions',
  routes: promotionRoutes,
  fulfil: (tx, order) => fulfilPromotionOrder(tx, order, order.updatedAt),
  seed: seedPromotions,
};
