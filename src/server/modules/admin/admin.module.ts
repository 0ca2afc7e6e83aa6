import type { ServerModule } from '../module';
import { adminRoutes } from './admin.routes';
import { refreshAnalyticsRollup } from './analytics.service';
import { eventViewRoutes } from './event-views.routes';
import { reportRoutes } from './reports.routes';

const ROLLUP_QUEUE = 'admin.analytics-rollup';

/** The admin and moderation console's API (decision 020). */
export const adminModule: ServerModule = {
  name: 'admin',
  prefix: '/admin',
  routes: (ctx) => adminRoutes(ctx),
  // The analytics rollup (decision 020): whole past days, hourly; today is always read live.
  workers: async (ctx) => {
    await ctx.jobs.createQueue(ROLLUP_QUEUE);
    await ctx.jobs.work(ROLLUP_QUEUE, async () => {
      await refreshAnalyticsRollup({ db: ctx.db, clock: ctx.clock });
    });
    await ctx.jobs.schedule(ROLLUP_QUEUE, '7 * * * *');
  },
};

/** `POST /api/reports`: the public side of the reports queue (the queue is under /admin). */
export const reportsModule: ServerModule = {
  name: 'reports',
  prefix: '/reports',
  routes: (ctx) => reportRoutes(ctx),
};

/** `POST /api/event-views`: event page views, counted for the analytics' conversion. */
export const eventViewsModule: ServerModule = {
  name: 'event-views',
  prefix: '/event-views',
  routes: (ctx) => eventViewRoutes(ctx),
};
