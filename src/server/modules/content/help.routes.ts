import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  FaqSchema,
  HelpArticleInputSchema,
  HelpFeedbackSchema,
  HelpIndexSchema,
  HelpSearchQuerySchema,
  HelpSearchResultSchema,
} from '../../../contracts/content';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import { sendJson } from '../../platform/http/send-json';
import type { ModuleContext } from '../module';
import type { ContentDeps } from './content.service';
import * as help from './help.service';
import { LocalizedHelpArticleSchema } from './translations.schemas';

const errors = errorResponses(400, 401, 403, 404);
const HelpIdParams = idParams('Help article not found');
const HelpRefParams = z.object({
  id: z.string().trim().min(1).max(120, { error: 'Help article not found' }),
});

/** The help centre: its index, search, articles and the FAQ. */
export const helpRoutes =
  (ctx: ModuleContext, deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/help',
      {
        schema: {
          tags: ['help'],
          summary:
            "Help categories with their articles, and popular articles, in the reader's language where written",
          response: { 200: HelpIndexSchema },
        },
      },
      async (request, reply) =>
        sendJson(reply, await help.helpIndexJson(deps, { locale: await requestLocale(request) })),
    );

    app.get(
      '/help/search',
      {
        schema: {
          tags: ['help'],
          summary: 'Full-text search of the help articles (typo-tolerant)',
          querystring: HelpSearchQuerySchema,
          response: { 200: HelpSearchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) =>
        help.searchHelp(deps, { q: request.query.q, locale: await requestLocale(request) }),
    );

    app.get(
      '/help/articles/:id',
      {
        schema: {
          tags: ['help'],
          summary:
            "One help article by id or slug, in the reader's language or English (`language` says which)",
          params: HelpRefParams,
          response: { 200: LocalizedHelpArticleSchema, ...errors },
        },
      },
      async (request) =>
        help.getHelpArticle(deps, {
          idOrSlug: request.params.id,
          locale: await requestLocale(request),
        }),
    );

    app.post(
      '/help/articles/:id/feedback',
      {
        config: rateLimit('rating', ctx.config),
        schema: {
          tags: ['help'],
          summary: '"Was this helpful?"',
          params: HelpIdParams,
          body: HelpFeedbackSchema,
          response: { 200: OkSchema, ...errors, ...errorResponses(429) },
        },
      },
      async (request) => {
        await help.helpFeedback(deps, { id: request.params.id, helpful: request.body.helpful });
        return { ok: true as const };
      },
    );

    app.post(
      '/help/articles',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Write a help article (admin)',
          body: HelpArticleInputSchema,
          response: { 201: LocalizedHelpArticleSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await help.saveHelpArticle(deps, {
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.put(
      '/help/articles/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Change a help article (admin)',
          params: HelpIdParams,
          body: HelpArticleInputSchema,
          response: { 200: LocalizedHelpArticleSchema, ...errors },
        },
      },
      async (request) =>
        help.saveHelpArticle(deps, {
          actor: await currentUser(request),
          id: request.params.id,
          input: request.body,
        }),
    );

    app.delete(
      '/help/articles/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Delete a help article (admin)',
          params: HelpIdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await help.deleteHelpArticle(deps, {
          actor: await currentUser(request),
          id: request.params.id,
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/faq',
      {
        schema: { tags: ['help'], summary: 'Common questions', response: { 200: FaqSchema } },
      },
      async (request, reply) =>
        sendJson(reply, await help.faqJson(deps, { locale: await requestLocale(request) })),
    );
  };
