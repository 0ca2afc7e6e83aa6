import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Waiting lists for sold-out ticket types (decision 054): a place behind its mailed link, and
// the organizer's list.
const WaitlistPlacePage = lazyPage(() =>
  import('./waitlist-place-page').then((m) => m.WaitlistPlacePage),
);
const WaitlistAdminPage = lazyPage(() =>
  import('./waitlist-admin-page').then((m) => m.WaitlistAdminPage),
);

export const waitlistRoutes: FeatureRoutes = {
  // Not in spec §2: the link works signed out (confirm, leave, decline); buying asks to sign in.
  public: [{ path: 'waitlist/:token', Component: WaitlistPlacePage }],
  // Not in spec §2: the event's waiting list (owner or admin).
  member: [{ path: 'event/:eventId/waitlist', Component: WaitlistAdminPage }],
};
