import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataCheckReportSchema } from '../../../contracts/data-checks';
import { requireRole } from '../../platform/auth/guards';
import type { ModuleContext } from '../module';
import { runDataChecks } from './data-checks.service';
import { errorResponses } from '../../platform/http/error-responses';

/** `GET /api/admin/data-checks`: the stored counters against their rows, for admins. */
export const dataCheckRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/data-checks',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary:
            'Checks, read-only, that every stored counter agrees with the rows it counts (as npm run doctor)',
          response: { 200: DataCheckReportSchema, ...errorResponses(401, 403) },
        },
      },
      async () => runDataChecks({ db: ctx.db }),
    );
  };
