import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contracts/errors';
import {
  DirectoryQuerySchema,
  DirectoryResponseSchema,
  FollowStateSchema,
  OrganizerPageSchema,
} from '../../../contracts/events';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import { listEvents, presentEvent } from '../events/events.service';
import { mayFollow } from './organizers.policy';
import { findDirectory, getPublicProfile, setFollow } from './organizers.queries';

const IdParams = z.object({ id: z.uuid({ error: 'Profile not found' }) });
const NOT_FOUND = 'Profile not found';

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
          response: { 200: OrganizerPageSchema, 404: ErrorBodySchema },
        },
      },
      async (request) => {
        const viewer = await request.getUser();
        const profile = await getPublicProfile(deps.db, {
          id: request.params.id,
          viewerId: viewer?.id ?? null,
        });
        if (!profile) throw new AppError('NOT_FOUND', NOT_FOUND);
        const { rows } = await listEvents(deps, { organizer_id: profile.id, limit: 50 });
        return { profile, upcomingEvents: rows.map(presentEvent) };
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
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
        handler: async (request) => {
          const user = await currentUser(request);
          if (!mayFollow(user, request.params.id))
            throw new AppError('BAD_REQUEST', 'You cannot follow yourself');
          const profile = await getPublicProfile(deps.db, {
            id: request.params.id,
            viewerId: user.id,
          });
          if (!profile) throw new AppError('NOT_FOUND', NOT_FOUND);
          const followerCount = await setFollow(deps.db, {
            followerId: user.id,
            organizerId: profile.id,
            follow,
          });
          return { following: follow, followerCount };
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
          response: { 200: DirectoryResponseSchema, 400: ErrorBodySchema },
        },
      },
      async (request) => {
        const { people, total } = await findDirectory(deps.db, {
          ...request.query,
          now: deps.clock.now(),
        });
        return { people, total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
  };
