import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SitePageInputSchema } from '../../../contracts/content';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { requestLocale } from '../../platform/i18n/request-locale';
import { sendJson } from '../../platform/http/send-json';
import type { ContentDeps } from './content.service';
import * as pages from './site-pages.service';
import { LocalizedSitePageSchema } from './translations.schemas';

const errors = errorResponses(400, 401, 403, 404);
const PageParams = z.object({ slug: z.string().max(60) });

/** The site's own pages: about, privacy, terms, cookies, accessibility, careers. */
export const sitePageRoutes =
  (deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/pages/:slug',
      {
        schema: {
          tags: ['site'],
          summary:
            "A site page (about, privacy, terms, cookies, accessibility, careers) in the reader's language, or English",
          params: PageParams,
          response: { 200: LocalizedSitePageSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await pages.sitePageJson(deps, {
            slug: request.params.slug,
            locale: await requestLocale(request),
          }),
        ),
    );

    app.put(
      '/pages/:slug',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['site'],
          summary: 'Change a site page (admin)',
          params: PageParams,
          body: SitePageInputSchema,
          response: { 200: LocalizedSitePageSchema, ...errors },
        },
      },
      async (request) =>
        pages.saveSitePage(deps, {
          actor: await currentUser(request),
          slug: request.params.slug,
          input: request.body,
        }),
    );
  };
