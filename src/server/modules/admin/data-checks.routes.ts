import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataCheckReportSchema } from '../../../contracts/data-checks';
import { ErrorBodySchema } from '../../../contracts/errors';
import { requireRole } from '../../platform/auth/guards';
import type { ModuleContext } from '../module';
import { runDataChecks } from './data-checks.service';

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
          response: { 200: DataCheckReportSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async () => runDataChecks({ db: ctx.db }),
    );
  };
