import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  AccessCodeBatchSchema,
  AccessCodeBulkInputSchema,
  AccessCodeCsvQuerySchema,
  AccessCodeInputSchema,
  AccessCodeListSchema,
  AccessCodePatchSchema,
  AccessCodeSchema,
} from '../../../contracts/access-codes';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  accessCodesCsv,
  createAccessCode,
  deleteAccessCode,
  generateAccessCodes,
  listAccessCodes,
  updateAccessCode,
} from './access-codes.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const CodeParams = idParams('Access code not found');

/** An event's access codes, managed by its organizer (or an admin). */
export const accessCodesRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };
    const tags = ['access codes'];

    app.get(
      '/events/:id/access-codes',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's access codes with their uses (owner or admin)",
          params: EventParams,
          response: { 200: AccessCodeListSchema, ...errors },
        },
      },
      async (request) => ({
        accessCodes: await listAccessCodes(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );

    app.post(
      '/events/:id/access-codes',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Create an access code that reveals hidden ticket types',
          params: EventParams,
          body: AccessCodeInputSchema,
          response: { 201: AccessCodeSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createAccessCode(deps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.post(
      '/events/:id/access-codes/bulk',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Generate a batch of codes with a prefix (single use unless told)',
          params: EventParams,
          body: AccessCodeBulkInputSchema,
          response: { 201: AccessCodeBatchSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await generateAccessCodes(deps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.get(
      '/events/:id/access-codes.csv',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's access codes (or one batch) as CSV, each with its link",
          params: EventParams,
          querystring: AccessCodeCsvQuerySchema,
        },
      },
      async (request, reply) => {
        const csv = await accessCodesCsv(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          batchId: request.query.batchId,
          publicUrl: ctx.config.PUBLIC_URL,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="access-codes-${request.params.id.slice(0, 8)}.csv"`,
          )
          .send(csv);
      },
    );

    app.patch(
      '/access-codes/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change an access code (on/off, limit, expiry, ticket types)',
          params: CodeParams,
          body: AccessCodePatchSchema,
          response: { 200: AccessCodeSchema, ...errors },
        },
      },
      async (request) =>
        updateAccessCode(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.delete(
      '/access-codes/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete an access code no order used',
          params: CodeParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteAccessCode(deps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );
  };
