import type { ServerModule } from '../module';
import { fulfilVendorFee } from './vendor-fee';

/** Vendors: profiles, event vendor requests and their fees, bookings (spec §4). */
export const vendorsModule: ServerModule = {
  name: 'vendors',
  fulfil: fulfilVendorFee,
};
