import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HostDashboardQuerySchema, HostDashboardSchema } from '../../../contracts/dashboard';
import { ErrorBodySchema } from '../../../contracts/errors';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { getHostDashboard } from './dashboard.service';

export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/host',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['dashboard'],
          summary:
            "The signed-in organizer's or venue's dashboard: upcoming events, sales, check-ins, applications, messages, next actions",
          querystring: HostDashboardQuerySchema,
          response: {
            200: HostDashboardSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        getHostDashboard(deps, {
          actor: await currentUser(request),
          timeZone: request.query.timeZone,
        }),
    );
  };
