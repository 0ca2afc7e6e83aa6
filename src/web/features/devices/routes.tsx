import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// One-time sign-in links: the page a mailed link opens (decision 062).
const SignInLinkPage = lazyPage(() => import('./sign-in-link-page').then((m) => m.SignInLinkPage));

export const devicesRoutes: FeatureRoutes = {
  public: [{ path: 'auth/link', Component: SignInLinkPage }],
};
