import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EventBillingSettingsInputSchema,
  EventBillingSettingsSchema,
  OrderBillingDetailsResponseSchema,
} from '../../../contracts/billing-details';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  getEventBillingSettings,
  getOrderBillingDetails,
  updateEventBillingSettings,
} from './billing-details.service';

const EventParams = idParams('Event not found');
const OrderParams = idParams('Order not found');
const tags = ['billing-details'];

/** Business buyers: an event's billing settings and an order's billing details (decision 060). */
export const billingDetailsRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };

    app.get(
      '/events/:id/billing-settings',
      {
        schema: {
          tags,
          summary: 'Whether checkout asks for company billing details and applies reverse charge',
          params: EventParams,
          querystring: z.object({ access: z.string().max(100).optional() }),
          response: { 200: EventBillingSettingsSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) =>
        getEventBillingSettings(deps, {
          eventId: request.params.id,
          actor: await request.getUser(),
          accessToken: request.query.access,
        }),
    );

    app.put(
      '/events/:id/billing-settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Ask buyers for billing details and enable EU reverse charge (owner or admin)',
          params: EventParams,
          body: EventBillingSettingsInputSchema,
          response: { 200: EventBillingSettingsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateEventBillingSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.get(
      '/orders/:id/billing-details',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The company details a buyer gave for an order (buyer, organizer or admin)',
          params: OrderParams,
          response: { 200: OrderBillingDetailsResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        getOrderBillingDetails(deps, {
          orderId: request.params.id,
          actor: await currentUser(request),
        }),
    );
  };
