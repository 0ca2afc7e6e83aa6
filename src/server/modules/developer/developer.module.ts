import type { ServerModule } from '../module';
import { developerRoutes } from './developer.routes';
import { v1EventDataRoutes } from './v1-event-data.routes';
import { seedDeveloper } from './developer.seed';
import { startDispatcher } from './webhooks.service';
import { widgetApiRoutes, widgetRootRoutes } from './widget.routes';

/** API keys, the public API v1 and outgoing webhooks (decision 029). */
export const developerModule: ServerModule = {
  name: 'developer',
  routes: (ctx) => async (app) => {
    await app.register(developerRoutes(ctx));
    await app.register(v1EventDataRoutes(ctx));
    await app.register(widgetApiRoutes(ctx));
  },
  // The ticket widget's script and framed page (the only pages other sites may frame).
  rootRoutes: (ctx) => widgetRootRoutes(ctx),
  workers: async (ctx, options) => {
    // Webhook deliveries are our own outbox table, claimed with SKIP LOCKED (decision 029).
    const stop = startDispatcher(ctx, {
      idleMs: Math.min(1000, (options.pollingIntervalSeconds ?? 1) * 1000),
      onError: (error) =>
        ctx.jobs.boss.emit('error', error instanceof Error ? error : new Error(String(error))),
    });
    ctx.jobs.onStopped(stop);
  },
  seed: seedDeveloper,
};
