import type { ServerModule } from '../module';
import { subscriptionRoutes } from './subscriptions.routes';
import { seedSubscriptions } from './subscriptions.seed';
import { fulfilPlan, startPlanCheckout } from './checkout.service';
import { sendEndingNotices } from './notices.service';
import { applyProviderSubscriptionEvent } from './provider-billing.service';
import { renewDue } from './renewals.service';

const RENEW_QUEUE = 'subscriptions.renew';
/** Rows per transaction: small enough to keep locks short, large enough for 100k in a minute. */
export const RENEW_BATCH = 500;

/** Subscription plans, billing and plan gating (decision 021). */
export const subscriptionsModule: ServerModule = {
  name: 'subscriptions',
  routes: subscriptionRoutes,
  fulfil: fulfilPlan,
  // Payments calls these without importing this module (decision 027: no cycle).
  planCheckout: startPlanCheckout,
  subscriptionEvent: applyProviderSubscriptionEvent,
  seed: seedSubscriptions,
  async workers(ctx) {
    await ctx.jobs.createQueue(RENEW_QUEUE);
    // Every minute: renew what is due, batch after batch until nothing is left. Two worker
    // processes can run this at once; SKIP LOCKED gives them different rows.
    await ctx.jobs.work(RENEW_QUEUE, async () => {
      for (;;) {
        const done = await renewDue(ctx, { limit: RENEW_BATCH });
        const total = done.renewed + done.failed + done.canceled + done.skipped;
        if (total < RENEW_BATCH || total === done.skipped) break;
      }
      await sendEndingNotices(ctx);
    });
    await ctx.jobs.schedule(RENEW_QUEUE, '* * * * *');
  },
};
