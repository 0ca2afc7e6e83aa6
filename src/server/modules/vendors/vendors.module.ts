import type { ServerModule } from '../module';
import { fulfilVendorFee } from './vendor-fee';
import { vendorRequestSource } from './vendor-request-source';
import { vendorRoutes } from './vendors.routes';

/** Vendors: profiles, event vendor requests and their fees, bookings (spec §4). */
export const vendorsModule: ServerModule = {
  name: 'vendors',
  routes: (ctx) => vendorRoutes({ ...ctx, orders: ctx.ticketing.orders }),
  realtimeSources: (deps) => [vendorRequestSource(deps.db)],
  fulfil: fulfilVendorFee,
};
