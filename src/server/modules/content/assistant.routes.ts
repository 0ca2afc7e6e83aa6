import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  ChatAnswerSchema,
  ChatAskSchema,
  ChatFeedbackSchema,
  ChatHandoffSchema,
  ContactReceiptSchema,
  UnansweredListSchema,
} from '../../../contracts/content';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import * as assistant from './assistant.service';
import type { ContentDeps } from './content.service';
import { chatHandoff } from './support.service';

const errors = errorResponses(400, 401, 403, 404);
const AnswerIdParams = idParams('Answer not found');

/** The help assistant (the chatbot): answers, their ratings, and the hand-off to a person. */
export const assistantRoutes =
  (ctx: ModuleContext, deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/chatbot/ask',
      {
        config: rateLimit('chatbot', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Ask the assistant: the best passage of the help center, or an honest no',
          body: ChatAskSchema,
          response: { 200: ChatAnswerSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) =>
        assistant.askChatbot(deps, {
          question: request.body.question,
          locale: await requestLocale(request),
        }),
    );

    app.post(
      '/chatbot/answers/:id/feedback',
      {
        config: rateLimit('chatbot', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Thumbs up or down on an answer',
          params: AnswerIdParams,
          body: ChatFeedbackSchema,
          response: { 200: OkSchema, ...errors, ...errorResponses(429) },
        },
      },
      async (request) => {
        await assistant.rateChatAnswer(deps, {
          id: request.params.id,
          helpful: request.body.helpful,
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/chatbot/handoff',
      {
        config: rateLimit('contact', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Talk to a person: a support request carrying the conversation',
          body: ChatHandoffSchema,
          response: { 201: ContactReceiptSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await chatHandoff(deps, {
            actor: await request.getUser(),
            input: request.body,
            locale: await requestLocale(request),
          }),
        ),
    );

    app.get(
      '/chatbot/unanswered',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['help'],
          summary: 'Questions the assistant could not answer (support staff)',
          response: { 200: UnansweredListSchema, ...errors },
        },
      },
      async (request) => assistant.unansweredQuestions(deps, await currentUser(request)),
    );
  };
