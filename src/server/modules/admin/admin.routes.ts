import { msg } from '@lingui/core/macro';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCancelEventSchema,
  AdminEventPageSchema,
  CancelledSchema,
  EraseAccountSchema,
  AdminEventQuerySchema,
  AdminOrderPageSchema,
  AdminOrderQuerySchema,
  AdminRefundSchema,
  AdminSearchQuerySchema,
  AdminSearchSchema,
  AnalyticsSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  EventModerationSchema,
  OverviewQuerySchema,
  OverviewSchema,
  RoleChangeSchema,
  SiteSettingsPatchSchema,
  SiteSettingsSchema,
  SuspendSchema,
  TransferEventSchema,
  TransferredSchema,
} from '../../../contracts/admin';
import { OrderSchema } from '../../../contracts/tickets';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import type { ModuleContext } from '../module';
import { canApplyModeration } from './admin.policy';
import { toAdminEvent, toAdminOrder, toAdminUser, toAdminUserDetail } from './admin.presenter';
import * as accountHelp from './account-help.service';
import * as admin from './admin.service';
import * as analytics from './analytics.service';
import { dataCheckRoutes } from './data-checks.routes';
import { exportOrdersCsv } from './order-export.service';
import { reportQueueRoutes } from './reports.routes';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const IdParams = idParams('Not found');
const Done = z.object({ ok: z.literal(true) });

const actorOf = async (request: FastifyRequest) => ({
  user: await currentUser(request),
  requestId: request.id,
});

export const adminRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = {
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      sessionEvents: ctx.sessionEvents,
    };
    const authDeps = {
      db: ctx.db,
      clock: ctx.clock,
      jobs: ctx.jobs,
      config: ctx.config,
      sessionEvents: ctx.sessionEvents,
    };
    const tags = ['admin'];
    await app.register(reportQueueRoutes(ctx));
    await app.register(dataCheckRoutes(ctx));
    const adminOnly = requireRole('admin');
    // Moderators pass this one too (admin passes every role check, spec §6).
    const moderators = requireRole('moderator');

    app.get(
      '/overview',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Key figures against the previous period, sales per day, recent activity',
          querystring: OverviewQuerySchema,
          response: { 200: OverviewSchema, ...errors },
        },
      },
      async (request) => analytics.overview(deps, request.query),
    );

    app.get(
      '/analytics',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Revenue by category, sign-ups by type, top events and vendors over a period',
          querystring: OverviewQuerySchema,
          response: { 200: AnalyticsSchema, ...errors },
        },
      },
      async (request) => analytics.analytics(deps, request.query),
    );

    app.get(
      '/search',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Users, events and orders by id, email or title',
          querystring: AdminSearchQuerySchema,
          response: { 200: AdminSearchSchema, ...errors },
        },
      },
      async (request) => admin.search(deps, request.query),
    );

    app.get(
      '/users',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Users, paged, sorted and filtered',
          querystring: AdminUserQuerySchema,
          response: { 200: AdminUserPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await admin.listUsers(deps, request.query);
        return {
          rows: rows.map(toAdminUser),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        };
      },
    );

    app.get(
      '/users/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'One user with events, orders, sessions and passkeys (audited)',
          params: IdParams,
          response: { 200: AdminUserDetailSchema, ...errors },
        },
      },
      async (request) =>
        toAdminUserDetail(
          await admin.getUser(deps, { id: request.params.id, actor: await actorOf(request) }),
        ),
    );

    app.post(
      '/users/:id/roles',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Grant or revoke admin, blog_admin or moderator',
          params: IdParams,
          body: RoleChangeSchema,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await admin.changeRole(deps, {
          userId: request.params.id,
          change: request.body,
          actor: await actorOf(request),
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/users/:id/suspend',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Suspend an account: its sessions end at once and sign-in is refused',
          params: IdParams,
          body: SuspendSchema,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await admin.suspendUser(deps, {
          userId: request.params.id,
          reason: request.body.reason,
          actor: await actorOf(request),
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/users/:id/reactivate',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Lift a suspension',
          params: IdParams,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await admin.reactivateUser(deps, {
          userId: request.params.id,
          actor: await actorOf(request),
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/users/:id/password-reset',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Mail the person a password reset link (at most one a minute)',
          params: IdParams,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await accountHelp.sendPasswordReset(
          { ...deps, auth: authDeps },
          { userId: request.params.id, actor: await actorOf(request) },
        );
        return { ok: true as const };
      },
    );

    app.post(
      '/users/:id/resend-confirmation',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Mail a new confirmation link to an unconfirmed address',
          params: IdParams,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await accountHelp.resendConfirmationFor(
          { ...deps, auth: authDeps },
          { userId: request.params.id, actor: await actorOf(request) },
        );
        return { ok: true as const };
      },
    );

    app.post(
      '/users/:id/erase',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary:
            'Delete an account: personal data erased, sessions ended, orders kept anonymised',
          params: IdParams,
          body: EraseAccountSchema,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await accountHelp.eraseUser(deps, {
          userId: request.params.id,
          confirmEmail: request.body.confirmEmail,
          actor: await actorOf(request),
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/events/:id/cancel',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Cancel an event and notify its ticket holders (audited)',
          params: IdParams,
          body: AdminCancelEventSchema,
          response: { 200: CancelledSchema, ...errors },
        },
      },
      async (request) =>
        admin.cancelEventFor(
          { ...deps, events: { db: ctx.db, clock: ctx.clock, files: ctx.files } },
          {
            eventId: request.params.id,
            reason: request.body.reason,
            actor: await actorOf(request),
          },
        ),
    );

    app.post(
      '/events/:id/transfer',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Move an event to another organizer or venue (both notified, audited)',
          params: IdParams,
          body: TransferEventSchema,
          response: { 200: TransferredSchema, ...errors },
        },
      },
      async (request) =>
        admin.transferEvent(deps, {
          eventId: request.params.id,
          toUserId: request.body.toUserId,
          reason: request.body.reason,
          actor: await actorOf(request),
        }),
    );

    app.get(
      '/events',
      {
        onRequest: moderators,
        schema: {
          tags,
          summary: 'Every event, paged and filtered (admins and moderators)',
          querystring: AdminEventQuerySchema,
          response: { 200: AdminEventPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await admin.listEvents(deps, request.query);
        return {
          rows: rows.map(toAdminEvent),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        };
      },
    );

    app.post(
      '/events/:id/moderate',
      {
        onRequest: moderators,
        schema: {
          tags,
          summary: 'Unpublish or republish (moderators too), feature or unfeature (admins)',
          params: IdParams,
          body: EventModerationSchema,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        const actor = await actorOf(request);
        if (!canApplyModeration(actor.user, request.body.action))
          throw new AppError('FORBIDDEN', msg`Required role: admin`);
        await admin.moderateEvent(deps, {
          eventId: request.params.id,
          action: request.body.action,
          actor,
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/orders/search',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Orders by buyer, event, status, date and amount, paged and sorted',
          querystring: AdminOrderQuerySchema,
          response: { 200: AdminOrderPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await admin.listOrders(deps, request.query);
        return {
          rows: rows.map(toAdminOrder),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        };
      },
    );

    app.get(
      '/orders/export.csv',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'The filtered orders as CSV, streamed page by page',
          querystring: AdminOrderQuerySchema.omit({ page: true, pageSize: true }),
        },
      },
      async (request, reply) => {
        const stream = await exportOrdersCsv(ctx, {
          query: request.query,
          actorId: (await currentUser(request)).id,
          requestId: request.id,
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orders.csv"');
        return reply.send(stream);
      },
    );

    app.post(
      '/orders/:id/refund',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Refund in full or in part through the refund service (audited)',
          params: IdParams,
          body: AdminRefundSchema,
          response: { 200: OrderSchema, ...errors, ...errorResponses(422) },
        },
      },
      async (request) =>
        admin.refund(
          { ...deps, orders: ctx.ticketing.orders },
          {
            orderId: request.params.id,
            amountCents: request.body.amountCents,
            reason: request.body.reason,
            actor: await actorOf(request),
          },
        ),
    );

    app.get(
      '/settings',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Site settings',
          response: { 200: SiteSettingsSchema, ...errors },
        },
      },
      async () => admin.getSiteSettings(deps),
    );

    app.patch(
      '/settings',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Change site settings (takes effect at once, audited)',
          body: SiteSettingsPatchSchema,
          response: { 200: SiteSettingsSchema, ...errors },
        },
      },
      async (request) =>
        admin.updateSiteSettings(deps, { patch: request.body, actor: await actorOf(request) }),
    );

    app.get(
      '/audit',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'The audit log, newest first, with filters',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema, ...errors },
        },
      },
      async (request) => admin.listAudit(deps, request.query),
    );
  };
