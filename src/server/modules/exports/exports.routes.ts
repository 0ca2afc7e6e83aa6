import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  ExportInputSchema,
  ExportLinkQuerySchema,
  ExportListSchema,
  ExportParamsSchema,
  ExportSchema,
} from '../../../contracts/exports';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import { errorResponses } from '../../platform/http/error-responses';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import {
  exportFile,
  getExport,
  linkedExportFile,
  listExports,
  startExport,
  streamExport,
} from './exports.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
// Attendees as CSV unless asked otherwise (the most asked-for export, in its oldest format).
const StreamQuery = z.object({
  kind: z.enum(EXPORT_KINDS).default('attendees'),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});

function sendFile(
  reply: FastifyReply,
  file: { stream: Readable; contentType: string; fileName: string; size?: number | null },
) {
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store');
  if (file.size) reply.header('content-length', file.size);
  return reply.send(file.stream);
}

/** An organizer's exports of one event: streamed downloads and exports built in the background. */
export const exportRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Sensitive: a password or passkey checked in the last ten minutes (decision 061).
    const recentAuth = requireRecentAuth(ctx);
    const tags = ['exports'];

    app.get(
      '/events/:id/attendees.csv',
      {
        onRequest: requireAuth,
        // A plain link: the web asks for the password first (GET /api/auth/two-factor/reauth).
        preValidation: recentAuth,
        schema: { tags, summary: 'Attendees as CSV', params: EventParams },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await streamExport(ctx, {
            eventId: request.params.id,
            actor: await currentUser(request),
            kind: 'attendees',
            format: 'csv',
            locale: await requestLocale(request),
            fileName: `attendees-${request.params.id.slice(0, 8)}.csv`,
          }),
        ),
    );

    app.get(
      '/events/:id/export',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags,
          summary:
            'Orders, attendees (with their answers), check-ins or products as CSV or Excel, streamed (owner or admin)',
          params: EventParams,
          querystring: StreamQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await streamExport(ctx, {
            eventId: request.params.id,
            actor: await currentUser(request),
            ...request.query,
            locale: await requestLocale(request),
          }),
        ),
    );

    app.post(
      '/events/:id/exports',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags,
          summary: 'Start an export in the background; a long one is emailed (owner or admin)',
          params: EventParams,
          body: ExportInputSchema,
          response: { 202: ExportSchema, ...errors },
        },
      },
      async (request, reply) => {
        const started = await startExport(ctx, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        });
        return reply.code(202).send(started);
      },
    );

    app.get(
      '/events/:id/exports',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The event's recent exports still kept (owner or admin)",
          params: EventParams,
          response: { 200: ExportListSchema, ...errors },
        },
      },
      async (request) =>
        listExports(ctx, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    app.get(
      '/events/:id/exports/:exportId',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An export's progress (owner or admin)",
          params: ExportParamsSchema,
          response: { 200: ExportSchema, ...errors },
        },
      },
      async (request) =>
        getExport(ctx, {
          eventId: request.params.id,
          exportId: request.params.exportId,
          actor: await currentUser(request),
        }),
    );

    app.get(
      '/events/:id/exports/:exportId/file',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "A finished export's file (owner or admin)",
          params: ExportParamsSchema,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await exportFile(ctx, {
            eventId: request.params.id,
            exportId: request.params.exportId,
            actor: await currentUser(request),
          }),
        ),
    );

    app.get(
      '/exports/download',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An emailed export link's file (only for the organizer it was sent to)",
          querystring: ExportLinkQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await linkedExportFile(ctx, {
            token: request.query.token,
            actor: await currentUser(request),
          }),
        ),
    );
  };
