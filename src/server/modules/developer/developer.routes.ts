import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreateApiKeyInputSchema,
  CreatedApiKeySchema,
  CreatedWebhookSchema,
  CreateWebhookInputSchema,
  UpdateApiKeyInputSchema,
  UpdateWebhookInputSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  V1AttendeeListSchema,
  V1CheckInInputSchema,
  V1CheckInSchema,
  V1CreateEventInputSchema,
  V1EventListSchema,
  V1EventSchema,
  V1ListQuerySchema,
  V1OrderListSchema,
  V1UpdateEventInputSchema,
  V1VendorListSchema,
  type ApiScope,
} from '../../../contracts/developer';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import { AppError } from '../../platform/http/errors';
import type { EventDeps } from '../events/events.service';
import { actorFor } from '../teams/teams.service';
import * as service from './developer.service';
import type { DeveloperDeps } from './developer.service';
import type { TicketDeps } from '../tickets/tickets.service';
import * as webhooks from './webhooks.service';
import type { WebhookDeps } from './webhooks.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';
import { V1TransferListSchema } from '../../../contracts/transfers';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const IdParams = idParams('Not found');
const DeliveryParams = z.object({
  id: z.uuid({ error: 'Not found' }),
  deliveryId: z.uuid({ error: 'Not found' }),
});
const bearer = [{ apiKey: [] }];
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Developer settings (cookie session: keys are managed in the app, never with a key) and the
 * public API under /api/v1 (bearer key only; a session cookie does not open it).
 */
export const developerRoutes =
  (
    deps: DeveloperDeps &
      WebhookDeps &
      Pick<EventDeps, 'files'> & { ticketing: { tickets: TicketDeps } },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Sensitive: a password or passkey checked in the last ten minutes (decision 061).
    const recentAuth = requireRecentAuth(deps);
    const withEvents = { ...deps, events: { db: deps.db, clock: deps.clock, files: deps.files } };
    // The developer settings are the account's (decision 073): a manager switched to the team
    // manages the owner's keys and webhooks, and their changes go to the owner's activity log.
    const developerActor = (
      request: FastifyRequest,
      need: { permission: 'developer'; action?: string },
    ) => actorFor(deps.db, request, need);
    // The server's own webhook receiver (the demo organizer's endpoint, developer.seed.ts):
    // takes any delivery and keeps nothing, so demo events are really sent and answered.
    app.post(
      webhooks.WEBHOOK_SINK_PATH.replace(/^\/api/, ''),
      {
        schema: {
          tags: ['developer'],
          summary: 'A webhook receiver that accepts every delivery and keeps nothing (demo)',
          response: { 204: z.null() },
        },
      },
      async (_request, reply) => reply.status(204).send(null),
    );
    app.get(
      '/developer/keys',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Your API keys',
          response: { 200: ApiKeyListSchema, ...errors },
        },
      },
      async (request) =>
        service.listKeys(deps, await developerActor(request, { permission: 'developer' })),
    );
    app.post(
      '/developer/keys',
      {
        preHandler: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['developer'],
          summary: 'Create an API key (the whole key is in this answer only)',
          body: CreateApiKeyInputSchema,
          response: { 201: CreatedApiKeySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await service.createKey(
            deps,
            await developerActor(request, { permission: 'developer', action: 'api_key.create' }),
            request.body,
            // The person who made it (the owner, or the member acting for the owner).
            { createdBy: (await currentUser(request)).id },
          ),
        ),
    );
    app.patch(
      '/developer/keys/:id',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Set the browser origins allowed to call /api/v1 with this key (CORS)',
          params: IdParams,
          body: UpdateApiKeyInputSchema,
          response: { 200: ApiKeySchema, ...errors },
        },
      },
      async (request) =>
        service.setKeyOrigins(
          deps,
          await developerActor(request, { permission: 'developer', action: 'api_key.origins' }),
          {
            id: request.params.id,
            allowedOrigins: request.body.allowedOrigins,
          },
        ),
    );
    app.delete(
      '/developer/keys/:id',
      {
        preHandler: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['developer'],
          summary: 'Revoke an API key',
          params: IdParams,
          response: { 200: ApiKeySchema, ...errors },
        },
      },
      async (request) =>
        service.revokeKey(
          deps,
          await developerActor(request, { permission: 'developer', action: 'api_key.revoke' }),
          request.params.id,
        ),
    );

    // Outgoing webhooks (cookie session, like the keys).
    app.get(
      '/developer/webhooks',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Your webhook endpoints',
          response: { 200: WebhookEndpointListSchema, ...errors },
        },
      },
      async (request) =>
        webhooks.listEndpoints(deps, await developerActor(request, { permission: 'developer' })),
    );
    app.post(
      '/developer/webhooks',
      {
        preHandler: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['developer'],
          summary: 'Add a webhook endpoint (the signing secret is in this answer only)',
          description:
            "Deliveries are signed POSTs of `{ id, type, created_at, data }`. `order.paid` data: `order_id`, `event_id`, `event_title`, `status`, `currency`, `total_cents`, `refunded_cents`, `paid_at`, `buyer`, `items` and `answers`, the answers to the event's checkout questions: `{ question_id, question, type, value, ticket_type_id, ticket_index }` (a file's value is `{ url, name }`, url the path to download it from this server), the per-order ones first (`ticket_type_id` and `ticket_index` null), then each ticket's by its type and its place (from 0) among the order's tickets of that type; the tickets themselves come with `attendee.registered` and the API's attendees, which carry each ticket's answers.",
          body: CreateWebhookInputSchema,
          response: { 201: CreatedWebhookSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await webhooks.createEndpoint(
              deps,
              await developerActor(request, { permission: 'developer', action: 'webhook.create' }),
              request.body,
            ),
          ),
    );
    app.patch(
      '/developer/webhooks/:id',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Turn a webhook endpoint on (its failure count starts again) or off',
          params: IdParams,
          body: UpdateWebhookInputSchema,
          response: { 200: WebhookEndpointSchema, ...errors },
        },
      },
      async (request) =>
        webhooks.setEnabled(
          deps,
          await developerActor(request, { permission: 'developer', action: 'webhook.edit' }),
          request.params.id,
          request.body.enabled,
        ),
    );
    app.delete(
      '/developer/webhooks/:id',
      {
        preHandler: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['developer'],
          summary: 'Delete a webhook endpoint and its delivery log',
          params: IdParams,
          response: { 200: WebhookEndpointSchema, ...errors },
        },
      },
      async (request) =>
        webhooks.deleteEndpoint(
          deps,
          await developerActor(request, { permission: 'developer', action: 'webhook.delete' }),
          request.params.id,
        ),
    );
    app.get(
      '/developer/webhooks/:id/deliveries',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: "The endpoint's latest 50 deliveries",
          params: IdParams,
          response: { 200: WebhookDeliveryListSchema, ...errors },
        },
      },
      async (request) =>
        webhooks.listDeliveries(
          deps,
          await developerActor(request, { permission: 'developer' }),
          request.params.id,
        ),
    );
    app.post(
      '/developer/webhooks/:id/test',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Send a webhook.test event to the endpoint',
          params: IdParams,
          response: { 202: WebhookDeliverySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await webhooks.sendTest(
              deps,
              await developerActor(request, { permission: 'developer', action: 'webhook.test' }),
              request.params.id,
            ),
          ),
    );
    app.post(
      '/developer/webhooks/:id/deliveries/:deliveryId/resend',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: 'Send a delivery again now, with a new round of retries',
          params: DeliveryParams,
          response: { 202: WebhookDeliverySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await webhooks.resend(
            deps,
            await developerActor(request, { permission: 'developer', action: 'webhook.resend' }),
            {
              endpointId: request.params.id,
              deliveryId: request.params.deliveryId,
            },
          ),
        ),
    );

    const holder = (request: FastifyRequest, reply: FastifyReply, scope: ApiScope) =>
      service.authenticateKey(deps, {
        authorization: request.headers.authorization,
        scope,
        header: (name, value) => void reply.header(name, value),
        origin: header(request, 'origin'),
      });

    // CORS preflight for /api/v1 (decision 029): closed unless some live key allows the origin;
    // the request that follows is then checked against its own key's origins.
    app.options('/v1/*', { schema: { hide: true } }, async (request, reply) => {
      const origin = header(request, 'origin');
      if (!origin || !(await service.preflightAllowed(deps, origin)))
        throw new AppError('FORBIDDEN', msg`No API key allows browser requests from this origin`);
      return reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Methods', 'GET, POST, PATCH')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key')
        .header('Access-Control-Max-Age', '600')
        .header('Vary', 'Origin')
        .status(204)
        .send();
    });

    app.get(
      '/v1/events',
      {
        schema: {
          tags: ['public API v1'],
          summary: 'Your events, by last change (scope events:read)',
          description:
            'Send `Authorization: Bearer mea_…`. Page with `next_cursor`; sync with `updated_since`.',
          security: bearer,
          querystring: V1ListQuerySchema,
          response: { 200: V1EventListSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.listEvents(deps, await holder(request, reply, 'events:read'), request.query),
    );
    app.post(
      '/v1/events',
      {
        schema: {
          tags: ['public API v1'],
          summary: 'Create an event, as a draft (scope events:write)',
          description:
            'The same fields and rules as the event form, in snake_case; problems name the field (`body.starts_at`). With an `Idempotency-Key` header a retry gets the first answer (24 hours) instead of a second event.',
          security: bearer,
          body: V1CreateEventInputSchema,
          response: { 201: V1EventSchema, ...errors },
        },
      },
      async (request, reply) => {
        const key = await holder(request, reply, 'events:write');
        const answer = await service.idempotent(
          deps,
          {
            holder: key,
            key: header(request, 'idempotency-key'),
            request: { route: 'create-event', body: request.body },
            status: 201,
          },
          () => service.createEventWithKey(withEvents, key, request.body),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );
    app.get(
      '/v1/events/:id',
      {
        schema: {
          tags: ['public API v1'],
          summary: 'One of your events (scope events:read)',
          security: bearer,
          params: IdParams,
          response: { 200: V1EventSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.getEventWithKey(
          deps,
          await holder(request, reply, 'events:read'),
          request.params.id,
        ),
    );
    app.patch(
      '/v1/events/:id',
      {
        schema: {
          tags: ['public API v1'],
          summary: 'Change one of your events: only the fields sent (scope events:write)',
          description:
            'The same rules as editing in the app. Supports `Idempotency-Key` like the other writes.',
          security: bearer,
          params: IdParams,
          body: V1UpdateEventInputSchema,
          response: { 200: V1EventSchema, ...errors },
        },
      },
      async (request, reply) => {
        const key = await holder(request, reply, 'events:write');
        const answer = await service.idempotent(
          deps,
          {
            holder: key,
            key: header(request, 'idempotency-key'),
            request: { route: 'update-event', eventId: request.params.id, body: request.body },
            status: 200,
          },
          () =>
            service.updateEventWithKey(withEvents, key, {
              eventId: request.params.id,
              input: request.body,
            }),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );
    app.get(
      '/v1/events/:id/orders',
      {
        schema: {
          tags: ['public API v1'],
          summary: "One of your events' ticket orders, by last change (scope orders:read)",
          description:
            "Each order lists its items for this event (`kind`: admission or product), the access code that revealed hidden ticket types (`access_code`), the answers to the event's checkout questions (`answers`), its net, tax and gross (`net_cents`, `tax_cents`, `total_cents`), its tax per rate as sold (`tax_lines`: `name`, `rate` in percent, `amount_cents`) and the numbers of its invoices and credit notes (`invoices`). Page with `next_cursor`; sync with `updated_since`.",
          security: bearer,
          params: IdParams,
          querystring: V1ListQuerySchema,
          response: { 200: V1OrderListSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.listOrders(
          deps,
          await holder(request, reply, 'orders:read'),
          request.params.id,
          request.query,
        ),
    );
    app.get(
      '/v1/events/:id/vendors',
      {
        schema: {
          tags: ['public API v1'],
          summary: "One of your events' approved vendors, by last change (scope vendors:read)",
          security: bearer,
          params: IdParams,
          querystring: V1ListQuerySchema,
          response: { 200: V1VendorListSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.listVendors(
          deps,
          await holder(request, reply, 'vendors:read'),
          request.params.id,
          request.query,
        ),
    );
    app.get(
      '/v1/events/:id/attendees',
      {
        schema: {
          tags: ['public API v1'],
          summary: "One of your events' attendees (scope attendees:read)",
          description:
            "Each ticket with its holder and its answers to the event's checkout questions (`answers`, the order's per-order answers included). Page with `next_cursor`; sync with `updated_since`.",
          security: bearer,
          params: IdParams,
          querystring: V1ListQuerySchema,
          response: { 200: V1AttendeeListSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.listAttendees(
          deps,
          await holder(request, reply, 'attendees:read'),
          request.params.id,
          request.query,
        ),
    );
    app.get(
      '/v1/events/:id/transfers',
      {
        schema: {
          tags: ['public API v1'],
          summary: "One of your events' ticket transfers, newest first (scope attendees:read)",
          description:
            'Each time an attendee passed a ticket to someone else, or is waiting for them to take it (`pending`), or took it back (`cancelled`). A transferred ticket has a new code; the old one is refused at check-in.',
          security: bearer,
          params: IdParams,
          response: { 200: V1TransferListSchema, ...errors },
        },
      },
      async (request, reply) =>
        service.listTransfers(
          deps,
          await holder(request, reply, 'attendees:read'),
          request.params.id,
        ),
    );
    app.post(
      '/v1/events/:id/check-ins',
      {
        schema: {
          tags: ['public API v1'],
          summary: 'Check a ticket in at one of your events (scope checkins:write)',
          description:
            'Send the ticket code from its QR code. With an `Idempotency-Key` header, a retry with the same key and body gets the first answer again (24 hours); the same key with another body gets 422.',
          security: bearer,
          params: IdParams,
          body: V1CheckInInputSchema,
          response: { 200: V1CheckInSchema, ...errors },
        },
      },
      async (request, reply) => {
        const key = await holder(request, reply, 'checkins:write');
        const answer = await service.idempotent(
          deps,
          {
            holder: key,
            key: header(request, 'idempotency-key'),
            request: { route: 'check-in', eventId: request.params.id, body: request.body },
            status: 200,
          },
          () =>
            service.checkInWithKey({ ...deps, tickets: deps.ticketing.tickets }, key, {
              eventId: request.params.id,
              code: request.body.code,
            }),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
