import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Access codes that reveal hidden ticket types: the organizer's page (decision 053).
const AccessCodesPage = lazyPage(() =>
  import('./access-codes-page').then((m) => m.AccessCodesPage),
);

export const accessCodesRoutes: FeatureRoutes = {
  member: [
    // Not in spec §2: the event's access codes (owner or admin).
    { path: 'event/:eventId/access-codes', Component: AccessCodesPage },
  ],
};
