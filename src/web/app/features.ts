import type { FeatureRoutes } from './feature-routes';
import { accessCodesRoutes } from '../features/access-codes/routes';
import { affiliatesRoutes } from '../features/affiliates/routes';
import { contentRoutes } from '../features/content/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { developerRoutes } from '../features/developer/routes';
import { diaryRoutes } from '../features/diary/routes';
import { privacyRoutes } from '../features/privacy/routes';
import { directoryRoutes } from '../features/directory/routes';
import { emailListsRoutes } from '../features/email-lists/routes';
import { eventsRoutes } from '../features/events/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { funnelsRoutes } from '../features/funnels/routes';
import { meetingsRoutes } from '../features/meetings/routes';
import { messagingRoutes } from '../features/messaging/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { promotionsRoutes } from '../features/promotions/routes';
import { questionsRoutes } from '../features/questions/routes';
import { ridesRoutes } from '../features/rides/routes';
import { streamingRoutes } from '../features/streaming/routes';
import { subscriptionsRoutes } from '../features/subscriptions/routes';
import { ticketAdminRoutes } from '../features/ticket-admin/routes';
import { waitlistRoutes } from '../features/waitlist/routes';
import { ticketsRoutes } from '../features/tickets/routes';
import { transfersRoutes } from '../features/transfers/routes';
import { twoFactorRoutes } from '../features/two-factor/routes';
import { devicesRoutes } from '../features/devices/routes';
import { invoicesRoutes } from '../features/invoices/routes';
import { vendorsRoutes } from '../features/vendors/routes';
import { taxesRoutes } from '../features/taxes/routes';
import { teamsRoutes } from '../features/teams/routes';
import { doorRoutes } from '../features/door/routes';
import { seatingRoutes } from '../features/seating/routes';
import { walletPassesRoutes } from '../features/wallet-passes/routes';

/**
 * Every web feature's routes and menu entries. A new feature exports a `FeatureRoutes` from
 * `features/<m>/routes.tsx` and adds one line here. The console's pages are not here: they load
 * with the admin area's chunk (`layouts/admin-pages.tsx`).
 */
export const features: FeatureRoutes[] = [
  dashboardRoutes,
  eventsRoutes,
  directoryRoutes,
  ticketsRoutes,
  ticketAdminRoutes,
  accessCodesRoutes,
  taxesRoutes,
  waitlistRoutes,
  vendorsRoutes,
  notificationsRoutes,
  messagingRoutes,
  contentRoutes,
  subscriptionsRoutes,
  affiliatesRoutes,
  developerRoutes,
  emailListsRoutes,
  funnelsRoutes,
  promotionsRoutes,
  questionsRoutes,
  feedbackRoutes,
  diaryRoutes,
  privacyRoutes,
  ridesRoutes,
  streamingRoutes,
  meetingsRoutes,
  transfersRoutes,
  twoFactorRoutes,
  invoicesRoutes,
  devicesRoutes,
  teamsRoutes,
  doorRoutes,
  seatingRoutes,
  walletPassesRoutes,
];
