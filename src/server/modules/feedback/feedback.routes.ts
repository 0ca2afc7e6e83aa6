import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  FeedbackHiddenInputSchema,
  FeedbackInputSchema,
  FeedbackItemSchema,
  FeedbackQuestionSchema,
  FeedbackQuestionsInputSchema,
  FeedbackReplyInputSchema,
  FeedbackResultsSchema,
  MyFeedbackResponseSchema,
  PublicRatingSchema,
} from '../../../contracts/feedback';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import type { ModuleContext } from '../module';
import {
  eventRating,
  getForm,
  getResults,
  listMine,
  listQuestions,
  moderateFeedback,
  organizerRating,
  replyToFeedback,
  saveFeedback,
  saveQuestions,
} from './feedback.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = z.object({ eventId: z.uuid({ error: 'Event not found' }) });
const FeedbackParams = idParams('Feedback not found');
// Zod keeps the English; the error handler reads it in the request's language.
const ORGANIZER_NOT_FOUND = msg`Organizer not found`;
const QuestionsResponse = z.object({ questions: z.array(FeedbackQuestionSchema) });

export const feedbackRoutes =
  (deps: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: the ratings the event page and organizer profiles show (from three ratings).
    app.get(
      '/events/:eventId/rating',
      {
        schema: {
          tags: ['feedback'],
          summary: 'An event’s average rating and comments (shown from three ratings)',
          params: EventParams,
          response: { 200: PublicRatingSchema, ...errorResponses(400) },
        },
      },
      async (request) => eventRating(deps, { eventId: request.params.eventId }),
    );
    app.get(
      '/organizers/:organizerId/rating',
      {
        schema: {
          tags: ['feedback'],
          summary: 'An organizer’s average rating over their events (shown from three ratings)',
          params: z.object({ organizerId: z.uuid({ error: ORGANIZER_NOT_FOUND.message ?? '' }) }),
          response: { 200: PublicRatingSchema, ...errorResponses(400) },
        },
      },
      async (request) => organizerRating(deps, { organizerId: request.params.organizerId }),
    );

    // Everything else is signed in.

    app.get(
      '/mine',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Events awaiting my feedback and the feedback I gave',
          response: { 200: MyFeedbackResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => listMine(deps, { actor: await currentUser(request) }),
    );

    app.get(
      '/events/:eventId',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'The feedback form of an event I attended, with my feedback',
          params: EventParams,
          response: { 200: FeedbackItemSchema, ...errors },
        },
      },
      async (request) =>
        getForm(deps, { actor: await currentUser(request), eventId: request.params.eventId }),
    );

    app.put(
      '/events/:eventId',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Give or edit my feedback (ticket holders, for a week after the end)',
          params: EventParams,
          body: FeedbackInputSchema,
          response: { 200: FeedbackItemSchema, ...errors },
        },
      },
      async (request) =>
        saveFeedback(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
          input: request.body,
        }),
    );

    app.get(
      '/events/:eventId/questions',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'The questions I added to my event’s feedback form',
          params: EventParams,
          response: { 200: QuestionsResponse, ...errors },
        },
      },
      async (request) => ({
        questions: await listQuestions(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
        }),
      }),
    );

    app.put(
      '/events/:eventId/questions',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Set my event’s feedback questions (short text, single choice, scale 1–5)',
          params: EventParams,
          body: FeedbackQuestionsInputSchema,
          response: { 200: QuestionsResponse, ...errors },
        },
      },
      async (request) => ({
        questions: await saveQuestions(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
          input: request.body,
        }),
      }),
    );

    app.get(
      '/events/:eventId/results',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Feedback results of my event: average, distribution, answers, comments',
          params: EventParams,
          response: { 200: FeedbackResultsSchema, ...errors },
        },
      },
      async (request) =>
        getResults(deps, { actor: await currentUser(request), eventId: request.params.eventId }),
    );

    app.put(
      '/:id/reply',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Reply in public to a feedback on my event (empty removes the reply)',
          params: FeedbackParams,
          body: FeedbackReplyInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await replyToFeedback(deps, {
          actor: await currentUser(request),
          feedbackId: request.params.id,
          reply: request.body.reply,
        });
        return { ok: true as const };
      },
    );

    app.put(
      '/:id/hidden',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Hide or show an abusive comment (moderators); the rating still counts',
          params: FeedbackParams,
          body: FeedbackHiddenInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await moderateFeedback(deps, {
          actor: await currentUser(request),
          feedbackId: request.params.id,
          hidden: request.body.hidden,
        });
        return { ok: true as const };
      },
    );
  };
