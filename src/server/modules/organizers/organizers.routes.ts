import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DirectoryQuerySchema,
  DirectoryResponseSchema,
  FollowStateSchema,
  OrganizerPageSchema,
} from '../../../contracts/events';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { followOrganizer, getOrganizerPage, listDirectory } from './organizers.service';
import { idParams } from '../../../contracts/ids';
import { errorResponses } from '../../platform/http/error-responses';

const IdParams = idParams('Profile not found');

export const organizerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/organizers/:id',
      {
        schema: {
          tags: ['organizers'],
          summary: 'Public page of an organizer, venue or vendor with their upcoming events',
          params: IdParams,
          response: { 200: OrganizerPageSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const viewer = await request.getUser();
        return getOrganizerPage(deps, { id: request.params.id, viewer });
      },
    );

    for (const [method, follow] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/organizers/:id/follow',
        onRequest: requireAuth,
        schema: {
          tags: ['organizers'],
          summary: follow
            ? 'Follow an organizer (hear about their new events)'
            : 'Stop following an organizer',
          params: IdParams,
          response: {
            200: FollowStateSchema,
            ...errorResponses(400, 401, 404),
          },
        },
        handler: async (request) => {
          const user = await currentUser(request);
          return followOrganizer(deps, { organizerId: request.params.id, actor: user, follow });
        },
      });
    }

    app.get(
      '/directory',
      {
        schema: {
          tags: ['organizers'],
          summary: 'Directories of organizers, venues and providers (search, category, pages)',
          querystring: DirectoryQuerySchema,
          response: { 200: DirectoryResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        return listDirectory(deps, request.query);
      },
    );
  };
