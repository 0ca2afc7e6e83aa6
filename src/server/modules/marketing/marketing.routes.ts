import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module';
import { bounceRoutes } from './bounces.routes';
import { campaignRoutes } from './campaigns.routes';
import { funnelRoutes } from './funnels.routes';
import { listRoutes } from './lists.routes';
import { preferenceRoutes } from './preferences.routes';
import { subscriptionLinkRoutes } from './subscription-links.routes';
import { trackingRoutes } from './tracking.routes';

/** Every marketing route, one file per area, under `/api/marketing`. */
export const marketingRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` as a form; the hosted
    // sign-up form posts one too. Added before the areas register, so each inherits it.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    await app.register(listRoutes(ctx));
    await app.register(subscriptionLinkRoutes(ctx));
    await app.register(preferenceRoutes(ctx));
    await app.register(trackingRoutes(ctx));
    await app.register(bounceRoutes(ctx));
    await app.register(campaignRoutes(ctx));
    await app.register(funnelRoutes(ctx));
  };
