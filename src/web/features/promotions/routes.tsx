import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

const PromotionsPage = lazyPage(() => import('./promotions-page').then((m) => m.PromotionsPage));

export const promotionsRoutes: FeatureRoutes = {
  member: [{ path: 'ads', Component: PromotionsPage }],
  menu: [{ to: paths.ads(), label: 'Ads', order: 140, signedIn: true }],
};
