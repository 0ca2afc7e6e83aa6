import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ContentDeps } from './content.service';
import * as versions from './translations.service';
import {
  HelpTranslationListSchema,
  HelpTranslationSchema,
  SitePageTranslationListSchema,
  SitePageTranslationSchema,
} from '../../../contracts/content';
import {
  HelpTranslationInputSchema,
  SitePageTranslationInputSchema,
  TranslationLanguageSchema,
} from './translations.schemas';

const errors = errorResponses(400, 401, 403, 404);
const ArticleParams = idParams('Help article not found');
const ArticleLanguageParams = ArticleParams.extend({ language: TranslationLanguageSchema });
const PageParams = z.object({ slug: z.string().max(60) });
const PageLanguageParams = PageParams.extend({ language: TranslationLanguageSchema });

/** Versions of help articles and site pages in other languages (admins write them). */
export const translationRoutes =
  (deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/help/articles/:id/translations',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: "A help article's versions in other languages (admin)",
          params: ArticleParams,
          response: { 200: HelpTranslationListSchema, ...errors },
        },
      },
      async (request) =>
        versions.listHelpTranslations(deps, {
          actor: await currentUser(request),
          id: request.params.id,
        }),
    );

    app.put(
      '/help/articles/:id/translations/:language',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: "Write a help article's version in one language (admin)",
          params: ArticleLanguageParams,
          body: HelpTranslationInputSchema,
          response: { 200: HelpTranslationSchema, ...errors },
        },
      },
      async (request) =>
        versions.saveHelpTranslation(deps, {
          actor: await currentUser(request),
          id: request.params.id,
          language: request.params.language,
          input: request.body,
        }),
    );

    app.delete(
      '/help/articles/:id/translations/:language',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: "Remove a help article's version in one language (admin)",
          params: ArticleLanguageParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await versions.deleteHelpTranslation(deps, {
          actor: await currentUser(request),
          id: request.params.id,
          language: request.params.language,
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/pages/:slug/translations',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['site'],
          summary: "A site page's versions in other languages (admin)",
          params: PageParams,
          response: { 200: SitePageTranslationListSchema, ...errors },
        },
      },
      async (request) =>
        versions.listPageTranslations(deps, {
          actor: await currentUser(request),
          slug: request.params.slug,
        }),
    );

    app.put(
      '/pages/:slug/translations/:language',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['site'],
          summary: "Write a site page's version in one language (admin)",
          params: PageLanguageParams,
          body: SitePageTranslationInputSchema,
          response: { 200: SitePageTranslationSchema, ...errors },
        },
      },
      async (request) =>
        versions.savePageTranslation(deps, {
          actor: await currentUser(request),
          slug: request.params.slug,
          language: request.params.language,
          input: request.body,
        }),
    );

    app.delete(
      '/pages/:slug/translations/:language',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['site'],
          summary: "Remove a site page's version in one language (admin)",
          params: PageLanguageParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await versions.deletePageTranslation(deps, {
          actor: await currentUser(request),
          slug: request.params.slug,
          language: request.params.language,
        });
        return { ok: true as const };
      },
    );
  };
