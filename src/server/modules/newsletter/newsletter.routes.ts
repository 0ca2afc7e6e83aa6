import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { NewsletterInputSchema } from '../../../contracts/events';
import type { AppDeps } from '../../app-deps';
import { rateLimit } from '../../platform/http/rate-limits';
import { confirmSubscription, subscribe } from './newsletter.service';
import { errorResponses } from '../../platform/http/error-responses';

export const newsletterRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/newsletter',
      {
        config: rateLimit('newsletter', deps.config),
        schema: {
          tags: ['newsletter'],
          summary: 'Sign up for the newsletter (a confirmation link is mailed: double opt-in)',
          body: NewsletterInputSchema,
          response: { 202: OkSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await subscribe(deps, request.body);
        return reply.status(202).send({ ok: true as const });
      },
    );

    app.get(
      '/newsletter/confirm',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Confirmation link target; redirects to the home page',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const confirmed = await confirmSubscription(deps, { token: request.query.token });
        return reply.redirect(confirmed ? '/?newsletter=confirmed' : '/?newsletter=invalid', 303);
      },
    );
  };
