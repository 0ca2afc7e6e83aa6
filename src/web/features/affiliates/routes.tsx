import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Affiliate and referral program.
const ReferralPage = lazyPage(() => import('./referral-page').then((m) => m.ReferralPage));
const PromoPage = lazyPage(() => import('./program-page').then((m) => m.PromoPage));
const AffiliateProgramPage = lazyPage(() =>
  import('./program-page').then((m) => m.AffiliateProgramPage),
);
const AffiliateJoinPage = lazyPage(() => import('./join-page').then((m) => m.AffiliateJoinPage));
const ReferralsPage = lazyPage(() => import('./referrals-page').then((m) => m.ReferralsPage));
const AffiliateProfilePage = lazyPage(() =>
  import('./profile-page').then((m) => m.AffiliateProfilePage),
);
const AffiliateIntegrationPage = lazyPage(() =>
  import('./integration-page').then((m) => m.AffiliateIntegrationPage),
);
const AffiliateTestPage = lazyPage(() => import('./test-page').then((m) => m.AffiliateTestPage));
const W9Page = lazyPage(() => import('./w9-page').then((m) => m.W9Page));

export const affiliatesRoutes: FeatureRoutes = {
  bare: [
    { path: 'r/:promoId', Component: ReferralPage },
    { path: 'promo', Component: PromoPage },
  ],
  public: [
    { path: 'affiliate-program', Component: AffiliateProgramPage },
    { path: 'affiliate', Component: AffiliateJoinPage },
    { path: 'referrals', Component: ReferralsPage },
  ],
  member: [
    { path: 'affiliate-profile', Component: AffiliateProfilePage },
    { path: 'affiliate-integration', Component: AffiliateIntegrationPage },
    { path: 'affiliate-test', Component: AffiliateTestPage },
    { path: 'w9-tax-form', element: <W9Page /> },
  ],
};
