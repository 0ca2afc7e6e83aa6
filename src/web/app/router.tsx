import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { lazyPage } from './lazy-page';
import { RouteErrors } from './route-error';
import { dropServerHead } from './server-head';
import { HomeFallback } from './routes/home/home-fallback';
import { PageSpinner } from '../components/ui/spinner';

// Every page is loaded on first visit (spec §2); the layouts' PageFrame shows the spinner.
// Live streaming (issue 26).
const StreamSetupPage = lazyPage(() =>
  import('../features/streaming/stream-setup-page').then((m) => m.StreamSetupPage),
);
const WatchStreamPage = lazyPage(() =>
  import('../features/streaming/watch-page').then((m) => m.WatchPage),
);
const StreamAccessPage = lazyPage(() =>
  import('../features/streaming/stream-access-page').then((m) => m.StreamAccessPage),
);
const MeaStreamPage = lazyPage(() =>
  import('../features/streaming/mea-stream-page').then((m) => m.MeaStreamPage),
);
const StreamingSuccessPage = lazyPage(() =>
  import('../features/streaming/result-pages').then((m) => m.StreamingSuccessPage),
);
const StreamingCancelledPage = lazyPage(() =>
  import('../features/streaming/result-pages').then((m) => m.StreamingCancelledPage),
);
const AdminArea = lazyPage(() => import('./layouts/admin-area').then((m) => m.AdminArea));
const HomePage = lazyPage(() => import('./routes/home-page').then((m) => m.HomePage));
const AuthPage = lazyPage(() => import('./routes/auth-page').then((m) => m.AuthPage));
const SearchPage = lazyPage(() => import('./routes/search-page').then((m) => m.SearchPage));
const SystemHealthPage = lazyPage(() =>
  import('./routes/system-health-page').then((m) => m.SystemHealthPage),
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page').then((m) => m.NotFoundPage));
const ResetPasswordPage = lazyPage(() =>
  import('./routes/reset-password-page').then((m) => m.ResetPasswordPage),
);
const ProfilePage = lazyPage(() => import('./routes/profile-page').then((m) => m.ProfilePage));
const DashboardPage = lazyPage(() =>
  import('./routes/dashboard-page').then((m) => m.DashboardPage),
);
const OrganizerDashboardPage = lazyPage(() =>
  import('./routes/organizer-dashboard-page').then((m) => m.OrganizerDashboardPage),
);
const VenueDashboardPage = lazyPage(() =>
  import('./routes/venue-dashboard-page').then((m) => m.VenueDashboardPage),
);
const EventsPage = lazyPage(() => import('./routes/events-page').then((m) => m.EventsPage));
const EventPage = lazyPage(() => import('./routes/event-page').then((m) => m.EventPage));
const CreateEventPage = lazyPage(() =>
  import('./routes/create-event-page').then((m) => m.CreateEventPage),
);
const EditEventPage = lazyPage(() =>
  import('./routes/edit-event-page').then((m) => m.EditEventPage),
);
const MyEventsPage = lazyPage(() => import('./routes/my-events-page').then((m) => m.MyEventsPage));
const AdvancedEventsPage = lazyPage(() =>
  import('./routes/advanced-events-page').then((m) => m.AdvancedEventsPage),
);
const AdvanceAccessPage = lazyPage(() =>
  import('./routes/advance-access-page').then((m) => m.AdvanceAccessPage),
);
const CategoriesPage = lazyPage(() =>
  import('./routes/categories-page').then((m) => m.CategoriesPage),
);
const CategoryPage = lazyPage(() => import('./routes/category-page').then((m) => m.CategoryPage));
const DirectoryPage = lazyPage(() =>
  import('./routes/directory-page').then((m) => m.DirectoryPage),
);
const PublicProfilePage = lazyPage(() =>
  import('./routes/public-profile-page').then((m) => m.PublicProfilePage),
);
const MyStuffPage = lazyPage(() => import('./routes/my-stuff-page').then((m) => m.MyStuffPage));
const SharePage = lazyPage(() => import('./routes/share-page').then((m) => m.SharePage));
const DeveloperPage = lazyPage(() =>
  import('../features/developer/developer-page').then((m) => m.DeveloperPage),
);
const WidgetCheckoutPage = lazyPage(() =>
  import('../features/developer/widget-checkout-page').then((m) => m.WidgetCheckoutPage),
);
// Affiliate and referral program (issue 22).
const ReferralPage = lazyPage(() =>
  import('../features/affiliates/referral-page').then((m) => m.ReferralPage),
);
const PromoPage = lazyPage(() =>
  import('../features/affiliates/program-page').then((m) => m.PromoPage),
);
const AffiliateProgramPage = lazyPage(() =>
  import('../features/affiliates/program-page').then((m) => m.AffiliateProgramPage),
);
const AffiliateJoinPage = lazyPage(() =>
  import('../features/affiliates/join-page').then((m) => m.AffiliateJoinPage),
);
const ReferralsPage = lazyPage(() =>
  import('../features/affiliates/referrals-page').then((m) => m.ReferralsPage),
);
const AffiliateProfilePage = lazyPage(() =>
  import('../features/affiliates/profile-page').then((m) => m.AffiliateProfilePage),
);
const AffiliateIntegrationPage = lazyPage(() =>
  import('../features/affiliates/integration-page').then((m) => m.AffiliateIntegrationPage),
);
const AffiliateTestPage = lazyPage(() =>
  import('../features/affiliates/test-page').then((m) => m.AffiliateTestPage),
);
const W9Page = lazyPage(() => import('../features/affiliates/w9-page').then((m) => m.W9Page));
// Ticketing (issue 5).
const EventTicketsPage = lazyPage(() =>
  import('./routes/event-tickets-page').then((m) => m.EventTicketsPage),
);
const CheckInPage = lazyPage(() => import('./routes/check-in-page').then((m) => m.CheckInPage));
const DiscountCodesPage = lazyPage(() =>
  import('./routes/discount-codes-page').then((m) => m.DiscountCodesPage),
);
const BuyTicketsPage = lazyPage(() =>
  import('./routes/buy-tickets-page').then((m) => m.BuyTicketsPage),
);
const CartPage = lazyPage(() => import('./routes/cart-page').then((m) => m.CartPage));
const RegisterPage = lazyPage(() => import('./routes/register-page').then((m) => m.RegisterPage));
const PayPage = lazyPage(() => import('./routes/pay-page').then((m) => m.PayPage));
const PaymentSuccessPage = lazyPage(() =>
  import('./routes/payment-result-pages').then((m) => m.PaymentSuccessPage),
);
const PaymentCancelledPage = lazyPage(() =>
  import('./routes/payment-result-pages').then((m) => m.PaymentCancelledPage),
);
const ReceiptPage = lazyPage(() => import('./routes/receipt-page').then((m) => m.ReceiptPage));
const TicketPage = lazyPage(() => import('./routes/ticket-page').then((m) => m.TicketPage));
const AttendingPage = lazyPage(() =>
  import('./routes/attending-page').then((m) => m.AttendingPage),
);
const EventAttendingPage = lazyPage(() =>
  import('./routes/event-attending-page').then((m) => m.EventAttendingPage),
);
// Notifications (issue 6).
const NotificationsPage = lazyPage(() =>
  import('./routes/notifications-page').then((m) => m.NotificationsPage),
);
const NotificationSettingsPage = lazyPage(() =>
  import('./routes/notification-settings-page').then((m) => m.NotificationSettingsPage),
);
// Messaging (issue 8).
const MessagesPage = lazyPage(() => import('./routes/messages-page').then((m) => m.MessagesPage));
const EventGroupChatPage = lazyPage(() =>
  import('./routes/event-group-chat-page').then((m) => m.EventGroupChatPage),
);

// Vendor marketplace (issue 7).
const VendorFeaturePage = lazyPage(() =>
  import('./routes/vendor-feature-pages').then((m) => m.VendorFeaturePage),
);
const VendorsPage = lazyPage(() => import('./routes/vendor-pages').then((m) => m.VendorsPage));
const VendorPage = lazyPage(() => import('./routes/vendor-pages').then((m) => m.VendorPage));
const VendorProfilePage = lazyPage(() =>
  import('./routes/vendor-profile-page').then((m) => m.VendorProfilePage),
);
const VendorApplyPage = lazyPage(() =>
  import('./routes/vendor-apply-page').then((m) => m.VendorApplyPage),
);
const VendorApplicationsPage = lazyPage(() =>
  import('./routes/vendor-applications-page').then((m) => m.VendorApplicationsPage),
);
const VendorHiringPage = lazyPage(() =>
  import('./routes/vendor-hiring-page').then((m) => m.VendorHiringPage),
);
const VendorRequestsPage = lazyPage(() =>
  import('./routes/vendor-requests-page').then((m) => m.VendorRequestsPage),
);

// Issue 23: organizer marketing. The builder chunk carries Puck; /f/ pages never load it.
const EmailListsPage = lazyPage(() =>
  import('../features/email-lists/email-lists-page').then((m) => m.EmailListsPage),
);
const FunnelsPage = lazyPage(() =>
  import('../features/funnels/funnels-page').then((m) => m.FunnelsPage),
);
const FunnelBuilderPage = lazyPage(() =>
  import('../features/funnels/funnel-builder-page').then((m) => m.FunnelBuilderPage),
);
const PublicFunnelPage = lazyPage(() =>
  import('../features/funnels/public-funnel-page').then((m) => m.PublicFunnelPage),
);
const EmailPreferencesPage = lazyPage(() =>
  import('../features/email-lists/preferences-page').then((m) => m.EmailPreferencesPage),
);
// Rides to events (issue 27).
const EventRidesPage = lazyPage(() =>
  import('../features/rides/event-rides-page').then((m) => m.EventRidesPage),
);
const RidePage = lazyPage(() => import('../features/rides/ride-page').then((m) => m.RidePage));
const CreateRidePage = lazyPage(() =>
  import('../features/rides/ride-form-page').then((m) => m.CreateRidePage),
);
const EditRidePage = lazyPage(() =>
  import('../features/rides/ride-form-page').then((m) => m.EditRidePage),
);
const SharedRidePage = lazyPage(() =>
  import('../features/rides/shared-ride-page').then((m) => m.SharedRidePage),
);
const VendorLocationPage = lazyPage(() =>
  import('../features/rides/vendor-location-pages').then((m) => m.VendorLocationPage),
);
const VendorLocationsPage = lazyPage(() =>
  import('../features/rides/vendor-location-pages').then((m) => m.VendorLocationsPage),
);

const PromotionsPage = lazyPage(() =>
  import('../features/promotions/promotions-page').then((m) => m.PromotionsPage),
);
const DiaryPage = lazyPage(() => import('../features/diary/diary-page').then((m) => m.DiaryPage));
const FeedbackPage = lazyPage(() =>
  import('../features/feedback/feedback-page').then((m) => m.FeedbackPage),
);
const FeedbackResultsPage = lazyPage(() =>
  import('../features/feedback/results-page').then((m) => m.FeedbackResultsPage),
);

const BlogListPage = lazyPage(() =>
  import('../features/content/blog-list-page').then((m) => m.BlogListPage),
);
const BlogPostPage = lazyPage(() =>
  import('../features/content/blog-post-page').then((m) => m.BlogPostPage),
);
const PostEditorPage = lazyPage(() =>
  import('../features/content/post-editor-page').then((m) => m.PostEditorPage),
);
const HelpPage = lazyPage(() => import('../features/content/help-page').then((m) => m.HelpPage));
const FaqPage = lazyPage(() => import('../features/content/faq-page').then((m) => m.FaqPage));
const SitePage = lazyPage(() => import('../features/content/site-page').then((m) => m.SitePage));
const ContactPage = lazyPage(() =>
  import('../features/content/contact-page').then((m) => m.ContactPage),
);
const ContentFeaturePage = lazyPage(() =>
  import('../features/content/feature-pages').then((m) => m.ContentFeaturePage),
);

/** A route whose screen a later issue builds: one shared lazy page says what will be there. */
const PricingPage = lazyPage(() =>
  import('../features/subscriptions/pricing-page').then((m) => m.PricingPage),
);
const SubscriptionPage = lazyPage(() =>
  import('../features/subscriptions/subscription-page').then((m) => m.SubscriptionPage),
);
const SubscriptionSuccessPage = lazyPage(() =>
  import('../features/subscriptions/result-pages').then((m) => m.SubscriptionSuccessPage),
);
const SubscriptionCancelledPage = lazyPage(() =>
  import('../features/subscriptions/result-pages').then((m) => m.SubscriptionCancelledPage),
);

// Meetings (issue 26).
const MeetingPage = lazyPage(() =>
  import('../features/meetings/meeting-page').then((m) => m.MeetingPage),
);
const NewMeetingPage = lazyPage(() =>
  import('../features/meetings/new-meeting-page').then((m) => m.NewMeetingPage),
);

/** /login is where the admin Logout lands (spec §2); the sign-in screen lives at /auth. */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

// spec §2 "Outside the main layout".
const outsideLayout: RouteObject[] = [
  { path: 'r/:promoId', element: <ReferralPage /> },
  { path: 'promo', element: <PromoPage /> },
  { path: 'f/:slug', element: <PublicFunnelPage /> },
  {
    element: <RequireAuth />,
    children: [{ path: 'meameet/:meetingId', element: <MeetingPage /> }],
  },
  // The built-in test provider's hosted checkout page, shaped like a card provider's own page.
  { path: 'pay/:sessionId', element: <PayPage /> },
  {
    element: <RequireAuth />,
    children: [{ path: 'vendor_requests/:eventId', element: <VendorRequestsPage /> }],
  },
];

// spec §2 "Main layout, public". React Router ignores a trailing slash when matching, so
// /contact/, /about/, /privacy-policy/ and /terms/ reach the same pages (router.test.tsx proves it).
const publicPages: RouteObject[] = [
  {
    index: true,
    element: (
      <Suspense fallback={<HomeFallback />}>
        <HomePage />
      </Suspense>
    ),
  },
  { path: 'events', element: <EventsPage /> },
  // spec lists event/{id} and event/{eventId}: one pattern.
  { path: 'event/:eventId', element: <EventPage /> },
  { path: 'event/:eventId/attending', element: <EventAttendingPage /> },
  { path: 'categories', element: <CategoriesPage /> },
  { path: 'categories/:slug', element: <CategoryPage /> },
  { path: 'search', element: <SearchPage /> },
  { path: 'vendors', element: <VendorsPage /> },
  { path: 'vendor/:id', element: <VendorPage /> },
  { path: 'venues', element: <DirectoryPage type="venue" /> },
  { path: 'venues/:id', element: <PublicProfilePage kind="venue" /> },
  { path: 'organizers', element: <DirectoryPage type="organizer" /> },
  { path: 'organizers/:id', element: <PublicProfilePage kind="organizer" /> },
  { path: 'providers', element: <DirectoryPage type="provider" /> },
  { path: 'blog', element: <BlogListPage /> },
  { path: 'blog/:id', element: <BlogPostPage /> },
  { path: 'pricing', element: <PricingPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'help', element: <HelpPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'about', element: <SitePage slug="about" /> },
  { path: 'privacy-policy', element: <SitePage slug="privacy-policy" /> },
  { path: 'privacy', element: <SitePage slug="privacy-policy" /> },
  { path: 'terms', element: <SitePage slug="terms" /> },
  { path: 'cookies', element: <SitePage slug="cookies" /> },
  { path: 'accessibility', element: <SitePage slug="accessibility" /> },
  { path: 'careers', element: <SitePage slug="careers" /> },
  { path: 'auth', element: <AuthPage /> },
  { path: 'login', element: <LoginRedirect /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  // The manage-preferences link of every campaign mail: the signed token is the key (issue 23).
  { path: 'email-preferences', element: <EmailPreferencesPage /> },
  { path: 'affiliate-program', element: <AffiliateProgramPage /> },
  { path: 'affiliate', element: <AffiliateJoinPage /> },
  { path: 'referrals', element: <ReferralsPage /> },
  { path: 'system-health', element: <SystemHealthPage /> },
  { path: 'shared-ryder/:ryderId', element: <SharedRidePage /> },
  { path: 'stream-access', element: <StreamAccessPage /> },
  { path: 'share', element: <SharePage /> },
  { path: 'mea-share', element: <SharePage /> },
  {
    // Signed in (spec §2), except an e-mail's ?unsubscribe= link, which works signed out.
    element: <RequireAuth unlessQuery="unsubscribe" />,
    children: [{ path: 'notification-settings', element: <NotificationSettingsPage /> }],
  },
  {
    // My events need an account (GET /api/me/events answers only the signed-in user).
    element: <RequireAuth />,
    children: [
      { path: 'attending', element: <AttendingPage /> },
      { path: 'mea-attending', element: <AttendingPage /> },
      { path: 'mea-events', element: <MyStuffPage title="My Events Calendar" /> },
      { path: 'mea-mystuff', element: <MyStuffPage title="My Stuff" /> },
    ],
  },
  { path: 'mea-attending/:eventId', element: <EventAttendingPage /> },
  { path: 'stream/watch/:streamId', element: <WatchStreamPage /> },
  {
    path: 'features',
    children: [
      { path: 'create-events', element: <ContentFeaturePage feature="create-events" /> },
      { path: 'vendor-search', element: <VendorFeaturePage feature="search" /> },
      { path: 'vendor-applications', element: <VendorFeaturePage feature="applications" /> },
      { path: 'vendor-hire', element: <VendorFeaturePage feature="hire" /> },
      { path: 'vendor-payment', element: <VendorFeaturePage feature="payment" /> },
      { path: 'vendor-tracker', element: <VendorFeaturePage feature="tracker" /> },
      { path: 'event-ryder', element: <ContentFeaturePage feature="event-ryder" /> },
      { path: 'event-streaming', element: <ContentFeaturePage feature="event-streaming" /> },
      { path: 'ticket-sales', element: <ContentFeaturePage feature="ticket-sales" /> },
      { path: 'payment-processing', element: <ContentFeaturePage feature="payment-processing" /> },
    ],
  },
];

// spec §2 "Main layout, login required", plus the navigation targets listed with them.
const memberPages: RouteObject[] = [
  { path: 'event-diary', element: <DiaryPage /> },
  { path: 'meameet', element: <NewMeetingPage /> },
  { path: 'event-ryder/:eventId', element: <EventRidesPage /> },
  { path: 'ryder/create', element: <CreateRidePage /> },
  { path: 'ryder/:ryderId', element: <RidePage /> },
  { path: 'create-ryder', element: <CreateRidePage /> },
  { path: 'edit-ryder/:ryderId', element: <EditRidePage /> },
  // Not in spec §2: a vendor shares their location with the organizer on the event day (issue 27).
  { path: 'event/:eventId/vendor-location', element: <VendorLocationPage /> },
  { path: 'event/:eventId/vendor-locations', element: <VendorLocationsPage /> },
  { path: 'profile', element: <ProfilePage /> },
  // Not in spec §2: developer settings for API keys (issue 25).
  { path: 'developer', element: <DeveloperPage /> },
  // The ticket widget's checkout popup (issue 25): ties the widget to the buyer, then /ticket.
  { path: 'widget/checkout/:eventId', element: <WidgetCheckoutPage /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'organizer-dashboard', element: <OrganizerDashboardPage /> },
  { path: 'venue-dashboard', element: <VenueDashboardPage /> },
  { path: 'my-events', element: <MyEventsPage /> },
  { path: 'messages', element: <MessagesPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'ticket/:id', element: <TicketPage /> },
  { path: 'ticket', element: <BuyTicketsPage /> },
  { path: 'receipt', element: <ReceiptPage /> },
  { path: 'event/:eventId/register', element: <RegisterPage /> },
  { path: 'event/:eventId/stream', element: <StreamSetupPage /> },
  { path: 'event/:eventId/tickets', element: <EventTicketsPage /> },
  // Not in spec §2: the door's check-in desk (type or scan ticket codes).
  { path: 'event/:eventId/check-in', element: <CheckInPage /> },
  { path: 'event/:eventId/discount-codes', element: <DiscountCodesPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'vendor-profile', element: <VendorProfilePage /> },
  { path: 'vendor-hiring', element: <VendorHiringPage /> },
  { path: 'vendor_applications', element: <VendorApplicationsPage /> },
  { path: 'event-feedback', element: <FeedbackPage /> },
  // Not in spec §2: an organizer's results for one event (issue 24).
  { path: 'event-feedback/:eventId', element: <FeedbackResultsPage /> },
  { path: 'event-group-chat', element: <EventGroupChatPage /> },
  { path: 'email-lists', element: <EmailListsPage /> },
  { path: 'ads', element: <PromotionsPage /> },
  { path: 'subscription', element: <SubscriptionPage /> },
  { path: 'mea-stream', element: <MeaStreamPage /> },
  { path: 'affiliate-profile', element: <AffiliateProfilePage /> },
  { path: 'affiliate-integration', element: <AffiliateIntegrationPage /> },
  { path: 'affiliate-test', element: <AffiliateTestPage /> },
  { path: 'w9-tax-form', element: <W9Page /> },
  { path: 'funnels', element: <FunnelsPage /> },
  { path: 'funnel-builder/:id', element: <FunnelBuilderPage /> },
  { path: 'advanced-events', element: <AdvancedEventsPage /> },
  { path: 'advance-access', element: <AdvanceAccessPage /> },
  { path: 'events/create', element: <CreateEventPage /> },
  { path: 'create-event', element: <CreateEventPage /> },
  { path: 'edit-event/:id', element: <EditEventPage /> },
  { path: 'create-post', element: <PostEditorPage /> },
  { path: 'edit-post/:id', element: <PostEditorPage /> },
  {
    // spec §2: everything under /vendors/* is guarded (the /vendors list itself is public).
    path: 'vendors',
    children: [
      { path: 'apply', element: <VendorApplyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// spec §2 "Result pages".
const resultPages: RouteObject[] = [
  { path: 'streaming/success', element: <StreamingSuccessPage /> },
  { path: 'streaming/cancelled', element: <StreamingCancelledPage /> },
  { path: 'subscription/success', element: <SubscriptionSuccessPage /> },
  { path: 'subscription/cancelled', element: <SubscriptionCancelledPage /> },
  { path: 'mea/payment-success', element: <PaymentSuccessPage /> },
  { path: 'mea/payment-cancelled', element: <PaymentCancelledPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RouteErrors />,
    children: [
      { element: <BareLayout />, children: outsideLayout },
      {
        // The console's own routes load with its chunk (admin-pages.tsx), not in the entry.
        path: 'admin/*',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <AdminArea />
          </Suspense>
        ),
      },
      {
        element: <MainLayout />,
        children: [
          ...publicPages,
          ...resultPages,
          { element: <RequireAuth />, children: memberPages },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The routes in declarative mode (BrowserRouter + useRoutes): the app uses no loaders, actions
 * or fetchers, and the data router that createBrowserRouter brings is 15 KB gzip of the first
 * paint (decision 016).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dropServerHead();
  }, [pathname]);
  return useRoutes(routes);
}
