import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LanguageInputSchema, LanguageResponseSchema } from '../../../contracts/languages';
import { setLanguageCookie } from '../../platform/auth/cookies';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { chooseLanguage } from './languages.service';

export const languagesRoutes =
  (deps: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Anyone may choose: signed out it lives in a cookie; signed in it is also the account's
    // setting, so mail, push and the next device speak it too.
    app.put(
      '/language',
      {
        schema: {
          tags: ['languages'],
          summary: 'Choose the language of pages, mail and messages',
          body: LanguageInputSchema,
          response: { 200: LanguageResponseSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const { language } = request.body;
        const user = await request.getUser();
        await chooseLanguage(deps, user, language);
        setLanguageCookie(reply, deps.config.PUBLIC_URL, language);
        return { language };
      },
    );
  };
