import { RequireAuth } from '../../app/guards/require-auth';
import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Vendor marketplace.
const VendorFeaturePage = lazyPage(() =>
  import('./vendor-feature-pages').then((m) => m.VendorFeaturePage),
);
const VendorsPage = lazyPage(() => import('./vendor-pages').then((m) => m.VendorsPage));
const VendorPage = lazyPage(() => import('./vendor-pages').then((m) => m.VendorPage));
const VendorProfilePage = lazyPage(() =>
  import('./vendor-profile-page').then((m) => m.VendorProfilePage),
);
const VendorApplyPage = lazyPage(() =>
  import('./vendor-apply-page').then((m) => m.VendorApplyPage),
);
const VendorApplicationsPage = lazyPage(() =>
  import('./vendor-applications-page').then((m) => m.VendorApplicationsPage),
);
const VendorHiringPage = lazyPage(() =>
  import('./vendor-hiring-page').then((m) => m.VendorHiringPage),
);
const VendorRequestsPage = lazyPage(() =>
  import('./vendor-requests-page').then((m) => m.VendorRequestsPage),
);
const NotFoundPage = lazyPage(() =>
  import('../../app/routes/not-found-page').then((m) => m.NotFoundPage),
);

export const vendorsRoutes: FeatureRoutes = {
  bare: [
    {
      Component: RequireAuth,
      children: [{ path: 'vendor_requests/:eventId', Component: VendorRequestsPage }],
    },
  ],
  public: [
    { path: 'vendors', Component: VendorsPage },
    { path: 'vendor/:id', Component: VendorPage },
    {
      path: 'features',
      children: [
        { path: 'vendor-search', element: <VendorFeaturePage feature="search" /> },
        { path: 'vendor-applications', element: <VendorFeaturePage feature="applications" /> },
        { path: 'vendor-hire', element: <VendorFeaturePage feature="hire" /> },
        { path: 'vendor-payment', element: <VendorFeaturePage feature="payment" /> },
        { path: 'vendor-tracker', element: <VendorFeaturePage feature="tracker" /> },
      ],
    },
  ],
  member: [
    { path: 'vendor-hiring', Component: VendorHiringPage },
    {
      element: <RoleGuard role="vendor" />,
      children: [
        { path: 'vendor-profile', Component: VendorProfilePage },
        { path: 'vendor_applications', Component: VendorApplicationsPage },
      ],
    },
    {
      // spec §2: everything under /vendors/* is guarded (the /vendors list itself is public).
      path: 'vendors',
      children: [
        {
          element: <RoleGuard role="vendor" />,
          children: [{ path: 'apply', Component: VendorApplyPage }],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ],
};
