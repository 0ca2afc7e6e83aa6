import type { ServerModule } from '../module';
import { affiliateRoutes } from './affiliates.routes';
import { foldClicks, settleSales } from './attribution.service';
import { seedAffiliates } from './affiliates.seed';

const SETTLE_QUEUE = 'affiliates.settle';

/** Referral links, click counting, commissions from paid orders, payouts, the W-9. */
export const affiliatesModule: ServerModule = {
  name: 'affiliates',
  prefix: '/affiliates',
  routes: affiliateRoutes,
  // Paid orders become commissions and refunds reversals even when nobody opens a dashboard;
  // the minute's counted clicks move into their referral records (spec §3 `clicks`).
  workers: async (ctx) => {
    await ctx.jobs.createQueue(SETTLE_QUEUE);
    await ctx.jobs.work(SETTLE_QUEUE, async () => {
      await foldClicks({ db: ctx.db });
      await settleSales({ db: ctx.db, clock: ctx.clock }, { limit: 2000 });
    });
    await ctx.jobs.schedule(SETTLE_QUEUE, '* * * * *');
  },
  seed: seedAffiliates,
};
