import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { billingDetailsRoutes } from './billing-details.routes';
import { copyEventBillingSettings } from './billing-details.service';

// A duplicated event asks for billing details as the original did.
registerEventCopier('billing-details', copyEventBillingSettings);

/** Business buyers' billing details, VAT IDs and reverse charge (decision 060). */
export const billingDetailsModule: ServerModule = {
  name: 'billing-details',
  routes: billingDetailsRoutes,
};
