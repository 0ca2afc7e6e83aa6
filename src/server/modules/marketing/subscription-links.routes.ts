import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../contracts/ids';
import {
  PublicListSchema,
  PublicSubscribeInputSchema,
  TokenQuerySchema,
  UnsubscribeResultSchema,
} from '../../../contracts/marketing';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import type { ModuleContext } from '../module';
import {
  confirmedPage,
  pageLanguage,
  sendPage,
  signedUpPage,
  signUpFormPage,
  unsubscribedPage,
  unsubscribeFormPage,
} from './marketing-pages';
import {
  confirmFromLink,
  getPublicList,
  subscribeFromForm,
  unsubscribeFromLink,
} from './subscription-links.service';

const tags = ['marketing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Not found');

/** No session: a public list's sign-up, the double opt-in link, the unsubscribe link. */
export const subscriptionLinkRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.get(
      '/public/lists/:id',
      {
        schema: {
          tags,
          summary: 'A public list (for its sign-up form)',
          params: IdParams,
          response: { 200: PublicListSchema, ...errors },
        },
      },
      async (request) => {
        const list = await getPublicList(deps, request.params.id);
        return { id: list.id, name: list.name, description: list.description, optIn: list.optIn };
      },
    );
    app.get(
      '/public/lists/:id/form',
      {
        schema: {
          tags,
          summary: 'The hosted sign-up form of a public list (a page to link to)',
          params: IdParams,
        },
      },
      async (request, reply) => {
        const list = await getPublicList(deps, request.params.id);
        const { locale, _ } = await pageLanguage(request);
        return sendPage(reply, deps.config.APP_NAME, signUpFormPage(list, _), locale);
      },
    );
    app.post(
      '/public/lists/:id/subscribe',
      {
        config: rateLimit('newsletter', deps.config),
        schema: {
          tags,
          summary: 'Sign up to a public list (double opt-in lists mail a confirmation link)',
          params: IdParams,
          body: PublicSubscribeInputSchema,
          response: { 202: z.object({ result: z.enum(['subscribed', 'confirm']) }), ...errors },
        },
      },
      async (request, reply) => {
        const list = await getPublicList(deps, request.params.id);
        const { locale, _ } = await pageLanguage(request);
        const result = await subscribeFromForm(deps, list, request.body, 'form', locale);
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
          return sendPage(reply, deps.config.APP_NAME, signedUpPage(result, _), locale);
        return reply.status(202).send({ result });
      },
    );
    app.get(
      '/confirm',
      {
        schema: {
          tags,
          summary: 'Double opt-in confirmation link (a page)',
          querystring: TokenQuerySchema,
        },
      },
      async (request, reply) => {
        const { locale, _ } = await pageLanguage(request);
        const ok = await confirmFromLink(deps, request.query.token, locale);
        return sendPage(reply, deps.config.APP_NAME, confirmedPage(ok, _), locale);
      },
    );
    app.get(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary: 'The visible unsubscribe link: a page with one button',
          querystring: TokenQuerySchema,
        },
      },
      async (request, reply) => {
        const { locale, _ } = await pageLanguage(request);
        return sendPage(
          reply,
          deps.config.APP_NAME,
          unsubscribeFormPage(request.query.token, _),
          locale,
        );
      },
    );
    app.post(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            'One-click unsubscribe (RFC 8058), no session: immediate, from every list of the sender',
          querystring: TokenQuerySchema,
          response: { 200: UnsubscribeResultSchema, ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const result = await unsubscribeFromLink(deps, request.query.token);
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          const { locale, _ } = await pageLanguage(request);
          return sendPage(reply, deps.config.APP_NAME, unsubscribedPage(result.email, _), locale);
        }
        return result;
      },
    );
  };
