import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const DirectoryPage = lazyPage(() => import('./directory-page').then((m) => m.DirectoryPage));
const PublicProfilePage = lazyPage(() =>
  import('./public-profile-page').then((m) => m.PublicProfilePage),
);

// Venues, organizers and providers (spec §2).
export const directoryRoutes: FeatureRoutes = {
  public: [
    { path: 'venues', element: <DirectoryPage type="venue" /> },
    { path: 'venues/:id', element: <PublicProfilePage kind="venue" /> },
    { path: 'organizers', element: <DirectoryPage type="organizer" /> },
    { path: 'organizers/:id', element: <PublicProfilePage kind="organizer" /> },
    { path: 'providers', element: <DirectoryPage type="provider" /> },
  ],
};
