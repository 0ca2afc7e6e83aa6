import type { ServerModule } from '../module';
import { assistantRoutes } from './assistant.routes';
import { blogRootRoutes, blogRoutes } from './blog.routes';
import { contentDeps } from './content.service';
import { seedContent } from './content.seed';
import { helpRoutes } from './help.routes';
import { sitePageRoutes } from './site-pages.routes';
import { supportRoutes } from './support.routes';
import { translationRoutes } from './translations.routes';

/** Blog, help center and FAQ, the assistant, site pages and support tickets. */
export const contentModule: ServerModule = {
  name: 'content',
  routes: (ctx) => async (app) => {
    // One set of shared public reads for the whole module: a write in one part (a help article
    // saved) drops what another part serves from it.
    const deps = contentDeps(ctx);
    await app.register(blogRoutes(deps));
    await app.register(helpRoutes(ctx, deps));
    await app.register(assistantRoutes(ctx, deps));
    await app.register(sitePageRoutes(deps));
    await app.register(supportRoutes(ctx, deps));
    await app.register(translationRoutes(deps));
  },
  rootRoutes: blogRootRoutes,
  seed: seedContent,
};
