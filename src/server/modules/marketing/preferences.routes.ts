import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PreferenceChangeInputSchema,
  PreferencesSchema,
  TokenQuerySchema,
} from '../../../contracts/marketing';
import type { ModuleContext } from '../module';
import { changePreference, getPreferences } from './preferences.service';
import { errorResponses } from '../../platform/http/error-responses';

const tags = ['marketing'];

/** The manage-preferences page's API (a signed link in every campaign mail; no session). */
export const preferenceRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.get(
      '/preferences',
      {
        schema: {
          tags,
          summary:
            'The manage-preferences page of one address with one sender (the signed link in every campaign mail; no session)',
          querystring: TokenQuerySchema,
          response: { 200: PreferencesSchema, ...errorResponses(404) },
        },
      },
      async (request) => getPreferences(deps, request.query.token),
    );
    app.post(
      '/preferences',
      {
        schema: {
          tags,
          summary: 'Leave or join one list from the manage-preferences page (no session)',
          querystring: TokenQuerySchema,
          body: PreferenceChangeInputSchema,
          response: { 200: PreferencesSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => changePreference(deps, request.query.token, request.body),
    );
  };
