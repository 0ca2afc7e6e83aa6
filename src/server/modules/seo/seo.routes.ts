import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { demoThemeImage, themeForEvent } from '../../db/seed/demo-themes';
import { AppError } from '../../platform/http/errors';
import { PRIVATE_PATHS } from './seo.policy';
import { placeLine, publicEventHead, whenLine } from './seo.service';
import { eventDefaultCover, eventShareImage } from './share-image';
import { eventSitemap, sitemapIndex, smallSitemap } from './sitemaps';

interface SeoRouteDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_NAME' | 'SEO_DISALLOW_ALL'>;
}

const XML = 'application/xml; charset=utf-8';
const SHARE_IMAGES_KEPT = 200;

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
      if (!kind) throw new AppError('NOT_FOUND', 'No such sitemap');
      return smallSitemap(deps.db, base, kind as 'static' | 'categories' | 'profiles' | 'posts');
    });

    // Drawn once per event version (the URL carries its updated_at), kept for the busiest.
    const images = new Map<string, Buffer>();
    const ImageParams = z.object({ file: z.string() });
    app.get('/og/event/:file', hidden, async (request, reply) => {
      const { file } = ImageParams.parse(request.params);
      const event = await publicEventHead(deps, /^([0-9a-f-]{36})\.png$/i.exec(file)?.[1]);
      const key = `${event.id}:${event.updatedAt.getTime()}`;
      let png = images.get(key);
      if (!png) {
        png = await eventShareImage({
          title: event.title,
          when: whenLine(event.startsAt, event.timezone),
          where: placeLine(event),
          siteName: deps.config.APP_NAME,
        });
        if (images.size >= SHARE_IMAGES_KEPT) images.delete(images.keys().next().value as string);
        images.set(key, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    });

    // The designed cover of a public event with no uploaded one (decision 047). The web asks for
    // it with a version of the title and category in the query, so a change is fetched anew.
    const covers = new Map<string, Buffer>();
    app.get('/og/cover/:file', hidden, async (request, reply) => {
      const { file } = ImageParams.parse(request.params);
      const event = await publicEventHead(deps, /^([0-9a-f-]{36})\.webp$/i.exec(file)?.[1]);
      const key = `${event.id}:${event.updatedAt.getTime()}`;
      let webp = covers.get(key);
      if (!webp) {
        webp = await eventDefaultCover({
          title: event.title,
          category: event.category,
          background: await readFile(demoThemeImage(themeForEvent(event.category))),
        });
        if (covers.size >= SHARE_IMAGES_KEPT) covers.delete(covers.keys().next().value as string);
        covers.set(key, webp);
      }
      return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(webp);
    });
  };
