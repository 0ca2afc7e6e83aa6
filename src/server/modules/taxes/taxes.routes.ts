import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  EventTaxSettingsInputSchema,
  EventTaxSettingsSchema,
  TAX_MESSAGES,
  TaxRateInputSchema,
  TaxRateListSchema,
  TaxRateSchema,
  TaxSummarySchema,
} from '../../../contracts/taxes';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  changeRate,
  createRate,
  getEventTaxSettings,
  listRates,
  removeRate,
  saveEventTaxSettings,
  visibleOrderTaxSummary,
} from './taxes.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const RateParams = idParams(TAX_MESSAGES.notFound);
const EventParams = idParams('Event not found');
const OrderParams = idParams('Order not found');

/** Organizers' tax rates, events' tax settings and orders' tax (decision 058). */
export const taxesRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };
    const tags = ['taxes'];
    // The account's tax rates: a member switched to the team keeps the owner's when their role
    // handles invoices and taxes (manager, finance) over all the owner's events (decision 073).
    const keeper = (request: FastifyRequest, action?: string) =>
      actorFor(ctx.db, request, { permission: 'invoices', ...(action ? { action } : {}) });

    app.get(
      '/tax-rates',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My tax rates (organizers and venues)',
          response: { 200: TaxRateListSchema, ...errors },
        },
      },
      async (request) => ({ rates: await listRates(deps, { actor: await keeper(request) }) }),
    );

    app.post(
      '/tax-rates',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Add a tax rate: name, percentage (up to 3 decimals) and country',
          body: TaxRateInputSchema,
          response: { 201: TaxRateSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createRate(deps, {
            actor: await keeper(request, 'tax_rate.create'),
            input: request.body,
          }),
        ),
    );

    app.put(
      '/tax-rates/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change a tax rate (orders already placed keep the rate they were sold with)',
          params: RateParams,
          body: TaxRateInputSchema,
          response: { 200: TaxRateSchema, ...errors },
        },
      },
      async (request) =>
        changeRate(deps, {
          id: request.params.id,
          actor: await keeper(request, 'tax_rate.edit'),
          input: request.body,
        }),
    );

    app.delete(
      '/tax-rates/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete a tax rate (its ticket types become untaxed)',
          params: RateParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await removeRate(deps, {
          id: request.params.id,
          actor: await keeper(request, 'tax_rate.delete'),
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/events/:id/tax-settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's price mode and its ticket types' tax rates (owner or admin)",
          params: EventParams,
          response: { 200: EventTaxSettingsSchema, ...errors },
        },
      },
      async (request) =>
        getEventTaxSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.put(
      '/events/:id/tax-settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Set whether prices include tax and assign tax rates to ticket types',
          params: EventParams,
          body: EventTaxSettingsInputSchema,
          response: { 200: EventTaxSettingsSchema, ...errors },
        },
      },
      async (request) =>
        saveEventTaxSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.get(
      '/orders/:id/tax',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An order's net, tax and gross per line, per rate and in total",
          params: OrderParams,
          response: { 200: TaxSummarySchema, ...errors },
        },
      },
      async (request) =>
        visibleOrderTaxSummary(deps, {
          orderId: request.params.id,
          actor: await currentUser(request),
        }),
    );
  };
