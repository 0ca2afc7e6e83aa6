import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HostDashboardQuerySchema, HostDashboardSchema } from '../../../contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { switchedView } from '../teams/teams.service';
import { getHostDashboard } from './dashboard.service';
import { errorResponses } from '../../platform/http/error-responses';

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
            "The signed-in organizer's or venue's dashboard (or, switched to a team, the owner's as the member's role shows it): upcoming events, sales, check-ins, applications, messages, next actions",
          querystring: HostDashboardQuerySchema,
          response: {
            200: HostDashboardSchema,
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        // Switched to a team, the owner's dashboard as the member's role and scope show it.
        const team = await switchedView(deps.db, request, actor);
        return getHostDashboard(deps, { actor, team, timeZone: request.query.timeZone });
      },
    );
  };
