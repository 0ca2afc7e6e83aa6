import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TokenQuerySchema } from '../../../contracts/marketing';
import type { ModuleContext } from '../module';
import { linkNotValidPage, pageLanguage, sendPage } from './marketing-pages';
import { track } from './tracking.service';

const tags = ['marketing'];

/** The open pixel and click redirect in campaign mail. */
export const trackingRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.get(
      '/t/open.gif',
      { schema: { tags, summary: 'Open-tracking pixel', querystring: TokenQuerySchema } },
      async (request, reply) => {
        await track(deps, 'open', request.query.token);
        return reply
          .type('image/gif')
          .header('cache-control', 'no-store')
          .send(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
      },
    );
    app.get(
      '/t/click',
      { schema: { tags, summary: 'Click-tracking redirect', querystring: TokenQuerySchema } },
      async (request, reply) => {
        const url = await track(deps, 'click', request.query.token);
        if (!url) {
          const { locale, _ } = await pageLanguage(request);
          return sendPage(reply, deps.config.APP_NAME, linkNotValidPage(_), locale);
        }
        return reply.redirect(url, 302);
      },
    );
  };
