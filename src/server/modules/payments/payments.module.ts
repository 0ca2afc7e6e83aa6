import type { ServerModule } from '../module';
import { paymentRoutes } from './payments.routes';

/**
 * Payments: checkout sessions, the provider's webhooks, the local hosted page (part of
 * `commerce`). Its reconcile job runs every module's fulfil hook, so workers.ts starts it with
 * the registry's hooks rather than this manifest (which the registry imports).
 */
export const paymentsModule: ServerModule = {
  name: 'payments',
  routes: (ctx) => paymentRoutes(ctx, ctx.ticketing),
};
