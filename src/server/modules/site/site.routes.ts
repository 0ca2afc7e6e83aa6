import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfoSchema } from '../../../contracts/site';
import type { AppDeps } from '../../app-deps';

export const siteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const info = {
      appName: deps.config.APP_NAME,
      contactEmail: deps.config.CONTACT_EMAIL,
      contactPhone: deps.config.CONTACT_PHONE,
      version: deps.config.version,
    };
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
        return info;
      },
    );
  };
