import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { V1CapacityPoolListSchema } from '../../../contracts/capacity-pools';
import type { ApiScope } from '../../../contracts/developer';
import { ExportInputSchema, V1ExportListSchema, V1ExportSchema } from '../../../contracts/exports';
import { idParams } from '../../../contracts/ids';
import {
  V1WaitlistAddInputSchema,
  V1WaitlistEntrySchema,
  V1WaitlistQuerySchema,
  V1WaitlistSchema,
} from '../../../contracts/waitlist';
import { errorResponses } from '../../platform/http/error-responses';
import { authenticateKey, idempotent, type DeveloperDeps } from './developer.service';
import {
  addToWaitlistWithKey,
  changeWaitlistEntryWithKey,
  exportFileWithKey,
  getExportWithKey,
  listExportsWithKey,
  listPoolsWithKey,
  startExportWithKey,
  waitlistWithKey,
  type V1EventDataDeps,
} from './v1-event-data.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const IdParams = idParams('Not found');
const EntryParams = z.object({
  id: z.uuid({ error: 'Not found' }),
  entryId: z.uuid({ error: 'Not found' }),
});
const ExportParams = z.object({
  id: z.uuid({ error: 'Not found' }),
  exportId: z.uuid({ error: 'Not found' }),
});
const tags = ['public API v1'];
const security = [{ apiKey: [] }];
/** A stored export's file as a private download (the app's export route sends it the same way). */
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
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Public API v1 over an event's capacity pools, waiting list and exports (bearer key only). */
export const v1EventDataRoutes =
  (deps: DeveloperDeps & V1EventDataDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const holder = (request: FastifyRequest, reply: FastifyReply, scope: ApiScope) =>
      authenticateKey(deps, {
        authorization: request.headers.authorization,
        scope,
        header: (name, value) => void reply.header(name, value),
        origin: header(request, 'origin'),
      });

    app.get(
      '/v1/events/:id/capacity-pools',
      {
        schema: {
          tags,
          summary: "One of your events' capacity pools (scope events:read)",
          description:
            'Each limit shared by several ticket types (`ticket_type_ids`), on top of their own: what is `sold`, `held` in checkouts not finished yet, and `left` to sell.',
          security,
          params: IdParams,
          response: { 200: V1CapacityPoolListSchema, ...errors },
        },
      },
      async (request, reply) =>
        listPoolsWithKey(deps, await holder(request, reply, 'events:read'), request.params.id),
    );

    app.get(
      '/v1/events/:id/waitlist',
      {
        schema: {
          tags,
          summary: "One of your events' waiting list, in line order (scope waitlist:read)",
          description:
            'Every place of every ticket type: `position` in line (null until the person confirms their address), `status` (`unconfirmed`, `waiting`, `offered`, `claimed`, `expired`, `declined`, `left`, `removed`) and the offer (`offered_quantity`, `offered_at`, `offer_expires_at`, `order_id` once bought). Filter with `status=offered` for the open offers, or by `ticket_type_id`.',
          security,
          params: IdParams,
          querystring: V1WaitlistQuerySchema,
          response: { 200: V1WaitlistSchema, ...errors },
        },
      },
      async (request, reply) =>
        waitlistWithKey(deps, await holder(request, reply, 'waitlist:read'), {
          eventId: request.params.id,
          ...(request.query.status ? { status: request.query.status } : {}),
          ...(request.query.ticket_type_id ? { ticketTypeId: request.query.ticket_type_id } : {}),
        }),
    );

    app.post(
      '/v1/events/:id/waitlist',
      {
        schema: {
          tags,
          summary:
            'Put someone on the waiting list of a sold-out ticket type (scope waitlist:write)',
          description:
            'The person is mailed the same confirmation link as anyone who joins signed out, in `language`, and is in line (`waiting`) once they open it; until then the place is `unconfirmed`. A ticket type that is still on sale, or an address already in line, is refused. Supports `Idempotency-Key`.',
          security,
          params: IdParams,
          body: V1WaitlistAddInputSchema,
          response: { 201: V1WaitlistEntrySchema, ...errors },
        },
      },
      async (request, reply) => {
        const key = await holder(request, reply, 'waitlist:write');
        const answer = await idempotent(
          deps,
          {
            holder: key,
            key: header(request, 'idempotency-key'),
            request: { route: 'waitlist-add', eventId: request.params.id, body: request.body },
            status: 201,
          },
          () =>
            addToWaitlistWithKey(deps, key, { eventId: request.params.id, input: request.body }),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    for (const action of ['offer', 'cancel'] as const)
      app.post(
        `/v1/events/:id/waitlist/:entryId/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'offer'
                ? 'Offer free tickets to one waiting place now, ahead of the line (scope waitlist:write)'
                : 'Take a place off the waiting list (scope waitlist:write)',
            description:
              action === 'offer'
                ? 'Only from tickets free to sell; the person is mailed the offer, held for the event’s offer time. A place not `waiting` is a 409.'
                : 'The place ends as `removed`; tickets it was offered go to the next in line.',
            security,
            params: EntryParams,
            response: { 200: V1WaitlistEntrySchema, ...errors },
          },
        },
        async (request, reply) =>
          changeWaitlistEntryWithKey(deps, await holder(request, reply, 'waitlist:write'), {
            eventId: request.params.id,
            entryId: request.params.entryId,
            action,
          }),
      );

    app.get(
      '/v1/events/:id/exports',
      {
        schema: {
          tags,
          summary: "One of your events' exports still kept, newest first (scope exports:read)",
          security,
          params: IdParams,
          response: { 200: V1ExportListSchema, ...errors },
        },
      },
      async (request, reply) =>
        listExportsWithKey(deps, await holder(request, reply, 'exports:read'), request.params.id),
    );

    app.post(
      '/v1/events/:id/exports',
      {
        schema: {
          tags,
          summary: 'Start an export of one of your events (scope exports:read)',
          description:
            '`kind`: `orders`, `attendees` (with the answers to the checkout questions), `check_ins` or `products`; `format`: `csv` or `xlsx`. It is built in the background: ask for it by id until `status` is `ready`, then download `file_url`. Files are kept 72 hours.',
          security,
          params: IdParams,
          body: ExportInputSchema,
          response: { 202: V1ExportSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await startExportWithKey(deps, await holder(request, reply, 'exports:read'), {
            eventId: request.params.id,
            input: request.body,
          }),
        ),
    );

    app.get(
      '/v1/events/:id/exports/:exportId',
      {
        schema: {
          tags,
          summary: "An export's progress (scope exports:read)",
          security,
          params: ExportParams,
          response: { 200: V1ExportSchema, ...errors },
        },
      },
      async (request, reply) =>
        getExportWithKey(deps, await holder(request, reply, 'exports:read'), {
          eventId: request.params.id,
          exportId: request.params.exportId,
        }),
    );

    app.get(
      '/v1/events/:id/exports/:exportId/file',
      {
        schema: {
          tags,
          summary: "A ready export's file, CSV or Excel (scope exports:read)",
          security,
          params: ExportParams,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await exportFileWithKey(deps, await holder(request, reply, 'exports:read'), {
            eventId: request.params.id,
            exportId: request.params.exportId,
          }),
        ),
    );
  };
