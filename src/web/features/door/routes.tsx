import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// The installable check-in app (decision 066): outside the main layout, full screen on a phone.
// It asks for no sign-in wall of its own: offline, a list already on the device is enough.
const CheckInAppPage = lazyPage(() => import('./check-in-app-page').then((m) => m.CheckInAppPage));

export const doorRoutes: FeatureRoutes = {
  bare: [
    { path: 'check-in', Component: CheckInAppPage },
    { path: 'check-in/:eventId', Component: CheckInAppPage },
  ],
};
