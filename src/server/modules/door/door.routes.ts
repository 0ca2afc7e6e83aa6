import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DoorEventListSchema,
  DoorListQuerySchema,
  DoorListSchema,
  DoorSettingsSchema,
  DoorSyncInputSchema,
  DoorSyncResultSchema,
} from '../../../contracts/door';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { boxOfficeRoutes } from './box-office.routes';
import { doorListRoutes } from './door-lists.routes';
import {
  downloadList,
  getDoorSettings,
  listDoorEvents,
  syncScans,
  updateDoorSettings,
  type DoorDeps,
} from './door.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['door'];
const EventParams = idParams('Event not found');

/** The check-in app's API (decision 066): events, lists, and the sync of scans. */
export const doorRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: DoorDeps = { db: ctx.db, clock: ctx.clock, tickets: ctx.ticketing.tickets };

    app.get(
      '/events',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Events I may check guests in at (my own, and my teams\u2019 in my scope)',
          response: { 200: DoorEventListSchema, ...errors },
        },
      },
      async (request) => ({ events: await listDoorEvents(deps, await currentUser(request)) }),
    );

    app.get(
      '/events/:id/list',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Download a check-in list: every ticket (or of chosen types) and the public key',
          params: EventParams,
          querystring: DoorListQuerySchema,
          response: { 200: DoorListSchema, ...errors },
        },
      },
      async (request) =>
        downloadList(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          typeIds: request.query.types,
          listId: request.query.list,
        }),
    );

    app.post(
      '/events/:id/sync',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Send a device's scans; get each one's result, changed tickets and counters",
          params: EventParams,
          body: DoorSyncInputSchema,
          response: { 200: DoorSyncResultSchema, ...errors },
        },
      },
      async (request) =>
        syncScans(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.get(
      '/events/:id/settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The event's door settings (re-entry)",
          params: EventParams,
          response: { 200: DoorSettingsSchema, ...errors },
        },
      },
      async (request) =>
        getDoorSettings(deps, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    app.put(
      '/events/:id/settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Let guests check out and come back in (re-entry), or not',
          params: EventParams,
          body: DoorSettingsSchema,
          response: { 200: DoorSettingsSchema, ...errors },
        },
      },
      async (request) =>
        updateDoorSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    await app.register(doorListRoutes(ctx));
    await app.register(boxOfficeRoutes(ctx));
  };
