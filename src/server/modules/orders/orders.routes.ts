import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_STATUSES,
  OrderInputSchema,
  OrderListSchema,
  OrderSchema,
  QuoteSchema,
  RefundInputSchema,
} from '../../../contracts/tickets';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import type { Ticketing } from '../payments/ticketing';
import {
  cancelOrder,
  createOrder,
  getOrder,
  listAllOrders,
  listMyOrders,
  quoteOrder,
} from './orders.service';
import { refundOrder } from './refunds.service';
import { announceStockReturned } from './stock-returned';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);
const IdParams = idParams('Order not found');
const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional(),
});

export const orderRoutes =
  (ticketing: Ticketing): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ticketing.orders;
    const tags = ['orders'];

    app.post(
      '/orders/quote',
      {
        schema: {
          tags,
          summary: 'Price a cart (discount code included) without holding stock',
          body: OrderInputSchema,
          response: { 200: QuoteSchema, ...errors },
        },
      },
      async (request) => quoteOrder(deps, request.body),
    );

    app.post(
      '/orders',
      {
        onRequest: requireAuth,
        // The flash-sale path (decision 006): the body comes from presentOrder, typed as Order, so
        // re-checking it with zod on every purchase only costs time; the schema still documents it.
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags,
          summary:
            'Create an order holding its tickets for 10 minutes (free orders complete at once). Same Idempotency-Key and body → the same order; another body → 422',
          headers: IdempotencyHeaders,
          body: OrderInputSchema,
          response: { 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createOrder(deps, {
            actor: await currentUser(request),
            // Checked against OrderInputSchema by the route: a 50-answer body is parsed once.
            input: request.body,
            checked: true,
            idempotencyKey: request.headers['idempotency-key'],
          }),
        ),
    );

    app.get(
      '/me/orders',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My orders, newest first',
          response: { 200: OrderListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        orders: await listMyOrders(deps, { actor: await currentUser(request) }),
      }),
    );

    app.get(
      '/orders/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'One order (buyer, owner of its event, or admin)',
          params: IdParams,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) =>
        getOrder(deps, { id: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/orders/:id/cancel',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Give back the tickets a pending order holds',
          params: IdParams,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => {
        const order = await cancelOrder(deps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        // The hold's tickets are back: the waiting list gets them first.
        await announceStockReturned(deps.jobs);
        return order;
      },
    );

    app.post(
      '/orders/:id/refund',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Refund in full or in part (event owner or admin); a full refund voids the tickets and returns their stock',
          params: IdParams,
          body: RefundInputSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => {
        const order = await refundOrder(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          amountCents: request.body.amountCents,
          reason: request.body.reason,
        });
        // A full refund puts the tickets back on sale: the waiting list gets them first.
        if (order.status === 'refunded') await announceStockReturned(deps.jobs);
        return order;
      },
    );

    app.get(
      '/admin/orders',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          summary: 'Every order, newest first (admin)',
          querystring: z.object({
            status: z.enum(ORDER_STATUSES).optional(),
            limit: z.coerce.number().int().min(1).max(500).default(100),
          }),
          response: { 200: OrderListSchema, ...errors },
        },
      },
      async (request) => ({ orders: await listAllOrders(deps, request.query) }),
    );
  };
