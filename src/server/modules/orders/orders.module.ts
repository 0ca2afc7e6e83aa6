import type { ServerModule } from '../module';
import { expireHolds } from './holds.queries';
import { orderRoutes } from './orders.routes';
import { announceStockReturned } from './stock-returned';

const EXPIRE_HOLDS_QUEUE = 'orders.expire-holds';

/** Orders: quotes, holds, the buyer's and the admin's order lists (part of `commerce`). */
export const ordersModule: ServerModule = {
  name: 'orders',
  routes: (ctx) => orderRoutes(ctx.ticketing),
  async workers(ctx) {
    // Unpaid holds go back on sale even on events nobody is looking at (reads also expire them).
    await ctx.jobs.createQueue(EXPIRE_HOLDS_QUEUE);
    await ctx.jobs.work(EXPIRE_HOLDS_QUEUE, async () => {
      const expired = await expireHolds(ctx.db, ctx.clock.now());
      // Their tickets are back: the waiting lists get them first.
      if (expired.length) await announceStockReturned(ctx.jobs);
    });
    await ctx.jobs.schedule(EXPIRE_HOLDS_QUEUE, '* * * * *');
  },
};
