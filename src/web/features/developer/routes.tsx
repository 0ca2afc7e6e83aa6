import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const DeveloperPage = lazyPage(() => import('./developer-page').then((m) => m.DeveloperPage));
const WidgetCheckoutPage = lazyPage(() =>
  import('./widget-checkout-page').then((m) => m.WidgetCheckoutPage),
);

export const developerRoutes: FeatureRoutes = {
  member: [
    // Not in spec §2: developer settings for API keys.
    { path: 'developer', Component: DeveloperPage },
    // The ticket widget's checkout popup: ties the widget to the buyer, then /ticket.
    { path: 'widget/checkout/:eventId', Component: WidgetCheckoutPage },
  ],
};
