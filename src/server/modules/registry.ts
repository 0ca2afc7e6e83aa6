import type { CommerceHooks, ServerModule } from './module';
import { authModule } from './auth/auth.module';
import { eventsModule } from './events/events.module';
import { healthModule } from './health/health.module';
import { messagingModule } from './messaging/messaging.module';
import { newsletterModule } from './newsletter/newsletter.module';
import { notificationsModule } from './notifications/notifications.module';
import { ordersModule } from './orders/orders.module';
import { organizersModule } from './organizers/organizers.module';
import { passkeysModule } from './passkeys/passkeys.module';
import { twoFactorModule } from './two-factor/two-factor.module';
import { paymentsModule } from './payments/payments.module';
import { profilesModule } from './profiles/profiles.module';
import { ratingsModule } from './ratings/ratings.module';
import { siteModule } from './site/site.module';
import { ticketsModule } from './tickets/tickets.module';
import { adminModule, eventViewsModule, reportsModule } from './admin/admin.module';
import { contentModule } from './content/content.module';
import { ridesModule } from './rides/rides.module';
import { subscriptionsModule } from './subscriptions/subscriptions.module';
import { vendorsModule } from './vendors/vendors.module';
import { promotionsModule } from './promotions/promotions.module';
import { diaryModule } from './diary/diary.module';
import { feedbackModule } from './feedback/feedback.module';
import { affiliatesModule } from './affiliates/affiliates.module';
import { marketingModule } from './marketing/marketing.module';
import { seoModule } from './seo/seo.module';
import { developerModule } from './developer/developer.module';
import { streamingModule } from './streaming/streaming.module';
import { meetingsModule } from './meetings/meetings.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { languagesModule } from './languages/languages.module';
import { waitlistModule } from './waitlist/waitlist.module';
import { capacityPoolsModule } from './capacity-pools/capacity-pools.module';
import { accessCodesModule } from './access-codes/access-codes.module';
import { productsModule } from './products/products.module';
import { transfersModule } from './transfers/transfers.module';
import { questionsModule } from './questions/questions.module';
import { exportsModule } from './exports/exports.module';
import { taxesModule } from './taxes/taxes.module';
import { invoicesModule } from './invoices/invoices.module';
import { privacyModule } from './privacy/privacy.module';
import { devicesModule } from './devices/devices.module';
import { teamsModule } from './teams/teams.module';
import { doorModule } from './door/door.module';
import { badgesModule } from './badges/badges.module';
import { walletPassesModule } from './wallet-passes/wallet-passes.module';
import { billingDetailsModule } from './billing-details/billing-details.module';
import { seatingModule } from './seating/seating.module';

/**
 * The feature modules built on the module template (docs/architecture.md "How to add a
 * module"). One line each; order is the order routes, workers and seeds are registered.
 */
export const serverModules: ServerModule[] = [
  // The first modules, in the order app.ts registered them before the manifests.
  healthModule,
  siteModule,
  languagesModule,
  authModule,
  passkeysModule,
  twoFactorModule,
  profilesModule,
  ratingsModule,
  eventsModule,
  organizersModule,
  newsletterModule,
  ticketsModule,
  ordersModule,
  accessCodesModule,
  paymentsModule,
  notificationsModule,
  vendorsModule,
  messagingModule,
  subscriptionsModule,
  promotionsModule,
  diaryModule,
  feedbackModule,
  affiliatesModule,
  ridesModule,
  marketingModule,
  contentModule,
  adminModule,
  reportsModule,
  eventViewsModule,
  seoModule,
  developerModule,
  meetingsModule,
  streamingModule,
  dashboardModule,
  productsModule,
  transfersModule,
  // After dashboard: its seed makes the demo festival whose questions this one seeds.
  questionsModule,
  exportsModule,
  taxesModule,
  // After products: its demo pool is over the demo event's tickets.
  capacityPoolsModule,
  waitlistModule,
  privacyModule,
  devicesModule,
  billingDetailsModule,
  invoicesModule,
  teamsModule,
  doorModule,
  seatingModule,
  badgesModule,
  walletPassesModule,
];

/** The modules' commerce hooks, for the payment webhook, checkout and the reconcile job. */
export const commerceHooks = (): CommerceHooks => ({
  fulfil: serverModules.flatMap((m) => (m.fulfil ? [m.fulfil] : [])),
  confirmationWaits: serverModules.find((m) => m.confirmationWaits)?.confirmationWaits,
  planCheckout: serverModules.find((m) => m.planCheckout)?.planCheckout,
  subscriptionEvent: serverModules.find((m) => m.subscriptionEvent)?.subscriptionEvent,
  ticketMailLinks: serverModules.find((m) => m.ticketMailLinks)?.ticketMailLinks,
});
