import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfoSchema } from '../../../contracts/site';
import type { AppDeps } from '../../app-deps';
import { getSiteSettings } from '../admin/admin.service';

export const siteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/site',
      {
        schema: {
          tags: ['system'],
          summary: 'Public site settings (name, contact details)',
          response: { 200: SiteInfoSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        // Edited in /admin/settings: read from the database, not the environment.
        const settings = await getSiteSettings(deps);
        return {
          appName: settings.siteName,
          contactEmail: settings.contactEmail,
          contactPhone: settings.contactPhone,
          maintenanceBanner: settings.maintenanceBanner,
          version: deps.config.version,
        };
      },
    );
  };
