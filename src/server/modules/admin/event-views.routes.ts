import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../../contracts/auth';
import { EventViewSchema } from '../../../contracts/admin';
import type { ModuleContext } from '../module';
import { registerBackgroundWork } from '../../platform/background-work';
import { EventViewRecorder } from './event-views';
import { errorResponses } from '../../platform/http/error-responses';

/**
 * `POST /api/event-views`: the event page reports a view (signed in or not). Always 204, so the
 * answer says nothing about which ids are events; bots (by user agent) are not counted.
 */
export const eventViewRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const recorder = new EventViewRecorder(ctx.db, (error) =>
      ctx.logError(error, 'event page views'),
    );
    registerBackgroundWork(ctx.db, {
      name: 'event page views',
      busy: () => recorder.size > 0,
      drain: () => recorder.flush(),
    });
    app.addHook('onClose', () => recorder.flush());
    app.post(
      '/',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Count one view of an event page (once per visitor, event and day)',
          body: EventViewSchema,
          response: { 204: z.null(), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const agent = request.headers['user-agent'] ?? '';
        if (agent && !isbot(agent)) {
          const session = request.cookies[SESSION_COOKIE];
          recorder.record({
            eventId: request.body.eventId,
            visitor: session ? `s:${session}` : `a:${request.ip}|${agent}`,
            now: ctx.clock.now(),
          });
        }
        return reply.status(204).send(null);
      },
    );
  };
