import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema, RatingInputSchema } from '../../../contracts/accounts';
import { ErrorBodySchema } from '../../../contracts/errors';
import type { AppDeps } from '../../app-deps';
import { rateLimit } from '../../platform/http/rate-limits';
import { userExperienceRatings } from '../../db/schema/ratings';

export const ratingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/',
      {
        config: rateLimit('rating', deps.config),
        schema: {
          tags: ['ratings'],
          summary: 'Rate the experience (1-10, optional comment); signed in or right after sign-up',
          body: RatingInputSchema,
          response: { 201: OkSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await request.getUser();
        await deps.db.insert(userExperienceRatings).values({
          userId: user?.id ?? null,
          ratingType: request.body.ratingType,
          rating: request.body.rating,
          feedback: request.body.feedback,
          createdAt: deps.clock.now(),
        });
        return reply.status(201).send({ ok: true as const });
      },
    );
  };
