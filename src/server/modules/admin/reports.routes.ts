import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReportSchema,
  ReportActionSchema,
  ReportCreatedSchema,
  ReportPageSchema,
  ReportQuerySchema,
} from '../../../contracts/admin';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import type { ModuleContext } from '../module';
import * as reports from './reports.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const IdParams = idParams('Not found');
const Done = z.object({ ok: z.literal(true) });

const depsOf = (ctx: ModuleContext) => ({
  db: ctx.db,
  clock: ctx.clock,
  config: ctx.config,
  sessionEvents: ctx.sessionEvents,
  realtime: ctx.realtime,
});

/** `POST /api/reports`: any signed-in person flags something for the moderators. */
export const reportRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = depsOf(ctx);
    app.post(
      '/',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['reports'],
          summary: 'Report an event, a message, a profile or an event review to the moderators',
          body: CreateReportSchema,
          response: { 201: ReportCreatedSchema, ...errors, ...errorResponses(429) },
        },
      },
      async (request, reply) => {
        const created = await reports.fileReport(deps, {
          reporter: await currentUser(request),
          report: request.body,
        });
        return reply.code(201).send(created);
      },
    );
  };

/** The moderators' queue, under `/api/admin/reports` (moderators and admins). */
export const reportQueueRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = depsOf(ctx);
    const moderators = requireRole('moderator');
    app.get(
      '/reports',
      {
        onRequest: moderators,
        schema: {
          tags: ['admin'],
          summary: 'Reports by status with a preview of each target (moderators and admins)',
          querystring: ReportQuerySchema,
          response: { 200: ReportPageSchema, ...errors },
        },
      },
      async (request) => reports.listReports(deps, request.query),
    );

    app.post(
      '/reports/:id/action',
      {
        onRequest: moderators,
        schema: {
          tags: ['admin'],
          summary:
            'Dismiss, hide the target or suspend its author; settles every open report on it',
          params: IdParams,
          body: ReportActionSchema,
          response: { 200: Done, ...errors },
        },
      },
      async (request) => {
        await reports.handleReport(deps, {
          reportId: request.params.id,
          action: request.body.action,
          note: request.body.note,
          actor: { user: await currentUser(request), requestId: request.id },
        });
        return { ok: true as const };
      },
    );
  };
