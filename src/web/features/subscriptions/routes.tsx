import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const PricingPage = lazyPage(() => import('./pricing-page').then((m) => m.PricingPage));
const SubscriptionPage = lazyPage(() =>
  import('./subscription-page').then((m) => m.SubscriptionPage),
);
const SubscriptionSuccessPage = lazyPage(() =>
  import('./result-pages').then((m) => m.SubscriptionSuccessPage),
);
const SubscriptionCancelledPage = lazyPage(() =>
  import('./result-pages').then((m) => m.SubscriptionCancelledPage),
);

export const subscriptionsRoutes: FeatureRoutes = {
  public: [{ path: 'pricing', Component: PricingPage }],
  member: [{ path: 'subscription', Component: SubscriptionPage }],
  results: [
    { path: 'subscription/success', Component: SubscriptionSuccessPage },
    { path: 'subscription/cancelled', Component: SubscriptionCancelledPage },
  ],
};
