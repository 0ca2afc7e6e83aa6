import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BounceResultSchema } from '../../../contracts/marketing';
import type { ModuleContext } from '../module';
import { BOUNCE_SIGNATURE_HEADER } from './bounce-reports';
import { recordBounceReports } from './bounces.service';
import { errorResponses } from '../../platform/http/error-responses';

const tags = ['marketing'];

/**
 * A mail provider's asynchronous bounce and complaint reports (decision 024). The signature is
 * over the exact bytes received, so this plugin (a scope of its own once registered) keeps the body
 * raw.
 */
export const bounceRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_r, b, done) =>
      done(null, b),
    );
    app.post(
      '/bounces',
      {
        schema: {
          tags,
          summary:
            'Bounce and complaint reports from the mail provider (signed with BOUNCE_WEBHOOK_SECRET)',
          response: {
            200: BounceResultSchema,
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request) => {
        const header = request.headers[BOUNCE_SIGNATURE_HEADER];
        return recordBounceReports(
          deps,
          (request.body as Buffer | undefined) ?? Buffer.alloc(0),
          Array.isArray(header) ? header[0] : header,
        );
      },
    );
  };
