// A local stand-in for the part of the Stripe REST API that platform/payments/stripe.ts uses, so the
// real SDK can be exercised without the network (STRIPE_API_URL = fake.url).
//
// It speaks what the SDK sends (form-encoded bodies with bracketed keys, Bearer sk_test_… keys,
// Idempotency-Key on POSTs) and answers with Stripe-shaped objects and error bodies. Tests drive
// what a customer would do on Stripe's pages with completeSession / expireSession /
// asyncPaymentSucceeded / asyncPaymentFailed, which return the event Stripe would deliver;
// signedWebhook turns such an event into a signed delivery (body + headers).
//
// For browser tests, the checkout URL serves a small page with a Pay button: paying completes the
// session, delivers the signed `checkout.session.completed` to `webhook.url` when one was given to
// startFakeStripe, and redirects to the session's success_url.
//
// One part per thing a person does: checkout-sessions, payments (and refunds), subscriptions
// (and invoices), customer-portal, webhooks; api.ts is the API's door, wire.ts Stripe's format.
// This file wires them to one HTTP server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, send, type Idempotent, type RecordedRequest } from './api';
import { checkoutPage, CHECKOUT_ROUTES, expireSession, getSession } from './checkout-sessions';
import { CUSTOMER_ROUTES, portalPage } from './customer-portal';
import type {
  FakeCheckoutSession,
  FakeCustomer,
  FakePaymentIntent,
  FakePortalSession,
  FakeRefund,
  FakeStripeState,
  FakeSubscription,
  StripeEventPayload,
} from './objects';
import { completePaymentSession, PAYMENT_ROUTES, settleAsync } from './payments';
import {
  chargeSubscription,
  completeSubscriptionSession,
  deleteSubscription,
  updateSubscription,
} from './subscriptions';
import { deliver, makeEvent, signedWebhook } from './webhooks';
import { htmlPage, type JsonObject } from './wire';

export type { StripeEventPayload } from './objects';

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
  sessions: Map<string, FakeCheckoutSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  customers: Map<string, FakeCustomer>;
  portalSessions: Map<string, FakePortalSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every API call, oldest first (not the checkout pages). */
  requests: RecordedRequest[];
  /** The customer pays: the session completes with a payment intent (`unpaid` = delayed method). */
  completeSession(id: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): StripeEventPayload;
  /** A delayed payment of a completed, unpaid session succeeds. */
  asyncPaymentSucceeded(id: string): StripeEventPayload;
  /** A delayed payment of a completed, unpaid session fails. */
  asyncPaymentFailed(id: string): StripeEventPayload;
  /** The session passes its expires_at unpaid. */
  expireSession(id: string): StripeEventPayload;
  /**
   * Stripe Billing charges a subscription: `paid` pays its open invoice (or the next period's,
   * moving the period on); a failure leaves it open, past_due, and counts the attempt.
   */
  chargeSubscription(
    id: string,
    options: { paid: boolean; billingReason?: string },
  ): StripeEventPayload;
  /** The subscription changes (portal: cancel at period end, resume…) → `updated`. */
  updateSubscription(id: string, changes: Partial<FakeSubscription>): StripeEventPayload;
  /** The subscription ends (canceled at once, or retries exhausted) → `deleted`. */
  deleteSubscription(id: string): StripeEventPayload;
  /** Any other event, e.g. `event('customer.created', customer)`. */
  event(type: string, object: JsonObject | object): StripeEventPayload;
  signedWebhook(
    event: StripeEventPayload,
    options: { secret: string; timestamp?: number },
  ): { body: string; headers: Record<string, string> };
}

export interface FakeStripeOptions {
  /** Where the checkout page's Pay button delivers `checkout.session.completed`. */
  webhook?: { url: string; secret: string };
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const state: FakeStripeState = {
    baseUrl: '',
    sessions: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    customers: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    openInvoices: new Map(),
  };
  const api = {
    state,
    routes: [...CHECKOUT_ROUTES, ...PAYMENT_ROUTES, ...CUSTOMER_ROUTES],
    requests: [] as RecordedRequest[],
    idempotent: new Map() as Idempotent,
  };

  function completeSession(
    id: string,
    opts: { paymentStatus?: 'paid' | 'unpaid' } = {},
  ): StripeEventPayload {
    const session = getSession(state, id);
    if (session.status !== 'open') {
      throw new Error(`checkout session ${id} is ${session.status}, not open`);
    }
    if (session.mode === 'subscription') return completeSubscriptionSession(state, session);
    return completePaymentSession(state, session, (opts.paymentStatus ?? 'paid') === 'paid');
  }

  // The checkout page's Pay button: the webhook Stripe would send, when the test gave an address.
  async function pay(session: FakeCheckoutSession) {
    const event = completeSession(session.id);
    if (options.webhook) await deliver(event, options.webhook);
  }

  async function pages(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (await checkoutPage(state, req, res, url, pay)) return;
    if (portalPage(state, req, res, url)) return;
    htmlPage(res, 404, '<h1>Not found</h1>');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', state.baseUrl);
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const handle = url.pathname.startsWith('/v1/')
        ? Promise.resolve().then(() => handleApi(api, req, res, url, rawBody))
        : pages(req, res, url);
      handle.catch((error: unknown) => {
        if (!res.headersSent) {
          send(
            res,
            500,
            { error: { type: 'api_error', message: `fake-stripe: ${String(error)}` } },
            { 'stripe-should-retry': 'false' },
          );
        } else {
          res.end();
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
    sessions: state.sessions,
    paymentIntents: state.paymentIntents,
    refunds: state.refunds,
    customers: state.customers,
    portalSessions: state.portalSessions,
    subscriptions: state.subscriptions,
    requests: api.requests,
    completeSession,
    asyncPaymentSucceeded: (id) => settleAsync(state, id, true),
    asyncPaymentFailed: (id) => settleAsync(state, id, false),
    expireSession: (id) => expireSession(state, id),
    chargeSubscription: (id, opts) => chargeSubscription(state, id, opts),
    updateSubscription: (id, changes) => updateSubscription(state, id, changes),
    deleteSubscription: (id) => deleteSubscription(state, id),
    event: makeEvent,
    signedWebhook,
  };
}
