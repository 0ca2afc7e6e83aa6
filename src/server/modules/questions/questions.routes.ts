import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  AnswerFileSchema,
  CheckoutQuestionsQuerySchema,
  CheckoutQuestionsSchema,
  EventAnswersQuerySchema,
  EventAnswersSchema,
  QuestionInputSchema,
  QuestionListSchema,
  QuestionMoveSchema,
  QuestionSchema,
  QuestionSettingsInputSchema,
  TicketAnswersInputSchema,
  TicketAnswersSchema,
} from '../../../contracts/questions';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { storeAnswerFile } from './answer-files';
import * as questions from './questions.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const QuestionParams = idParams('Question not found');
const TicketParams = idParams('Ticket not found');

/** Checkout questions: the organizer's builder, the checkout's step, the attendee's answers. */
export const questionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['questions'];
    const signedIn = { onRequest: requireAuth };

    app.get(
      '/events/:id/questions',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "The event's checkout questions and answer cut-off (owner or admin)",
          params: EventParams,
          response: { 200: QuestionListSchema, ...errors },
        },
      },
      async (request) =>
        questions.listQuestions(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.post(
      '/events/:id/questions',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Add a checkout question (asked last)',
          params: EventParams,
          body: QuestionInputSchema,
          response: { 201: QuestionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await questions.createQuestion(deps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.put(
      '/events/:id/question-settings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Until when attendees may change their answers (null: until the event starts)',
          params: EventParams,
          body: QuestionSettingsInputSchema,
          response: { 200: QuestionListSchema, ...errors },
        },
      },
      async (request) =>
        questions.saveQuestionSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          answersEditableUntil: request.body.answersEditableUntil,
        }),
    );

    app.patch(
      '/questions/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Change a checkout question',
          params: QuestionParams,
          body: QuestionInputSchema,
          response: { 200: QuestionSchema, ...errors },
        },
      },
      async (request) =>
        questions.editQuestion(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.post(
      '/questions/:id/move',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Move a checkout question one place up or down',
          params: QuestionParams,
          body: QuestionMoveSchema,
          response: { 200: QuestionListSchema, ...errors },
        },
      },
      async (request) =>
        questions.moveQuestion(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          direction: request.body.direction,
        }),
    );

    app.delete(
      '/questions/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Delete a checkout question and its answers',
          params: QuestionParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await questions.removeQuestion(deps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/checkout/questions',
      {
        schema: {
          tags,
          summary: 'The questions a checkout asks for these ticket types (comma-separated ids)',
          querystring: CheckoutQuestionsQuerySchema,
          response: { 200: CheckoutQuestionsSchema, ...errorResponses(400) },
        },
      },
      async (request) =>
        questions.checkoutQuestions(deps, { ticketTypeIds: request.query.ticketTypeIds }),
    );

    app.post(
      '/answer-files',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'Upload a file answer (multipart field "file"; PDF, PNG, JPEG or WebP, 5 MB at most)',
          consumes: ['multipart/form-data'],
          response: { 200: AnswerFileSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        await currentUser(request);
        return storeAnswerFile(request, deps.files);
      },
    );

    app.get(
      '/tickets/:id/answers',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "A ticket's answers and whether they may still be changed (its holder)",
          params: TicketParams,
          response: { 200: TicketAnswersSchema, ...errors },
        },
      },
      async (request) =>
        questions.getTicketAnswers(deps, {
          ticketId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.put(
      '/tickets/:id/answers',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "Change a ticket's answers until the organizer's cut-off",
          params: TicketParams,
          body: TicketAnswersInputSchema,
          response: { 200: TicketAnswersSchema, ...errors },
        },
      },
      async (request) =>
        questions.editTicketAnswers(deps, {
          ticketId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.get(
      '/events/:id/answers',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            "Answers of these tickets (comma-separated ids; checkIn=true: the door's questions only)",
          params: EventParams,
          querystring: EventAnswersQuerySchema,
          response: { 200: EventAnswersSchema, ...errors },
        },
      },
      async (request) =>
        questions.listEventAnswers(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          ticketIds: request.query.ticketIds,
          checkIn: request.query.checkIn === 'true',
        }),
    );
  };
