import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Ticket transfers: the page a mailed transfer link opens (the rest shows on other pages).
const ClaimPage = lazyPage(() => import('./claim-page').then((m) => m.ClaimPage));

export const transfersRoutes: FeatureRoutes = {
  // Not in spec §2: anyone with the link sees the offer; taking it asks them to sign in.
  public: [{ path: 'ticket-claim/:token', Component: ClaimPage }],
};
