import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// "Download my data" and "Delete my account" (decision 063); the mails link here.
const PrivacyPage = lazyPage(() => import('./privacy-page').then((m) => m.PrivacyPage));

export const privacyRoutes: FeatureRoutes = {
  member: [{ path: 'account/privacy', Component: PrivacyPage }],
};
