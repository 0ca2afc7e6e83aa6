import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BadgePrintQuerySchema,
  BadgeTemplateInputSchema,
  BadgeTemplateListSchema,
  BadgeTemplateSchema,
} from '../../../contracts/badges';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  printBadges,
  updateTemplate,
  type BadgeDeps,
} from './badges.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['badges'];
const EventParams = idParams('Event not found');
const TemplateParams = idParams('Badge template not found');

/** Name badges (decision 075): an event's templates, and badges printed as a PDF. */
export const badgeRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: BadgeDeps = {
      db: ctx.db,
      clock: ctx.clock,
      files: ctx.files,
      tickets: ctx.ticketing.tickets,
      appName: ctx.config.APP_NAME,
    };

    app.get(
      '/events/:id/templates',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The event's badge templates and the questions a badge may print",
          params: EventParams,
          response: { 200: BadgeTemplateListSchema, ...errors },
        },
      },
      async (request) =>
        listTemplates(deps, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/events/:id/templates',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Add a badge template to the event',
          params: EventParams,
          body: BadgeTemplateInputSchema,
          response: { 200: BadgeTemplateSchema, ...errors },
        },
      },
      async (request) =>
        createTemplate(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.put(
      '/templates/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change a badge template',
          params: TemplateParams,
          body: BadgeTemplateInputSchema,
          response: { 200: BadgeTemplateSchema, ...errors },
        },
      },
      async (request) =>
        updateTemplate(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.delete(
      '/templates/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete a badge template',
          params: TemplateParams,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await deleteTemplate(deps, { id: request.params.id, actor: await currentUser(request) });
        return { ok: true as const };
      },
    );

    app.get(
      '/templates/:id/pdf',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Badges as a PDF, sorted by name: one ticket (`ticket`), or everyone not refunded matching `q`, `types` and `checkedIn`',
          params: TemplateParams,
          querystring: BadgePrintQuerySchema,
        },
      },
      async (request, reply) => {
        const { pdf, filename, count } = await printBadges(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          locale: await requestLocale(request),
          filter: request.query,
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .header('x-badge-count', String(count))
          .send(pdf);
      },
    );
  };
