import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  ManagedProductListSchema,
  ManagedProductSchema,
  ProductInputSchema,
  ProductListSchema,
} from '../../../contracts/products';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import {
  createProduct,
  deleteProduct,
  listManagedProducts,
  listProductsForBuyer,
  updateProduct,
} from './products.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const IdParams = idParams('Product not found');
const AccessQuery = z.object({ access: z.string().max(100).optional() });

/** Products and add-ons beside an event's tickets (decision 051). */
export const productRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const eventDeps = { db: deps.db, clock: deps.clock, files: deps.files };
    const tags = ['products'];

    app.get(
      '/events/:id/products',
      {
        schema: {
          tags,
          summary: 'Products a buyer can add: sold alone or as add-ons to ticket types',
          params: EventParams,
          querystring: AccessQuery,
          response: { 200: ProductListSchema, ...errorResponses(404) },
        },
      },
      async (request) =>
        listProductsForBuyer(eventDeps, {
          eventId: request.params.id,
          actor: await request.getUser(),
          accessToken: request.query.access,
        }),
    );

    app.get(
      '/events/:id/products/manage',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Every product with sold/held counts per variation (owner or admin)',
          params: EventParams,
          response: { 200: ManagedProductListSchema, ...errors },
        },
      },
      async (request) =>
        listManagedProducts(eventDeps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.post(
      '/events/:id/products',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Add a product with its variations and add-on rules',
          params: EventParams,
          body: ProductInputSchema,
          response: { 201: ManagedProductSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createProduct(eventDeps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.put(
      '/products/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Replace a product's settings, variations and add-on rules",
          params: IdParams,
          body: ProductInputSchema,
          response: { 200: ManagedProductSchema, ...errors },
        },
      },
      async (request) =>
        updateProduct(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.delete(
      '/products/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete a product that was never sold or held',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteProduct(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );
  };
