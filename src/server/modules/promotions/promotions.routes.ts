import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BeaconInputSchema,
  AdCampaignReportSchema,
  AdCampaignListSchema,
  AdCampaignSchema,
  CreateAdCampaignInputSchema,
  RejectInputSchema,
  ReviewAdCampaignListSchema,
  ServedItemListSchema,
  ServeQuerySchema,
  type ServedItemList,
  UpdateAdCampaignInputSchema,
} from '../../../contracts/promotions';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { registerBackgroundWork } from '../../platform/background-work';
import { readUploadedFile } from '../../platform/http/uploads';
import { actorFor } from '../teams/teams.service';
import type { ModuleContext } from '../module';
import { presentAdCampaign, presentDay, servedItemsJson } from './promotions.presenter';
import {
  approveAdCampaign,
  checkoutAdCampaign,
  createAdCampaign,
  createCandidateCache,
  createViewBuffer,
  createViewerCaps,
  endAdCampaign,
  getReport,
  listForReview,
  listMyAdCampaigns,
  pauseAdCampaign,
  recordClick,
  recordViews,
  rejectAdCampaign,
  resumeAdCampaign,
  serveAdCampaigns,
  setAdCampaignImage,
  updateAdCampaign,
  type ServingState,
  type Viewer,
} from './promotions.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Campaign not found');
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The anonymous browser key for frequency caps (no personal data; a random value). */
const VIEWER_COOKIE = 'mea_pv';
const VIEWER_VALUE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Selection's answer is written by its own function (decision 162); its errors as every route's
 * (Fastify hands the compiler each status's response schema).
 */
const servedAnswerSerializer = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: unknown) => servedItemsJson(data as ServedItemList)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

export const promotionRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    // This process's candidate lists, reloaded each PROMO_CACHE_MS (decision 025), its copies
    // of viewers' views of the day and its batch of view beacons (decision 036).
    const state: ServingState = {
      candidates: createCandidateCache(deps, deps.config.PROMO_CACHE_MS),
      caps: createViewerCaps(deps, deps.config.PROMO_CAPS_MS),
      views: await createViewBuffer(deps, deps.config.PROMO_VIEW_FLUSH_MS),
    };
    registerBackgroundWork(deps.db, {
      name: 'promotion view batch',
      busy: () => state.views.size > 0,
      drain: () => state.views.flush(),
    });
    // A stopping process writes the views it took (a crash leaves them on file, decision 152).
    app.addHook('onClose', async () => {
      await state.views.flush();
    });

    /** Who is looking: the user when signed in, else a random key kept in a cookie. */
    const viewerOf = async (
      request: FastifyRequest,
      reply: FastifyReply | null,
    ): Promise<Viewer> => {
      const user = await request.getUser();
      const userAgent = request.headers['user-agent'] ?? '';
      if (user) return { key: `u:${user.id}`, accountType: user.userType, userAgent };
      let value = request.cookies[VIEWER_COOKIE];
      let isNew = false;
      if (!value || !VIEWER_VALUE.test(value)) {
        isNew = true;
        value = randomBytes(16).toString('base64url');
        reply?.setCookie(VIEWER_COOKIE, value, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.PUBLIC_URL.startsWith('https:'),
          maxAge: 400 * 24 * 3600,
        });
      }
      return { key: `a:${value}`, accountType: null, userAgent, isNew };
    };

    app.get(
      '/serve',
      {
        schema: {
          tags: ['promotions'],
          summary: 'Sponsored items for a placement (weighted by budget pacing, capped per viewer)',
          querystring: ServeQuerySchema,
          response: { 200: ServedItemListSchema, ...errorResponses(400) },
        },
        serializerCompiler: servedAnswerSerializer,
      },
      async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { placement, limit, category, city } = request.query;
        const items = await serveAdCampaigns(deps, {
          placement,
          limit,
          category,
          city,
          viewer,
          state,
        });
        reply.header('cache-control', 'no-store');
        return { items };
      },
    );

    app.post(
      '/views',
      {
        schema: {
          tags: ['promotions'],
          summary: 'View beacon: served items at least half visible for one second (batched)',
          body: BeaconInputSchema,
          response: { 200: z.object({ counted: z.number() }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const viewer = await viewerOf(request, null);
        return {
          counted: await recordViews(deps, { tokens: request.body.tokens, viewer, state }),
        };
      },
    );

    app.get(
      '/go/:token',
      {
        schema: {
          tags: ['promotions'],
          summary: 'Click through a served item: counts the click, then redirects inside the site',
          params: z.object({ token: z.string().max(200) }),
          response: { 302: z.null(), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const target = await recordClick(deps, { token: request.params.token, viewer });
        reply.header('cache-control', 'no-store');
        return reply.redirect(target, 302);
      },
    );

    app.get(
      '/campaigns',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'My campaigns',
          response: {
            200: AdCampaignListSchema,
            ...errorResponses(401),
          },
        },
      },
      async (request) => {
        const actor = await actorFor(deps.db, request, { permission: 'marketing.ads' });
        return { campaigns: (await listMyAdCampaigns(deps, { actor })).map(presentAdCampaign) };
      },
    );

    app.post(
      '/campaigns',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Create a campaign (then pay its budget through checkout)',
          body: CreateAdCampaignInputSchema,
          response: { 201: AdCampaignSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await actorFor(deps.db, request, {
          permission: 'marketing.ads',
          action: 'ad.create',
        });
        const row = await createAdCampaign(deps, { actor, input: request.body });
        return reply.status(201).send(presentAdCampaign(row));
      },
    );

    app.get(
      '/campaigns/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'A campaign with its report (impressions, clicks, spend per day)',
          params: IdParams,
          response: { 200: AdCampaignReportSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await actorFor(deps.db, request, { permission: 'marketing.ads' });
        const report = await getReport(deps, { actor, id: request.params.id });
        return { campaign: presentAdCampaign(report.campaign), days: report.days.map(presentDay) };
      },
    );

    app.patch(
      '/campaigns/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Edit the creative (headline, text, image description)',
          params: IdParams,
          body: UpdateAdCampaignInputSchema,
          response: { 200: AdCampaignSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await actorFor(deps.db, request, {
          permission: 'marketing.ads',
          action: 'ad.edit',
        });
        return presentAdCampaign(
          await updateAdCampaign(deps, { actor, id: request.params.id, input: request.body }),
        );
      },
    );

    app.post(
      '/campaigns/:id/image',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Upload the creative image (multipart field "image"; WebP up to 1200 px)',
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 200: AdCampaignSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        const actor = await actorFor(deps.db, request, {
          permission: 'marketing.ads',
          action: 'ad.image',
        });
        const data = await readUploadedFile(request, {
          field: 'image',
          maxBytes: IMAGE_MAX_BYTES,
          missingMessage: 'Please choose an image to upload',
          tooLargeMessage: 'Images must be 10 MB or smaller',
        });
        return presentAdCampaign(
          await setAdCampaignImage(deps, { actor, id: request.params.id, data }),
        );
      },
    );

    app.post(
      '/campaigns/:id/checkout',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Pay the campaign budget up front (returns the checkout URL)',
          params: IdParams,
          response: {
            200: z.object({ url: z.string(), sessionId: z.string() }),
            ...errors,
            ...errorResponses(503),
          },
        },
      },
      async (request) => {
        const actor = await actorFor(deps.db, request, { permission: 'billing' });
        return checkoutAdCampaign(deps, { actor, id: request.params.id });
      },
    );

    for (const [verb, run, summary] of [
      ['pause', pauseAdCampaign, 'Pause a live campaign'],
      ['resume', resumeAdCampaign, 'Resume a paused campaign'],
      ['end', endAdCampaign, 'End a campaign for good'],
    ] as const) {
      app.post(
        `/campaigns/:id/${verb}`,
        {
          onRequest: requireAuth,
          schema: {
            tags: ['promotions'],
            summary,
            params: IdParams,
            response: { 200: AdCampaignSchema, ...errors },
          },
        },
        async (request) => {
          const actor = await actorFor(deps.db, request, {
            permission: 'marketing.ads',
            action: `ad.${verb}`,
          });
          return presentAdCampaign(await run(deps, { actor, id: request.params.id }));
        },
      );
    }

    app.get(
      '/review',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Campaigns waiting for review (moderators and admins)',
          response: {
            200: ReviewAdCampaignListSchema,
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        const rows = await listForReview(deps, { actor });
        return {
          campaigns: rows.map((row) => ({
            ...presentAdCampaign(row),
            ownerName: row.ownerName,
            ownerEmail: row.ownerEmail,
          })),
        };
      },
    );

    app.post(
      '/review/:id/approve',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Approve a paid campaign: it goes live on its schedule',
          params: IdParams,
          response: { 200: AdCampaignSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        return presentAdCampaign(await approveAdCampaign(deps, { actor, id: request.params.id }));
      },
    );

    app.post(
      '/review/:id/reject',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['promotions'],
          summary: 'Reject a paid campaign: its budget is refunded in full',
          params: IdParams,
          body: RejectInputSchema,
          response: { 200: AdCampaignSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        return presentAdCampaign(
          await rejectAdCampaign(deps, { actor, id: request.params.id, note: request.body.note }),
        );
      },
    );
  };
