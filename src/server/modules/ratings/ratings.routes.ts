import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema, RatingInputSchema } from '../../../contracts/accounts';
import { RatingPromptInputSchema, RatingPromptSchema } from '../../../contracts/ratings';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { rateLimit } from '../../platform/http/rate-limits';
import { claimRatingPrompt, submitRating } from './ratings.service';
import { errorResponses } from '../../platform/http/error-responses';

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
          response: { 201: OkSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const user = await request.getUser();
        await submitRating(deps, { userId: user?.id ?? null, input: request.body });
        return reply.status(201).send({ ok: true as const });
      },
    );

    app.post(
      '/prompts',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['ratings'],
          summary:
            'Claim the experience question of a rating type: ask is true once per account and type, then false for good',
          body: RatingPromptInputSchema,
          response: { 200: RatingPromptSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        const ask = await claimRatingPrompt(deps, {
          userId: actor.id,
          ratingType: request.body.ratingType,
        });
        return { ask };
      },
    );
  };
