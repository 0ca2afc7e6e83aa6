import type { ServerModule } from '../module';
import { promotionRoutes } from './promotions.routes';
import { fulfilPromotionOrder, pruneServeMarks } from './promotions.service';
import { seedPromotions } from './promotions.seed';

const PRUNE_QUEUE = 'promotions.prune-marks';

/** Paid campaigns on the billboard and lists (API under the neutral /promotions). */
export const promotionsModule: ServerModule = {
  name: 'promotions',
  prefix: '/promotions',
  routes: promotionRoutes,
  fulfil: (tx, order) => fulfilPromotionOrder(tx, order, order.updatedAt),
  seed: seedPromotions,
  async workers(ctx) {
    await ctx.jobs.createQueue(PRUNE_QUEUE);
    // Daily: the marks only need to outlive the tokens that could still count them.
    await ctx.jobs.work(PRUNE_QUEUE, async () => {
      await pruneServeMarks(ctx);
    });
    await ctx.jobs.schedule(PRUNE_QUEUE, '17 4 * * *');
  },
};
