import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  AdminPlanListSchema,
  AdminPlanSchema,
  CancelInputSchema,
  CardInputSchema,
  ChangePlanInputSchema,
  CheckSubscriptionSchema,
  InvoiceSchema,
  MySubscriptionSchema,
  PlanInputSchema,
  PlanListSchema,
  PlanUpdateSchema,
  SUBSCRIPTION_MESSAGES,
} from '../../../contracts/subscriptions';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import type { ModuleContext } from '../module';
import { createSubscriptionChecks } from './check.service';
import {
  cancelSubscription,
  changePlan,
  customerPortalUrl,
  getInvoice,
  getMySubscription,
  resumeSubscription,
  updateCard,
} from './my-subscription.service';
import { createPlan, deletePlan, listPlans, listPlansForAdmin, updatePlan } from './plans.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const PlanParams = idParams(SUBSCRIPTION_MESSAGES.planNotFound);
const InvoiceParams = idParams('Invoice not found');

export const subscriptionRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['subscriptions'];
    const checks = createSubscriptionChecks(ctx);
    app.addHook('onClose', async () => checks.close());
    const deps = { db: ctx.db, clock: ctx.clock, payments: ctx.ticketing.payments, checks };
    const signedIn = { preHandler: requireAuth };
    const adminOnly = { preHandler: requireRole('admin') };

    app.post(
      '/payments/customer-portal',
      {
        schema: {
          tags: ['payments'],
          summary: 'spec §7 customer-portal: where the customer manages billing',
          body: z.object({ returnUrl: z.url().optional() }).default({}),
          response: { 200: z.object({ url: z.string() }), ...errors },
        },
      },
      async (request) => {
        // spec §8: the portal's own signed-out text.
        const user = await request.getUser();
        if (!user) throw new AppError('UNAUTHENTICATED', SUBSCRIPTION_MESSAGES.portalAuthRequired);
        return customerPortalUrl(
          { payments: ctx.ticketing.payments, publicUrl: ctx.config.PUBLIC_URL },
          { email: user.email },
        );
      },
    );

    app.get(
      '/subscription-plans',
      {
        schema: {
          tags,
          summary: 'spec §7: active plans, cheapest first',
          response: { 200: PlanListSchema },
        },
      },
      async () => listPlans(ctx.db),
    );

    app.get(
      '/subscriptions/check',
      {
        schema: {
          tags,
          summary: 'spec §7 check-subscription (signed out: unsubscribed, inactive)',
          response: { 200: CheckSubscriptionSchema },
        },
      },
      async (request) => checks.answer(await request.getUser()),
    );

    app.get(
      '/subscriptions/me',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'The signed-in person’s subscription, next invoice and invoices',
          response: { 200: MySubscriptionSchema, ...errors },
        },
      },
      async (request) => getMySubscription(deps, { userId: (await currentUser(request)).id }),
    );
    app.get(
      '/subscriptions/me/invoices/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'One of the person’s invoices (a printable receipt)',
          params: InvoiceParams,
          response: { 200: InvoiceSchema, ...errors },
        },
      },
      async (request) =>
        getInvoice(ctx.db, {
          userId: (await currentUser(request)).id,
          id: request.params.id,
        }),
    );
    app.post(
      '/subscriptions/me/cancel',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Cancel at period end (default) or at once',
          body: CancelInputSchema,
          response: { 200: MySubscriptionSchema, ...errors },
        },
      },
      async (request) =>
        cancelSubscription(deps, {
          userId: (await currentUser(request)).id,
          atPeriodEnd: request.body.atPeriodEnd,
        }),
    );
    app.post(
      '/subscriptions/me/resume',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Undo a cancel at period end',
          response: { 200: MySubscriptionSchema, ...errors },
        },
      },
      async (request) => resumeSubscription(deps, { userId: (await currentUser(request)).id }),
    );
    app.post(
      '/subscriptions/me/change-plan',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Upgrade now (prorated charge) or downgrade at period end',
          body: ChangePlanInputSchema,
          response: { 200: MySubscriptionSchema, ...errors },
        },
      },
      async (request) =>
        changePlan(deps, {
          userId: (await currentUser(request)).id,
          planId: request.body.planId,
        }),
    );
    app.post(
      '/subscriptions/me/card',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Local provider: the card renewals charge',
          body: CardInputSchema,
          response: { 200: MySubscriptionSchema, ...errors },
        },
      },
      async (request) =>
        updateCard(deps, {
          userId: (await currentUser(request)).id,
          cardNumber: request.body.cardNumber,
        }),
    );

    app.get(
      '/admin/subscription-plans',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Every plan with its live subscriber count (admin)',
          response: { 200: AdminPlanListSchema, ...errors },
        },
      },
      async () => listPlansForAdmin(ctx.db),
    );
    app.post(
      '/admin/subscription-plans',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Create a plan (admin)',
          body: PlanInputSchema,
          response: { 200: AdminPlanSchema, ...errors },
        },
      },
      async (request) => createPlan(ctx, request.body),
    );
    app.patch(
      '/admin/subscription-plans/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Edit or (de)activate a plan (admin)',
          params: PlanParams,
          body: PlanUpdateSchema,
          response: { 200: AdminPlanSchema, ...errors },
        },
      },
      async (request) => updatePlan(ctx, { id: request.params.id, input: request.body }),
    );
    app.delete(
      '/admin/subscription-plans/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Delete a plan nobody subscribed to (admin; otherwise 409: deactivate it)',
          params: PlanParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => deletePlan(ctx.db, { id: request.params.id }),
    );
  };
