import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Invoices: the organizer's billing profile (the order pages show invoices through the index).
const BillingProfilePage = lazyPage(() =>
  import('./billing-profile-page').then((m) => m.BillingProfilePage),
);

export const invoicesRoutes: FeatureRoutes = {
  // Not in spec §2: an organizer's invoice settings, linked from the dashboard's tools.
  member: [{ path: 'invoice-settings', Component: BillingProfilePage }],
};
