import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  CapacityPoolInputSchema,
  CapacityPoolListSchema,
  CapacityPoolPatchSchema,
  CapacityPoolSchema,
  POOL_MESSAGES,
} from '../../../contracts/capacity-pools';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { createPool, deletePool, listPools, updatePoolById } from './capacity-pools.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const PoolParams = idParams(POOL_MESSAGES.notFound);

/** An event's capacity pools, managed by its organizer (or an admin). */
export const capacityPoolsRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };
    const tags = ['capacity pools'];

    app.get(
      '/events/:id/capacity-pools',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's capacity pools with sold, held and left (owner or admin)",
          params: EventParams,
          response: { 200: CapacityPoolListSchema, ...errors },
        },
      },
      async (request) => ({
        pools: await listPools(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );

    app.post(
      '/events/:id/capacity-pools',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Create a capacity pool shared by some of the event’s ticket types',
          params: EventParams,
          body: CapacityPoolInputSchema,
          response: { 201: CapacityPoolSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createPool(deps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.patch(
      '/capacity-pools/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Rename a capacity pool, change its capacity or its ticket types',
          params: PoolParams,
          body: CapacityPoolPatchSchema,
          response: { 200: CapacityPoolSchema, ...errors },
        },
      },
      async (request) =>
        updatePoolById(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.delete(
      '/capacity-pools/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete a capacity pool (its ticket types keep their own limits)',
          params: PoolParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deletePool(deps, { id: request.params.id, actor: await currentUser(request) });
        return { ok: true as const };
      },
    );
  };
