import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

// The console's pages (its own and the modules' admin screens). They are defined here, in the
// admin area's chunk, so the entry a visitor downloads does not carry a console route table.
const AdminOverviewPage = lazyPage(() =>
  import('../../features/admin/overview-page').then((m) => m.AdminOverviewPage),
);
const AdminUsersPage = lazyPage(() =>
  import('../../features/admin/users-page').then((m) => m.AdminUsersPage),
);
const AdminEventsPage = lazyPage(() =>
  import('../../features/admin/events-page').then((m) => m.AdminEventsPage),
);
const AdminOrdersPage = lazyPage(() =>
  import('../../features/admin/orders-page').then((m) => m.AdminOrdersPage),
);
const AdminAnalyticsPage = lazyPage(() =>
  import('../../features/admin/analytics-page').then((m) => m.AdminAnalyticsPage),
);
const AdminSettingsPage = lazyPage(() =>
  import('../../features/admin/settings-page').then((m) => m.AdminSettingsPage),
);
const AdminReportsPage = lazyPage(() =>
  import('../../features/admin/reports-page').then((m) => m.AdminReportsPage),
);
const AdminAffiliatesPage = lazyPage(() =>
  import('../../features/affiliates/admin-page').then((m) => m.AdminAffiliatesPage),
);
const PromotionReviewPage = lazyPage(() =>
  import('../../features/promotions/review-page').then((m) => m.PromotionReviewPage),
);
const AdminSupportPage = lazyPage(() =>
  import('../../features/content/admin-pages').then((m) => m.AdminSupportPage),
);
const AdminBlogPage = lazyPage(() =>
  import('../../features/content/admin-pages').then((m) => m.AdminBlogPage),
);
const AdminHelpPage = lazyPage(() =>
  import('../../features/content/admin-pages').then((m) => m.AdminHelpPage),
);
const AdminHelpArticlePage = lazyPage(() =>
  import('../../features/content/help-editor-page').then((m) => m.AdminHelpArticlePage),
);
const AdminSitePageEditor = lazyPage(() =>
  import('../../features/content/page-editor-page').then((m) => m.AdminSitePageEditor),
);
const AdminDataChecksPage = lazyPage(() =>
  import('../../features/admin/data-checks-page').then((m) => m.AdminDataChecksPage),
);
const AdminDeletionsPage = lazyPage(() =>
  import('../../features/privacy/admin-deletions-page').then((m) => m.AdminDeletionsPage),
);
const AdminPlatformTaxesPage = lazyPage(() =>
  import('../../features/taxes/admin-platform-taxes-page').then((m) => m.AdminPlatformTaxesPage),
);
const AdminWalletPage = lazyPage(() =>
  import('../../features/wallet-passes/admin-wallet-page').then((m) => m.AdminWalletPage),
);
const NotFoundPage = lazyPage(() => import('../routes/not-found-page').then((m) => m.NotFoundPage));
const AdminPlansPage = lazyPage(() =>
  import('../../features/subscriptions/admin-plans-page').then((m) => m.AdminPlansPage),
);

// spec §2 "Admin area (role admin)".
export const adminPages: RouteObject[] = [
  { index: true, element: <AdminOverviewPage /> },
  { path: 'users', element: <AdminUsersPage /> },
  { path: 'events', element: <AdminEventsPage /> },
  { path: 'reports', element: <AdminReportsPage /> },
  { path: 'orders', element: <AdminOrdersPage /> },
  { path: 'analytics', element: <AdminAnalyticsPage /> },
  { path: 'blog', element: <AdminBlogPage /> },
  { path: 'support', element: <AdminSupportPage /> },
  { path: 'settings', element: <AdminSettingsPage /> },
  { path: 'help', element: <AdminHelpPage /> },
  { path: 'help/articles/:id', element: <AdminHelpArticlePage /> },
  { path: 'help/pages/:slug', element: <AdminSitePageEditor /> },
  { path: 'plans', element: <AdminPlansPage /> },
  { path: 'ads', element: <PromotionReviewPage /> },
  { path: 'affiliates', element: <AdminAffiliatesPage /> },
  { path: 'platform-taxes', element: <AdminPlatformTaxesPage /> },
  { path: 'wallet-passes', element: <AdminWalletPage /> },
  { path: 'data-checks', element: <AdminDataChecksPage /> },
  { path: 'deletions', element: <AdminDeletionsPage /> },
  { path: '*', element: <NotFoundPage /> },
];
