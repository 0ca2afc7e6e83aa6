import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPlatformTaxRatesSchema,
  PlatformTaxItemChoicesSchema,
  PlatformTaxItemParamsSchema,
  PlatformTaxItemQuerySchema,
  PlatformTaxKindParamsSchema,
  PlatformTaxRateInputSchema,
  PublicPlatformTaxRatesSchema,
} from '../../../contracts/taxes';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  listAdminPlatformTaxRates,
  listPlatformTaxItemChoices,
  listPublicPlatformTaxRates,
  removePlatformTaxItemRate,
  setPlatformTaxItemRate,
} from './platform-tax-items';
import { removePlatformTaxRate, setPlatformTaxRate, type RateChange } from './platform-taxes';

const errors = errorResponses(400, 401, 403, 404, 409);

/** How long a browser or proxy may keep the public rates: they change a few times a year. */
const PUBLIC_MAX_AGE_SECONDS = 300;

/**
 * The tax on MEA Events' own charges: a rate per kind of charge (decision 081) and per plan,
 * vendor fee or campaign (decision 093), set by admins; the rates read by anyone for the prices.
 */
export const platformTaxRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };
    const admin = { onRequest: requireRole('admin') };
    const tags = ['taxes', 'admin'];
    // Every change of a rate is a row of the admin audit log, written with the change.
    const changeBy = async (request: FastifyRequest): Promise<RateChange> => ({
      actorId: (await currentUser(request)).id,
      requestId: request.id,
      recordAudit: ctx.recordAudit,
    });

    app.get(
      '/platform-tax-rates',
      {
        schema: {
          tags: ['taxes'],
          summary:
            "The tax included in MEA Events' prices (plans, vendor fees, ad budgets): by kind and by item",
          response: { 200: PublicPlatformTaxRatesSchema, ...errors },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
        return listPublicPlatformTaxRates(ctx.db);
      },
    );
    app.get(
      '/admin/platform-tax-rates',
      {
        ...admin,
        schema: {
          tags,
          summary:
            "The tax rates on MEA Events' own charges: by kind (plans, vendor fees, ad budgets) and by item (admin)",
          response: { 200: AdminPlatformTaxRatesSchema, ...errors },
        },
      },
      async () => listAdminPlatformTaxRates(ctx.db),
    );
    app.put(
      '/admin/platform-tax-rates/:kind',
      {
        ...admin,
        schema: {
          tags,
          summary:
            'Set the tax rate of one kind of platform charge; prices include it (admin). Orders already made keep theirs',
          params: PlatformTaxKindParamsSchema,
          body: PlatformTaxRateInputSchema,
          response: { 200: AdminPlatformTaxRatesSchema, ...errors },
        },
      },
      async (request) => {
        await setPlatformTaxRate(
          deps,
          { kind: request.params.kind, ...request.body },
          await changeBy(request),
        );
        return listAdminPlatformTaxRates(ctx.db);
      },
    );
    app.delete(
      '/admin/platform-tax-rates/:kind',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Charge one kind of platform charge without tax from now on (admin)',
          params: PlatformTaxKindParamsSchema,
          response: { 200: AdminPlatformTaxRatesSchema, ...errors },
        },
      },
      async (request) => {
        await removePlatformTaxRate(ctx.db, request.params.kind, await changeBy(request));
        return listAdminPlatformTaxRates(ctx.db);
      },
    );
    app.get(
      '/admin/platform-tax-items',
      {
        ...admin,
        schema: {
          tags,
          summary:
            'Plans, events with a vendor fee or ad campaigns that can get a tax rate of their own (admin)',
          querystring: PlatformTaxItemQuerySchema,
          response: { 200: PlatformTaxItemChoicesSchema, ...errors },
        },
      },
      async (request) => listPlatformTaxItemChoices(ctx.db, request.query),
    );
    app.put(
      '/admin/platform-tax-rates/:kind/items/:itemId',
      {
        ...admin,
        schema: {
          tags,
          summary:
            "Give one plan, event's vendor fee or ad campaign its own tax rate, in place of its kind's (admin)",
          params: PlatformTaxItemParamsSchema,
          body: PlatformTaxRateInputSchema,
          response: { 200: AdminPlatformTaxRatesSchema, ...errors },
        },
      },
      async (request) =>
        setPlatformTaxItemRate(
          deps,
          { ...request.params, ...request.body },
          await changeBy(request),
        ),
    );
    app.delete(
      '/admin/platform-tax-rates/:kind/items/:itemId',
      {
        ...admin,
        schema: {
          tags,
          summary:
            "Charge one plan, vendor fee or ad campaign at its kind's tax rate again (admin)",
          params: PlatformTaxItemParamsSchema,
          response: { 200: AdminPlatformTaxRatesSchema, ...errors },
        },
      },
      async (request) => removePlatformTaxItemRate(ctx.db, request.params, await changeBy(request)),
    );
  };
