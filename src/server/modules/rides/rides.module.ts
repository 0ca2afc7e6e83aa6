import type { ServerModule } from '../module';
import { rideRoutes } from './rides.routes';
import { seedRides } from './rides.seed';
import { fulfilRideSeat } from './ride-bookings.service';
import { cleanupPositions } from './ride-location.service';

const POSITIONS_QUEUE = 'rides.positions-cleanup';

/** Rides to events, "ryder" (decision 026). */
export const ridesModule: ServerModule = {
  name: 'rides',
  routes: rideRoutes,
  fulfil: fulfilRideSeat,
  seed: seedRides,
  async workers(ctx) {
    await ctx.jobs.createQueue(POSITIONS_QUEUE);
    // Live positions are deleted when read after expiry; this sweeps the ones nobody read, so
    // none outlives its trip by more than a minute.
    await ctx.jobs.work(POSITIONS_QUEUE, () => cleanupPositions(ctx));
    await ctx.jobs.schedule(POSITIONS_QUEUE, '* * * * *');
  },
};
