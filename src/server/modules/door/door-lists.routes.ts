import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DoorCheckInListInputSchema,
  DoorCheckInListSchema,
  DoorCheckInListsSchema,
  DoorConflictsSchema,
} from '../../../contracts/door-lists';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  createCheckInList,
  listCheckInLists,
  listConflicts,
  removeCheckInList,
  updateCheckInList,
} from './door-lists.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['door'];
const EventParams = idParams('Event not found');
const ListParams = z.object({
  id: z.uuid({ error: 'Event not found' }),
  listId: z.uuid({ error: 'Check-in list not found' }),
});

/** Check-in lists by day or gate, and the conflicts of offline scans (decision 116). */
export const doorListRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };

    app.get(
      '/events/:id/check-in-lists',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The event's check-in lists (ticket types, gate, window)",
          params: EventParams,
          response: { 200: DoorCheckInListsSchema, ...errors },
        },
      },
      async (request) =>
        listCheckInLists(deps, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/events/:id/check-in-lists',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Define a check-in list: a day, a gate, or some ticket types',
          params: EventParams,
          body: DoorCheckInListInputSchema,
          response: { 201: DoorCheckInListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const list = await createCheckInList(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        });
        return reply.code(201).send(list);
      },
    );

    app.put(
      '/events/:id/check-in-lists/:listId',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Change a check-in list's name, ticket types, gate, window or once-a-day rule",
          params: ListParams,
          body: DoorCheckInListInputSchema,
          response: { 200: DoorCheckInListSchema, ...errors },
        },
      },
      async (request) =>
        updateCheckInList(deps, {
          eventId: request.params.id,
          listId: request.params.listId,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.delete(
      '/events/:id/check-in-lists/:listId',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Remove a check-in list (devices holding it keep deciding by it offline)',
          params: ListParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeCheckInList(deps, {
          eventId: request.params.id,
          listId: request.params.listId,
          actor: await currentUser(request),
        });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/events/:id/conflicts',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Offline scans that lost to an earlier admission of the same ticket',
          params: EventParams,
          response: { 200: DoorConflictsSchema, ...errors },
        },
      },
      async (request) => ({
        conflicts: await listConflicts(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );
  };
