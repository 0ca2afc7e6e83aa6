import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { copyCapacityPools } from './capacity-pools.copy';
import { capacityPoolsRoutes } from './capacity-pools.routes';
import { seedCapacityPools } from './capacity-pools.seed';

// Pools are over ticket types and products, so they are copied after both.
registerEventCopier('capacityPools', copyCapacityPools, { after: ['products'] });

/** Capacity shared by several ticket types and products of an event (decision 052). */
export const capacityPoolsModule: ServerModule = {
  name: 'capacity-pools',
  routes: capacityPoolsRoutes,
  seed: seedCapacityPools,
};
