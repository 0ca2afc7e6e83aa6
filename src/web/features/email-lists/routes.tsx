import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Organizer marketing (lists and campaigns).
const EmailListsPage = lazyPage(() => import('./email-lists-page').then((m) => m.EmailListsPage));
const EmailPreferencesPage = lazyPage(() =>
  import('./preferences-page').then((m) => m.EmailPreferencesPage),
);

export const emailListsRoutes: FeatureRoutes = {
  public: [
    // The manage-preferences link of every campaign mail: the signed token is the key.
    { path: 'email-preferences', Component: EmailPreferencesPage },
  ],
  member: [
    {
      // Lists and campaigns belong to the people who sell, as on the server.
      element: <RoleGuard role={['organizer', 'vendor', 'venue']} />,
      children: [{ path: 'email-lists', Component: EmailListsPage }],
    },
  ],
};
