import type { ServerModule } from '../module';
import { seoRoutes } from './seo.routes';
import { createSeo } from './seo.service';

/** Link previews and search engines: page heads, robots.txt, sitemaps, share images. */
export const seoModule: ServerModule = {
  name: 'seo',
  rootRoutes: (ctx) => seoRoutes(ctx),
  pageHead: (ctx) => createSeo(ctx).headHtml,
  pageBody: (ctx) => createSeo(ctx).bodyHtml,
};
