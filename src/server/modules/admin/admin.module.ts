import type { ServerModule } from '../module';
import { adminRoutes } from './admin.routes';
import { eventViewRoutes } from './event-views.routes';
import { reportRoutes } from './reports.routes';

/** The admin and moderation console's API (issue 19, decision 020). */
export const adminModule: ServerModule = {
  name: 'admin',
  prefix: '/admin',
  routes: (ctx) => adminRoutes(ctx),
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
