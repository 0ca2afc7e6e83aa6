import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { PRIVATE_PATHS } from './seo.policy';
import { coverFile, shareImageFile } from './share-images.service';
import { eventSitemap, sitemapIndex, smallSitemap } from './sitemaps';

interface SeoRouteDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_NAME' | 'SEO_DISALLOW_ALL'>;
}

const XML = 'application/xml; charset=utf-8';

/** robots.txt, the sitemaps and share images: site-root files, not under /api. */
export const seoRoutes =
  (deps: SeoRouteDeps): FastifyPluginAsync =>
  async (app) => {
    const base = deps.config.PUBLIC_URL;
    const hidden = { schema: { hide: true } };

    app.get('/robots.txt', hidden, async (_request, reply) => {
      const rules = deps.config.SEO_DISALLOW_ALL
        ? ['Disallow: /']
        : PRIVATE_PATHS.map((path) => `Disallow: ${path}`);
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return ['User-agent: *', ...rules, '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
    });

    app.get('/sitemap.xml', hidden, async (_request, reply) => {
      reply.type(XML).header('cache-control', 'public, max-age=600');
      return sitemapIndex(deps.db, base, deps.clock.now());
    });

    const SitemapParams = z.object({ file: z.string() });
    app.get('/sitemaps/:file', hidden, async (request, reply) => {
      const { file } = SitemapParams.parse(request.params);
      const events = /^events-([1-9]\d{0,5})\.xml$/.exec(file);
      reply.type(XML).header('cache-control', 'public, max-age=600');
      if (events) return reply.send(eventSitemap(deps.db, base, Number(events[1])));
      const kind = /^(static|categories|profiles|posts)\.xml$/.exec(file)?.[1];
      if (!kind) throw new AppError('NOT_FOUND', msg`No such sitemap`);
      return smallSitemap(deps.db, base, kind as 'static' | 'categories' | 'profiles' | 'posts');
    });

    const ImageParams = z.object({ file: z.string() });
    app.get('/og/event/:file', hidden, async (request, reply) => {
      const png = await shareImageFile(deps, ImageParams.parse(request.params).file);
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    });

    // The designed cover of a public event with no uploaded one (decision 047). The web asks for
    // it with a version of the title and category in the query, so a change is fetched anew.
    app.get('/og/cover/:file', hidden, async (request, reply) => {
      const webp = await coverFile(deps, ImageParams.parse(request.params).file);
      return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(webp);
    });
  };
