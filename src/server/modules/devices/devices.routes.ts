import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { DeviceSessionListSchema, SignedOutCountSchema } from '../../../contracts/devices';
import { idParams } from '../../../contracts/ids';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import type { SessionEvents } from '../../platform/auth/session-events';
import { errorResponses } from '../../platform/http/error-responses';
import { endDeviceSession, endOtherDeviceSessions, listDeviceSessions } from './devices.service';

const errors = errorResponses(400, 401, 404);

/** "Where you're signed in": the signed-in person's own sessions only. */
export const deviceRoutes =
  (deps: AppDeps & { sessionEvents: SessionEvents }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sessions',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['devices'],
          summary: 'Where I am signed in: my live sessions, this one marked',
          response: { 200: DeviceSessionListSchema, ...errors },
        },
      },
      async (request) => ({ sessions: await listDeviceSessions(deps, await currentUser(request)) }),
    );

    app.delete(
      '/sessions/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['devices'],
          summary: 'Sign one of my sessions out (its browser is signed out on its next request)',
          params: idParams(),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await endDeviceSession(deps, {
          user: await currentUser(request),
          sessionId: request.params.id,
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/sessions/sign-out-others',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['devices'],
          summary: 'Sign out every session of mine except this one',
          response: { 200: SignedOutCountSchema, ...errors },
        },
      },
      async (request) => ({
        signedOut: await endOtherDeviceSessions(deps, await currentUser(request)),
      }),
    );
  };
