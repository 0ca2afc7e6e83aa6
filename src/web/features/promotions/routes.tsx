import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const PromotionsPage = lazyPage(() => import('./promotions-page').then((m) => m.PromotionsPage));

export const promotionsRoutes: FeatureRoutes = {
  member: [
    {
      // Ads promote what an account offers; attendees offer nothing to promote.
      element: <RoleGuard role={['organizer', 'vendor', 'venue']} />,
      children: [{ path: 'ads', Component: PromotionsPage }],
    },
  ],
};
