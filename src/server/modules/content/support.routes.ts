import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactInputSchema,
  ContactReceiptSchema,
  SupportQueueQuerySchema,
  SupportReplySchema,
  SupportStatusSchema,
  SupportTicketListSchema,
  SupportTicketSchema,
} from '../../../contracts/content';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import type { ContentDeps } from './content.service';
import * as support from './support.service';

const errors = errorResponses(400, 401, 403, 404);
const TicketIdParams = idParams('Support request not found');

/** The contact form and support requests: the requester's side and the staff's inbox. */
export const supportRoutes =
  (ctx: ModuleContext, deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contact',
      {
        config: rateLimit('contact', ctx.config),
        schema: {
          tags: ['support'],
          summary: 'Contact form: opens a support request and mails its reference',
          body: ContactInputSchema,
          response: { 201: ContactReceiptSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await support.submitContact(deps, {
            actor: await request.getUser(),
            input: request.body,
            locale: await requestLocale(request),
          }),
        ),
    );

    app.get(
      '/support-tickets',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'My support requests',
          response: { 200: SupportTicketListSchema, ...errors },
        },
      },
      async (request) => support.myTickets(deps, await currentUser(request)),
    );

    app.get(
      '/support/queue',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['support'],
          summary: 'The support inbox (admins and moderators)',
          querystring: SupportQueueQuerySchema,
          response: { 200: SupportTicketListSchema, ...errors },
        },
      },
      async (request) =>
        support.ticketQueue(deps, {
          actor: await currentUser(request),
          status: request.query.status,
        }),
    );

    app.get(
      '/support-tickets/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'One support request with its messages (requester or staff)',
          params: TicketIdParams,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        support.getTicket(deps, { id: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/support-tickets/:id/messages',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'Reply (staff replies are mailed to the requester)',
          params: TicketIdParams,
          body: SupportReplySchema,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        support.replyToTicket(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          body: request.body.body,
          status: request.body.status,
        }),
    );

    app.post(
      '/support-tickets/:id/status',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['support'],
          summary: 'Open, pending or closed (staff)',
          params: TicketIdParams,
          body: SupportStatusSchema,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        support.setTicketStatus(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          status: request.body.status,
        }),
    );
  };
