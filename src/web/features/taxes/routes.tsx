import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// An event's taxes: the organizer's rates, the price mode and each ticket type's rate.
const EventTaxesPage = lazyPage(() => import('./event-taxes-page').then((m) => m.EventTaxesPage));

export const taxesRoutes: FeatureRoutes = {
  member: [
    // Not in spec §2: the event's tax settings (owner or admin).
    { path: 'event/:eventId/taxes', Component: EventTaxesPage },
  ],
};
