import type { ServerModule } from '../module';
import { fulfilVendorFee } from './vendor-fee';
import { vendorLocationRoutes } from './vendor-location.routes';
import { cleanupVendorPositions } from './vendor-location.service';
import { vendorRequestSource } from './vendor-request-source';
import { vendorRoutes } from './vendors.routes';

const POSITIONS_QUEUE = 'vendors.positions-cleanup';

/** Vendors: profiles, event vendor requests and their fees, bookings (spec §4), live positions. */
export const vendorsModule: ServerModule = {
  name: 'vendors',
  routes: (ctx) => async (app) => {
    await app.register(vendorRoutes({ ...ctx, orders: ctx.ticketing.orders }));
    await app.register(vendorLocationRoutes(ctx));
  },
  realtimeSources: (deps) => [vendorRequestSource(deps.db)],
  fulfil: fulfilVendorFee,
  async workers(ctx) {
    await ctx.jobs.createQueue(POSITIONS_QUEUE);
    // Positions are deleted when read after expiry; this sweeps the ones nobody read, so none
    // outlives the event day by more than a minute.
    await ctx.jobs.work(POSITIONS_QUEUE, () => cleanupVendorPositions(ctx));
    await ctx.jobs.schedule(POSITIONS_QUEUE, '* * * * *');
  },
};
