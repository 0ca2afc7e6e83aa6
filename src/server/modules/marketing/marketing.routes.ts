import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { ErrorBodySchema } from '../../../contracts/errors';
import {
  BounceResultSchema,
  CampaignInputSchema,
  CampaignSchema,
  CampaignsSchema,
  CreateFunnelInputSchema,
  EmailListInputSchema,
  EmailListSchema,
  EmailListsSchema,
  FunnelGoQuerySchema,
  FunnelOptInInputSchema,
  FunnelReportSchema,
  FunnelSaleInputSchema,
  FunnelSaleResultSchema,
  FunnelSchema,
  FunnelsSchema,
  FunnelViewInputSchema,
  ImportChunkInputSchema,
  ImportResultSchema,
  PublicFunnelSchema,
  PublicListSchema,
  PreferenceChangeInputSchema,
  PreferencesSchema,
  PublicSubscribeInputSchema,
  SegmentCountInputSchema,
  SegmentCountSchema,
  SendCampaignInputSchema,
  SubscriberInputSchema,
  SubscriberListQuerySchema,
  SubscriberPageSchema,
  SubscriberSchema,
  TestSendResultSchema,
  TokenQuerySchema,
  UnsubscribeResultSchema,
  UpdateCampaignInputSchema,
  UpdateEmailListInputSchema,
  UpdateFunnelInputSchema,
} from '../../../contracts/marketing';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { rateLimit } from '../../platform/http/rate-limits';
import { escapeHtml } from '../../platform/mail/templates';
import type { ModuleContext } from '../module';
import {
  presentCampaign,
  presentFunnel,
  presentList,
  presentSubscriber,
} from './marketing.presenter';
import { BOUNCE_SIGNATURE_HEADER } from './bounce-reports';
import * as svc from './marketing.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const tags = ['marketing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Not found');
const SlugParams = z.object({ slug: z.string().max(100) });
const guarded = { onRequest: requireAuth };

/** A tiny page of our own for links opened from mail (no app bundle needed). */
function page(reply: FastifyReply, appName: string, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(appName)}</a></p></main></body></html>`,
    );
}

export const marketingRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    const secure = ctx.config.PUBLIC_URL.startsWith('https:');
    // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );

    // Lists.
    app.get(
      '/lists',
      {
        ...guarded,
        schema: { tags, summary: 'My email lists', response: { 200: EmailListsSchema, ...errors } },
      },
      async (request) => ({
        lists: (await svc.listLists(deps, await currentUser(request))).map(presentList),
      }),
    );
    app.post(
      '/lists',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Create a list',
          body: EmailListInputSchema,
          response: { 201: EmailListSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(presentList(await svc.createList(deps, await currentUser(request), request.body))),
    );
    app.get(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One list',
          params: IdParams,
          response: { 200: EmailListSchema, ...errors },
        },
      },
      async (request) =>
        presentList(await svc.getList(deps, await currentUser(request), request.params.id)),
    );
    app.patch(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Change a list',
          params: IdParams,
          body: UpdateEmailListInputSchema,
          response: { 200: EmailListSchema, ...errors },
        },
      },
      async (request) =>
        presentList(
          await svc.updateList(deps, await currentUser(request), request.params.id, request.body),
        ),
    );
    app.delete(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a list and its subscribers',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await svc.deleteList(deps, await currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      '/lists/:id/subscribers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Subscribers of a list',
          params: IdParams,
          querystring: SubscriberListQuerySchema,
          response: { 200: SubscriberPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await svc.listSubscribers(
          deps,
          await currentUser(request),
          request.params.id,
          request.query,
        );
        return { subscribers: rows.map(presentSubscriber), total };
      },
    );
    app.post(
      '/lists/:id/subscribers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Add a subscriber by hand',
          params: IdParams,
          body: SubscriberInputSchema,
          response: { 201: SubscriberSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            presentSubscriber(
              await svc.addSubscriber(
                deps,
                await currentUser(request),
                request.params.id,
                request.body,
              ),
            ),
          ),
    );
    app.delete(
      '/lists/:id/subscribers/:subscriberId',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Remove a subscriber',
          params: z.object({
            id: z.uuid({ error: 'Not found' }),
            subscriberId: z.uuid({ error: 'Not found' }),
          }),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await svc.removeSubscriber(deps, await currentUser(request), {
          listId: request.params.id,
          subscriberId: request.params.subscriberId,
        });
        return { ok: true as const };
      },
    );
    app.post(
      '/lists/:id/import',
      {
        ...guarded,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'Import one chunk of CSV rows (column mapping; skipped rows reported with reasons)',
          params: IdParams,
          body: ImportChunkInputSchema,
          response: { 200: ImportResultSchema, ...errors },
        },
      },
      async (request) =>
        svc.importChunk(deps, await currentUser(request), request.params.id, request.body),
    );
    app.get(
      '/lists/:id/export.csv',
      { ...guarded, schema: { tags, summary: 'Subscribers as CSV', params: IdParams } },
      async (request, reply) => {
        const file = await svc.exportList(deps, await currentUser(request), request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );

    // Public: list sign-up, confirmation, unsubscribe, tracking.
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
        const list = await svc.getPublicList(deps, request.params.id);
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
        const list = await svc.getPublicList(deps, request.params.id);
        return page(
          reply,
          deps.config.APP_NAME,
          list.name,
          `<p>${escapeHtml(list.description)}</p><form method="post" action="/api/marketing/public/lists/${list.id}/subscribe"><p><label>Email <input name="email" type="email" required autocomplete="email"></label></p><p><label>Name <input name="name" autocomplete="name"></label></p><button type="submit">Subscribe</button></form>`,
        );
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
        const list = await svc.getPublicList(deps, request.params.id);
        const result = await svc.subscribeFromForm(deps, list, request.body, 'form');
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
          return page(
            reply,
            deps.config.APP_NAME,
            result === 'confirm' ? 'Check your inbox' : 'You are subscribed',
            result === 'confirm'
              ? '<p>We sent you a link to confirm your subscription.</p>'
              : '<p>Thank you.</p>',
          );
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
        const ok = await svc.confirmFromLink(deps, request.query.token);
        return ok
          ? page(
              reply,
              deps.config.APP_NAME,
              'You are subscribed',
              '<p>Thank you for confirming.</p>',
            )
          : page(
              reply,
              deps.config.APP_NAME,
              'Link not valid',
              '<p>This confirmation link is not valid.</p>',
              404,
            );
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
      async (request, reply) =>
        page(
          reply,
          deps.config.APP_NAME,
          'Unsubscribe',
          `<form method="post" action="/api/marketing/unsubscribe?token=${escapeHtml(encodeURIComponent(request.query.token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p>Stop receiving these emails?</p><button type="submit">Unsubscribe</button></form>`,
        ),
    );
    app.post(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            'One-click unsubscribe (RFC 8058), no session: immediate, from every list of the sender',
          querystring: TokenQuerySchema,
          response: { 200: UnsubscribeResultSchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const result = await svc.unsubscribeFromLink(deps, request.query.token);
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
          return page(
            reply,
            deps.config.APP_NAME,
            'You are unsubscribed',
            `<p>${escapeHtml(result.email)} will get no more emails from this sender.</p>`,
          );
        return result;
      },
    );
    app.get(
      '/preferences',
      {
        schema: {
          tags,
          summary:
            'The manage-preferences page of one address with one sender (the signed link in every campaign mail; no session)',
          querystring: TokenQuerySchema,
          response: { 200: PreferencesSchema, 404: ErrorBodySchema },
        },
      },
      async (request) => svc.getPreferences(deps, request.query.token),
    );
    app.post(
      '/preferences',
      {
        schema: {
          tags,
          summary: 'Leave or join one list from the manage-preferences page (no session)',
          querystring: TokenQuerySchema,
          body: PreferenceChangeInputSchema,
          response: { 200: PreferencesSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request) => svc.changePreference(deps, request.query.token, request.body),
    );
    app.get(
      '/t/open.gif',
      { schema: { tags, summary: 'Open-tracking pixel', querystring: TokenQuerySchema } },
      async (request, reply) => {
        await svc.track(deps, 'open', request.query.token);
        return reply
          .type('image/gif')
          .header('cache-control', 'no-store')
          .send(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
      },
    );
    app.get(
      '/t/click',
      { schema: { tags, summary: 'Click-tracking redirect', querystring: TokenQuerySchema } },
      async (request, reply) => {
        const url = await svc.track(deps, 'click', request.query.token);
        if (!url)
          return page(
            reply,
            deps.config.APP_NAME,
            'Link not valid',
            '<p>This link is not valid.</p>',
            404,
          );
        return reply.redirect(url, 302);
      },
    );

    // A mail provider's asynchronous bounce and complaint reports (decision 024). The signature
    // is over the exact bytes received, so this scope keeps the body raw.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_r, b, done) => done(null, b),
      );
      scope.post(
        '/bounces',
        {
          schema: {
            tags,
            summary:
              'Bounce and complaint reports from the mail provider (signed with BOUNCE_WEBHOOK_SECRET)',
            response: {
              200: BounceResultSchema,
              400: ErrorBodySchema,
              401: ErrorBodySchema,
              404: ErrorBodySchema,
            },
          },
        },
        async (request) => {
          const header = request.headers[BOUNCE_SIGNATURE_HEADER];
          return svc.recordBounceReports(
            deps,
            (request.body as Buffer | undefined) ?? Buffer.alloc(0),
            Array.isArray(header) ? header[0] : header,
          );
        },
      );
    });

    // Campaigns.
    app.get(
      '/email-campaigns',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'My campaigns with their stats',
          response: { 200: CampaignsSchema, ...errors },
        },
      },
      async (request) => ({
        campaigns: (await svc.listCampaigns(deps, await currentUser(request))).map(presentCampaign),
      }),
    );
    app.post(
      '/email-campaigns',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Create a campaign (the body is sanitized; a text part is generated)',
          body: CampaignInputSchema,
          response: { 201: CampaignSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            presentCampaign(
              await svc.createCampaign(deps, await currentUser(request), request.body),
            ),
          ),
    );
    app.get(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One campaign with its report',
          params: IdParams,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(await svc.getCampaign(deps, await currentUser(request), request.params.id)),
    );
    app.patch(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Change a draft campaign',
          params: IdParams,
          body: UpdateCampaignInputSchema,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(
          await svc.updateCampaign(
            deps,
            await currentUser(request),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.delete(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a draft or cancelled campaign',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await svc.deleteCampaign(deps, await currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/segments/count',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            "How many people a campaign to these lists and segment would mail now, and the lists' imported columns (the editor's live count)",
          body: SegmentCountInputSchema,
          response: { 200: SegmentCountSchema, ...errors },
        },
      },
      async (request) => svc.countAudience(deps, await currentUser(request), request.body),
    );
    app.post(
      '/email-campaigns/:id/test',
      {
        ...guarded,
        config: rateLimit('newsletter', deps.config),
        schema: {
          tags,
          summary: 'Send the campaign to yourself',
          params: IdParams,
          response: { 202: TestSendResultSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await svc.testSend(deps, await currentUser(request), request.params.id)),
    );
    app.post(
      '/email-campaigns/:id/send',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Send now, schedule, or resume a paused campaign',
          params: IdParams,
          body: SendCampaignInputSchema,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(
          await svc.startCampaign(deps, await currentUser(request), request.params.id, {
            scheduledAt: request.body.scheduledAt,
          }),
        ),
    );
    for (const action of ['pause', 'cancel'] as const) {
      app.post(
        `/email-campaigns/:id/${action}`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `${action === 'pause' ? 'Pause' : 'Cancel'} a campaign`,
            params: IdParams,
            response: { 200: CampaignSchema, ...errors },
          },
        },
        async (request) =>
          presentCampaign(
            await svc.setCampaignState(deps, await currentUser(request), request.params.id, action),
          ),
      );
    }

    // Funnels.
    app.get(
      '/funnels',
      {
        ...guarded,
        schema: { tags, summary: 'My funnels', response: { 200: FunnelsSchema, ...errors } },
      },
      async (request) => ({
        funnels: (await svc.listFunnels(deps, await currentUser(request))).map((row) => {
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
        reply
          .status(201)
          .send(
            presentFunnel(await svc.createFunnel(deps, await currentUser(request), request.body)),
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
        presentFunnel(await svc.getFunnel(deps, await currentUser(request), request.params.id)),
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
          await svc.updateFunnel(deps, await currentUser(request), request.params.id, request.body),
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
        await svc.deleteFunnel(deps, await currentUser(request), request.params.id);
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
        presentFunnel(await svc.publishFunnel(deps, await currentUser(request), request.params.id)),
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
        steps: await svc.funnelReport(deps, await currentUser(request), request.params.id),
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
      async (request) => svc.getPublicFunnelView(deps, request.params.slug),
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
        await svc.recordFunnelView(deps, request.params.slug, request.body.step);
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
        const { to, cookie } = await svc.funnelClick(deps, request.params.slug, {
          step: request.query.step,
          eventId: request.query.event,
        });
        if (cookie)
          reply.setCookie(svc.FUNNEL_COOKIE, cookie, {
            path: '/api/marketing',
            httpOnly: true,
            sameSite: 'lax',
            secure,
            maxAge: svc.FUNNEL_COOKIE_DAYS * 86_400,
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
        const reason = await svc.recordFunnelSale(deps, await currentUser(request), {
          orderId: request.body.orderId,
          cookie: request.cookies[svc.FUNNEL_COOKIE],
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
            422: ErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ result: await svc.funnelOptIn(deps, request.params.slug, request.body) }),
    );
  };
