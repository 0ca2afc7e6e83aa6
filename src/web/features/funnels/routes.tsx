import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Organizer marketing. The builder chunk carries Puck; /f/ pages never load it.
const FunnelsPage = lazyPage(() => import('./funnels-page').then((m) => m.FunnelsPage));
const FunnelBuilderPage = lazyPage(() =>
  import('./funnel-builder-page').then((m) => m.FunnelBuilderPage),
);
const PublicFunnelPage = lazyPage(() =>
  import('./public-funnel-page').then((m) => m.PublicFunnelPage),
);

export const funnelsRoutes: FeatureRoutes = {
  bare: [{ path: 'f/:slug', Component: PublicFunnelPage }],
  member: [
    {
      // Funnels belong to the people who sell, as on the server.
      element: <RoleGuard role={['organizer', 'vendor', 'venue']} />,
      children: [
        { path: 'funnels', Component: FunnelsPage },
        { path: 'funnel-builder/:id', Component: FunnelBuilderPage },
      ],
    },
  ],
};
