import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../contracts/ids';
import {
  DataExportListSchema,
  DataExportSchema,
  DeletionStatusSchema,
  PendingDeletionListSchema,
  RequestDeletionSchema,
} from '../../../contracts/privacy';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { hasRecentAuth } from '../../platform/auth/recent-auth';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  cancelDeletion,
  dataExportFile,
  deletionStatus,
  listDataExports,
  listPendingDeletions,
  requestDataExport,
  requestDeletion,
} from './privacy.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const ExportParams = idParams('Download not found');

/** A person's own data: download it, or delete the account (and the console's pending list). */
export const privacyRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['privacy'];

    app.post(
      '/exports',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Ask for a copy of all my data (a ZIP built in the background, then mailed)',
          response: { 202: DataExportSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await requestDataExport(ctx, { actor: await currentUser(request) })),
    );

    app.get(
      '/exports',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My recent data downloads and their progress',
          response: { 200: DataExportListSchema, ...errors },
        },
      },
      async (request) => listDataExports(ctx, { actor: await currentUser(request) }),
    );

    app.get(
      '/exports/:id/file',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The ZIP of my data (only for its owner, until it expires)',
          params: ExportParams,
        },
      },
      async (request, reply) => {
        const file = await dataExportFile(ctx, {
          exportId: request.params.id,
          actor: await currentUser(request),
        });
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('content-length', file.size)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.get(
      '/deletion',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Whether my account is waiting to be deleted, and when',
          response: { 200: DeletionStatusSchema, ...errors },
        },
      },
      async (request) => deletionStatus(ctx, { actor: await currentUser(request) }),
    );

    app.post(
      '/deletion',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete my account after 14 days (confirmed by password); signing in cancels it',
          body: RequestDeletionSchema,
          response: { 200: DeletionStatusSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        return requestDeletion(ctx, {
          actor,
          input: request.body,
          // A passkey-only account confirms with a passkey check in the last ten minutes.
          recentlyChecked: await hasRecentAuth(ctx, actor.sessionId),
        });
      },
    );

    app.delete(
      '/deletion',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Keep my account: withdraw its deletion',
          response: { 200: DeletionStatusSchema, ...errors },
        },
      },
      async (request) => cancelDeletion(ctx, { actor: await currentUser(request) }),
    );

    app.get(
      '/admin/deletions',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          summary: 'Accounts waiting to be erased, soonest first (admins)',
          response: { 200: PendingDeletionListSchema, ...errors },
        },
      },
      async () => listPendingDeletions(ctx),
    );
  };
