import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  AdminAffiliateListSchema,
  AffiliateDashboardSchema,
  AffiliateLedgerPageSchema,
  AffiliateLedgerQuerySchema,
  CommissionRuleInputSchema,
  CommissionRuleQuerySchema,
  CommissionRuleSchema,
  JoinInputSchema,
  PayoutInputSchema,
  PayoutMethodInputSchema,
  RecordSaleInputSchema,
  RecordSaleResponseSchema,
  ReferralHandlerQuerySchema,
  RevealTinInputSchema,
  RevealTinResponseSchema,
  TestActivitySchema,
  TrackClickInputSchema,
  W9InputSchema,
  W9SummarySchema,
} from '../../../contracts/affiliates';
import { AFFILIATE_COOKIE_DAYS } from '../../../contracts/limits';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import type { ModuleContext } from '../module';
import type { AffiliateDeps } from './affiliate-deps';
import {
  getCommissionRule,
  getDashboard,
  listLedger,
  getTestActivity,
  joinProgram,
  listForAdmin,
  recordPayout,
  recordTestConversion,
  savePayoutMethod,
  setCommissionRule,
} from './affiliates.service';
import {
  affiliateCookie,
  createClickBatcher,
  createClickQueue,
  recordClick,
  recordSale,
  visitorKeyOf,
  type ClickOutcome,
} from './attribution.service';
import { getW9, revealTin, saveW9, w9Pdf } from './tax-forms.service';
import { errorResponses } from '../../platform/http/error-responses';
import { isUuid } from '../../../contracts/ids';
import { isBotAgent } from '../../platform/http/bots';
import { registerBackgroundWork } from '../../platform/background-work';

const errors = errorResponses(400, 401, 403, 404, 409);
/** HttpOnly and signed: what attribution trusts. Sent only to this module's API. */
export const ATTRIBUTION_COOKIE = 'mea_aff';
/** spec §3 "affiliate id in a cookie": readable by the page, so sign-up can pre-fill the code. */
const AFFILIATE_ID_COOKIE = 'affiliate_id';

export const affiliateRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Sensitive: a password or passkey checked in the last ten minutes (decision 061).
    const recentAuth = requireRecentAuth(ctx);
    const deps: AffiliateDeps = {
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      realtime: ctx.realtime,
    };
    // Clicks share statements (group commit, decision 123); each is answered once its batch has
    // committed, and a stopping process writes what is still queued before the database closes.
    const clicks = createClickBatcher(ctx.db);
    // A referral link's click of a known code is answered once on file and written after the
    // answer (decision 163); a crash leaves it on file for the next start.
    const queue = await createClickQueue(ctx);
    if (queue)
      registerBackgroundWork(ctx.db, {
        name: 'referral click batch',
        busy: () => queue.size > 0,
        drain: () => queue.flush(),
      });
    app.addHook('onClose', async () => {
      await queue?.flush();
      await clicks.idle();
    });
    const tags = ['affiliates'];
    const secure = ctx.config.PUBLIC_URL.startsWith('https:');

    /** Last click wins: every counted or repeated click re-points both cookies at its link. */
    function setClickCookies(reply: FastifyReply, outcome: ClickOutcome) {
      if (outcome.kind !== 'counted' && outcome.kind !== 'repeat' && outcome.kind !== 'queued')
        return;
      const maxAge = AFFILIATE_COOKIE_DAYS * 86_400;
      reply.setCookie(
        ATTRIBUTION_COOKIE,
        affiliateCookie.sign(ctx.config, outcome.code, ctx.clock.now()),
        { path: '/api/affiliates', httpOnly: true, sameSite: 'lax', secure, maxAge },
      );
      reply.setCookie(AFFILIATE_ID_COOKIE, outcome.code, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure,
        maxAge,
      });
    }

    async function click(
      request: FastifyRequest,
      params: {
        code: string;
        eventId: string | null;
        sessionId?: string | null;
        test?: boolean;
        /** The link's redirect: its answer needs no count (track-click's does). */
        answerOnFile?: boolean;
      },
    ) {
      const userAgent = request.headers['user-agent'] ?? '';
      // Only a request carrying a session pays for the lookup (the referrer's own clicks).
      const viewer = request.cookies.mea_session ? await request.getUser() : null;
      return recordClick(
        { ...deps, clicks, queue: params.answerOnFile ? queue : undefined },
        {
          code: params.code,
          eventId: params.eventId,
          visitorKey: visitorKeyOf({ sessionId: params.sessionId, ip: request.ip, userAgent }),
          bot: !userAgent || isBotAgent(userAgent),
          viewerId: viewer?.id ?? null,
          test: params.test,
        },
      );
    }

    app.get(
      '/r/:promoId',
      {
        schema: {
          tags,
          summary:
            'spec §7 referral-handler: records the click and redirects to the event (home without event_id); unknown codes redirect too, recording nothing',
          params: z.object({ promoId: z.string().max(200) }),
          querystring: ReferralHandlerQuerySchema,
        },
      },
      async (request, reply) => {
        const eventId =
          request.query.event_id && isUuid(request.query.event_id)
            ? request.query.event_id.toLowerCase()
            : null;
        const outcome = await click(request, {
          code: request.params.promoId,
          eventId,
          sessionId: request.query.session_id,
          answerOnFile: true,
        });
        setClickCookies(reply, outcome);
        reply.header('cache-control', 'no-store');
        return reply.redirect(eventId ? `/event/${eventId}` : '/', 302);
      },
    );

    app.post(
      '/track-click',
      {
        schema: {
          tags,
          summary:
            'spec §7 track-click: a page opened with an affiliate link (affiliate id + session id)',
          body: TrackClickInputSchema,
          response: { 200: z.object({ counted: z.boolean() }), ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await click(request, {
          code: request.body.affiliateId,
          eventId: request.body.eventId ?? null,
          sessionId: request.body.sessionId,
          test: request.body.test,
        });
        // Test-mode clicks never move the real attribution.
        if (!request.body.test) setClickCookies(reply, outcome);
        return { counted: outcome.kind === 'counted' };
      },
    );

    app.post(
      '/join',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Join the affiliate program (accept the terms, get a code)',
          body: JoinInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await joinProgram(deps, { actor: await currentUser(request) });
        return { ok: true as const };
      },
    );

    app.get(
      '/me/ledger',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "A page of the signed-in affiliate's ledger, newest first",
          querystring: AffiliateLedgerQuerySchema,
          response: { 200: AffiliateLedgerPageSchema, ...errors },
        },
      },
      async (request) =>
        listLedger(deps, { actor: await currentUser(request), query: request.query }),
    );

    app.get(
      '/me',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'The affiliate dashboard: links with clicks, conversions and earnings; balances; ledger',
          response: { 200: AffiliateDashboardSchema, ...errors },
        },
      },
      async (request) => getDashboard(deps, { actor: await currentUser(request) }),
    );

    app.put(
      '/payout-method',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags,
          summary: 'Where payouts go',
          body: PayoutMethodInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await savePayoutMethod(deps, { actor: await currentUser(request), ...request.body });
        return { ok: true as const };
      },
    );

    app.post(
      '/sales',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'spec §7 record-affiliate-sale: the buyer names their order; the signed affiliate cookie names the link (last click within 30 days)',
          body: RecordSaleInputSchema,
          response: { 200: RecordSaleResponseSchema, ...errors },
        },
      },
      async (request) => {
        const reason = await recordSale(deps, {
          actor: await currentUser(request),
          orderId: request.body.orderId,
          cookie: request.cookies[ATTRIBUTION_COOKIE],
        });
        return { attributed: reason === 'recorded' || reason === 'already', reason };
      },
    );

    app.get(
      '/commission',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's referral setting and commission (its organizer)",
          querystring: CommissionRuleQuerySchema,
          response: { 200: CommissionRuleSchema, ...errors },
        },
      },
      async (request) =>
        getCommissionRule(deps, {
          actor: await currentUser(request),
          eventId: request.query.event_id,
        }),
    );

    app.put(
      '/commission',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Opt an event into referrals (is_referral_based) and set its commission',
          body: CommissionRuleInputSchema,
          response: { 200: CommissionRuleSchema, ...errors },
        },
      },
      async (request) =>
        setCommissionRule(deps, { actor: await currentUser(request), ...request.body }),
    );

    app.get(
      '/w9',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Your W-9 on file (TIN masked)',
          response: { 200: W9SummarySchema, ...errors },
        },
      },
      async (request) => getW9(deps, { actor: await currentUser(request) }),
    );

    app.put(
      '/w9',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags,
          summary: 'Submit a W-9 (the TIN is encrypted at rest and never returned)',
          body: W9InputSchema,
          response: { 200: W9SummarySchema, ...errors },
        },
      },
      async (request) => saveW9(deps, { actor: await currentUser(request), input: request.body }),
    );

    app.get(
      '/w9.pdf',
      {
        onRequest: requireAuth,
        schema: { tags, summary: 'A printable summary of your W-9 (TIN masked)' },
      },
      async (request, reply) => {
        const pdf = await w9Pdf(deps, { actor: await currentUser(request) });
        return reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="w9-summary.pdf"')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/test/conversion',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Test mode: a pretend conversion on your test feed (real figures unchanged)',
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await recordTestConversion(deps, { actor: await currentUser(request) });
        return { ok: true as const };
      },
    );

    app.get(
      '/test/activity',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Test mode: your test clicks and conversions, newest first',
          response: { 200: TestActivitySchema, ...errors },
        },
      },
      async (request) => getTestActivity(deps, { actor: await currentUser(request) }),
    );

    app.get(
      '/admin/affiliates',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          summary: 'Admin: every affiliate with pending, due and paid balances',
          response: { 200: AdminAffiliateListSchema, ...errors },
        },
      },
      async () => ({ affiliates: await listForAdmin(deps) }),
    );

    app.post(
      '/admin/payouts',
      {
        onRequest: requireRole('admin'),
        preValidation: recentAuth,
        schema: {
          tags,
          summary:
            'Admin: record a payout sent (a ledger entry; minimum amount; W-9 above the threshold)',
          body: PayoutInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await recordPayout(deps, { actor: await currentUser(request), ...request.body });
        return { ok: true as const };
      },
    );

    app.post(
      '/admin/w9/reveal',
      {
        onRequest: requireRole('admin'),
        preValidation: recentAuth,
        schema: {
          tags,
          summary: "Admin: an affiliate's full TIN (each read is audited)",
          body: RevealTinInputSchema,
          response: { 200: RevealTinResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return revealTin(deps, {
          actor: await currentUser(request),
          affiliateId: request.body.affiliateId,
        });
      },
    );
  };
