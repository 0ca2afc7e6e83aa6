import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  CreateFunnelInputSchema,
  FunnelGoQuerySchema,
  FunnelOptInInputSchema,
  FunnelReportSchema,
  FunnelSaleInputSchema,
  FunnelSaleResultSchema,
  FunnelSchema,
  FunnelsSchema,
  FunnelViewInputSchema,
  PublicFunnelSchema,
  UpdateFunnelInputSchema,
} from '../../../contracts/marketing';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import type { ModuleContext } from '../module';
import { presentFunnel } from './marketing.presenter';
import {
  createFunnel,
  deleteFunnel,
  funnelClick,
  funnelOptIn,
  funnelReport,
  getFunnel,
  getPublicFunnelView,
  listFunnels,
  publishFunnel,
  recordFunnelSale,
  recordFunnelView,
  updateFunnel,
} from './funnels.service';
import { FUNNEL_COOKIE, FUNNEL_COOKIE_DAYS } from './marketing.service';
import { requestLocale } from '../../platform/i18n/request-locale';

const tags = ['marketing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Not found');
const SlugParams = z.object({ slug: z.string().max(100) });
const guarded = { onRequest: requireAuth };

/** Funnels: the owner's editor and report; the published pages' views, opt-ins and clicks. */
export const funnelRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    const secure = ctx.config.PUBLIC_URL.startsWith('https:');
    app.get(
      '/funnels',
      {
        ...guarded,
        schema: { tags, summary: 'My funnels', response: { 200: FunnelsSchema, ...errors } },
      },
      async (request) => ({
        funnels: (
          await listFunnels(
            deps,
            await actorFor(deps.db, request, { permission: 'marketing.funnels' }),
          )
        ).map((row) => {
          const { draft, ...rest } = presentFunnel(row);
          return { ...rest, steps: draft.steps.length };
        }),
      }),
    );
    app.post(
      '/funnels',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Create a funnel from a template',
          body: CreateFunnelInputSchema,
          response: { 201: FunnelSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          presentFunnel(
            await createFunnel(
              deps,
              await actorFor(deps.db, request, {
                permission: 'marketing.funnels',
                action: 'funnel.create',
              }),
              request.body,
            ),
          ),
        ),
    );
    app.get(
      '/funnels/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One funnel (its draft)',
          params: IdParams,
          response: { 200: FunnelSchema, ...errors },
        },
      },
      async (request) =>
        presentFunnel(
          await getFunnel(
            deps,
            await actorFor(deps.db, request, { permission: 'marketing.funnels' }),
            request.params.id,
          ),
        ),
    );
    app.patch(
      '/funnels/:id',
      {
        ...guarded,
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Save the draft (the live page changes only on publish)',
          params: IdParams,
          body: UpdateFunnelInputSchema,
          response: { 200: FunnelSchema, ...errors },
        },
      },
      async (request) =>
        presentFunnel(
          await updateFunnel(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.funnels',
              action: 'funnel.edit',
            }),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.delete(
      '/funnels/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a funnel',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteFunnel(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.funnels',
            action: 'funnel.delete',
          }),
          request.params.id,
        );
        return { ok: true as const };
      },
    );
    app.post(
      '/funnels/:id/publish',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Publish the draft (a snapshot)',
          params: IdParams,
          response: { 200: FunnelSchema, ...errors },
        },
      },
      async (request) =>
        presentFunnel(
          await publishFunnel(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.funnels',
              action: 'funnel.publish',
            }),
            request.params.id,
          ),
        ),
    );
    app.get(
      '/funnels/:id/report',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Views and conversions per step',
          params: IdParams,
          response: { 200: FunnelReportSchema, ...errors },
        },
      },
      async (request) => ({
        steps: await funnelReport(
          deps,
          await actorFor(deps.db, request, { permission: 'marketing.funnels' }),
          request.params.id,
        ),
      }),
    );
    app.get(
      '/public/funnels/:slug',
      {
        schema: {
          tags,
          summary: 'A published funnel (its snapshot) with live ticket availability',
          params: SlugParams,
          response: { 200: PublicFunnelSchema, ...errors },
        },
      },
      async (request) => getPublicFunnelView(deps, request.params.slug),
    );
    app.post(
      '/public/funnels/:slug/view',
      {
        schema: {
          tags,
          summary: 'Count a view of one step',
          params: SlugParams,
          body: FunnelViewInputSchema,
          response: { 202: OkSchema, ...errors },
        },
      },
      async (request, reply) => {
        await recordFunnelView(deps, request.params.slug, request.body.step);
        return reply.status(202).send({ ok: true as const });
      },
    );
    app.get(
      '/public/funnels/:slug/go',
      {
        schema: {
          tags,
          summary:
            "A funnel's Buy tickets: to the event page, with a signed cookie that attributes the checkout's order to the funnel step",
          params: SlugParams,
          querystring: FunnelGoQuerySchema,
        },
      },
      async (request, reply) => {
        const { to, cookie } = await funnelClick(deps, request.params.slug, {
          step: request.query.step,
          eventId: request.query.event,
        });
        if (cookie)
          reply.setCookie(FUNNEL_COOKIE, cookie, {
            path: '/api/marketing',
            httpOnly: true,
            sameSite: 'lax',
            secure,
            maxAge: FUNNEL_COOKIE_DAYS * 86_400,
          });
        return reply.redirect(to, 302);
      },
    );
    app.post(
      '/funnel-sales',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'After a checkout: the buyer names their order; the signed funnel cookie names the funnel step it came through (counted once paid)',
          body: FunnelSaleInputSchema,
          response: { 200: FunnelSaleResultSchema, ...errors },
        },
      },
      async (request) => {
        const reason = await recordFunnelSale(deps, await currentUser(request), {
          orderId: request.body.orderId,
          cookie: request.cookies[FUNNEL_COOKIE],
        });
        return { attributed: reason === 'recorded' || reason === 'already', reason };
      },
    );
    app.post(
      '/public/funnels/:slug/opt-in',
      {
        config: rateLimit('newsletter', deps.config),
        schema: {
          tags,
          summary: "Opt-in block: add to the funnel's list (counts a conversion)",
          params: SlugParams,
          body: FunnelOptInInputSchema,
          response: {
            202: z.object({ result: z.enum(['subscribed', 'confirm']) }),
            ...errorResponses(422),
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          result: await funnelOptIn(
            deps,
            request.params.slug,
            request.body,
            await requestLocale(request),
          ),
        }),
    );
  };
