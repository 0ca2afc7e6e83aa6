import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutUrlSchema,
  CreateCheckoutInputSchema,
  LocalCheckoutSessionSchema,
  LocalConfirmInputSchema,
  LocalPayInputSchema,
  LocalPayResultSchema,
  PaymentReturnInputSchema,
  PaymentSessionSchema,
  TICKET_MESSAGES,
} from '../../../contracts/tickets';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import { requestLocale } from '../../platform/i18n/request-locale';
import { translate } from '../../platform/i18n/translate';
import { rateLimit } from '../../platform/http/rate-limits';
import { confirmLocalSession, getLocalSession, payLocalSession } from './local-checkout.service';
import { createCheckout, getPaymentSession, recordPaymentReturn } from './payments.service';
import type { Ticketing } from './ticketing';
import { handleWebhook } from './webhooks.service';
import { errorResponses } from '../../platform/http/error-responses';

const errors = errorResponses(400, 401, 404, 409, 503);

/** The local provider's decline reason, in the reader's language. */
async function inReaderLanguage<T extends { message: string | null }>(
  request: FastifyRequest,
  result: T,
): Promise<T> {
  if (!result.message) return result;
  return { ...result, message: translate(await requestLocale(request), result.message) };
}
const SessionParams = z.object({ id: z.string().min(1).max(200) });

/** spec §8: signed-out checkout reads "Authentication Required" (plan or ticket wording). */
async function checkoutUser(request: Parameters<typeof currentUser>[0], isPlan: boolean) {
  const user = await request.getUser();
  if (!user)
    throw new AppError(
      'UNAUTHENTICATED',
      isPlan ? TICKET_MESSAGES.authRequiredPlan : TICKET_MESSAGES.authRequiredTickets,
      { title: TICKET_MESSAGES.authRequiredTitle },
    );
  return user;
}

export const paymentRoutes =
  (deps: AppDeps, ticketing: Ticketing): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];

    app.post(
      '/payments/create-checkout',
      {
        schema: {
          tags,
          summary: 'spec §7 create-checkout: pay a pending order, a plan, or a vendor fee (cents)',
          body: CreateCheckoutInputSchema,
          response: { 200: CheckoutUrlSchema, ...errors },
        },
      },
      async (request) =>
        createCheckout(ticketing.orders, {
          actor: await checkoutUser(request, 'planId' in request.body),
          input: request.body,
        }),
    );

    app.get(
      '/payments/sessions/:id',
      {
        schema: {
          tags,
          summary: 'The payment behind a return URL (buyer only)',
          params: SessionParams,
          response: { 200: PaymentSessionSchema, ...errors },
        },
      },
      async (request) =>
        getPaymentSession(ticketing.orders, {
          actor: await currentUser(request),
          sessionId: request.params.id,
        }),
    );

    app.post(
      '/payments/return',
      {
        schema: {
          tags,
          summary:
            'Back from checkout: creates payment_success once, inside the 10-minute window (spec §4)',
          body: PaymentReturnInputSchema,
          response: { 200: PaymentSessionSchema, ...errors },
        },
      },
      async (request) =>
        recordPaymentReturn(ticketing.orders, {
          actor: await currentUser(request),
          sessionId: request.body.sessionId,
          storedAt: request.body.storedAt,
        }),
    );

    // Webhooks are verified over the exact bytes received, so this scope keeps bodies raw.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_req, body, done) => done(null, body),
      );
      scope.post(
        `/payments/webhooks/${ticketing.payments.name}`,
        {
          schema: {
            tags,
            summary: 'Signed payment provider events (each applied once)',
            response: {
              200: z.object({ received: z.literal(true), outcome: z.string() }),
              ...errorResponses(400),
            },
          },
        },
        async (request) => ({
          received: true as const,
          // No body at all (no content type) is verified as an empty one: refused as unsigned.
          outcome: await handleWebhook(
            ticketing.local,
            (request.body as Buffer | undefined) ?? Buffer.alloc(0),
            request.headers,
          ),
        }),
      );
    });

    if (ticketing.payments.name !== 'local') return;

    app.get(
      '/payments/local/sessions/:id',
      {
        schema: {
          tags,
          summary: 'The built-in test checkout page data',
          params: SessionParams,
          response: { 200: LocalCheckoutSessionSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const session = await getLocalSession(ticketing.local, request.params.id);
        if (!session.lastError) return session;
        const locale = await requestLocale(request);
        return { ...session, lastError: translate(locale, session.lastError) };
      },
    );

    app.post(
      '/payments/local/sessions/:id/pay',
      {
        config: { rateLimit: rateLimit('cardAttempt', deps.config) },
        schema: {
          tags,
          summary:
            'Pay with a test card: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks to confirm',
          params: SessionParams,
          body: LocalPayInputSchema,
          response: { 200: LocalPayResultSchema, ...errors },
        },
      },
      async (request) =>
        inReaderLanguage(
          request,
          await payLocalSession(ticketing.local, { id: request.params.id, input: request.body }),
        ),
    );

    app.post(
      '/payments/local/sessions/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Complete or fail the extra confirmation step',
          params: SessionParams,
          body: LocalConfirmInputSchema,
          response: { 200: LocalPayResultSchema, ...errors },
        },
      },
      async (request) =>
        inReaderLanguage(
          request,
          await confirmLocalSession(ticketing.local, {
            id: request.params.id,
            approve: request.body.approve,
          }),
        ),
    );
  };
