// The Stripe implementation of PaymentProvider (docs/architecture.md: PaymentProvider → stripe).
// Hosted Checkout for payments, signed webhooks for outcomes, refunds by payment intent, and the
// billing portal. `apiUrl` points the SDK at another host (the tests' fake in test/fake-stripe/).
import Stripe from 'stripe';
import { AppError } from '../http/errors';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host for the SDK, e.g. `http://127.0.0.1:12111` (tests); default api.stripe.com. */
  apiUrl?: string;
}

/** Stripe refuses a Checkout Session whose `expires_at` is under 30 minutes or over 24 hours away. */
const MIN_CHECKOUT_LIFETIME_MS = 30 * 60_000;
const MAX_CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;
/** Room for the request's travel time and clock differences between us and Stripe. */
const CHECKOUT_LIFETIME_MARGIN_MS = 2 * 60_000;

export function checkoutExpiresAt(holdUntil: Date, now: number = Date.now()): number {
  const earliest = now + MIN_CHECKOUT_LIFETIME_MS + CHECKOUT_LIFETIME_MARGIN_MS;
  const latest = now + MAX_CHECKOUT_LIFETIME_MS - CHECKOUT_LIFETIME_MARGIN_MS;
  const at = Math.min(Math.max(holdUntil.getTime(), earliest), latest);
  return Math.floor(at / 1000);
}

function sdkConnection(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * The line items Stripe charges. When our lines do not add up to what the buyer pays (a discount
 * applied to the order), one line with the order description carries the amount instead, so the
 * charged total is always `amountCents`.
 */
function lineItems(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = request.currency.toLowerCase();
  const linesTotal = request.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
  if (request.lines.length > 0 && linesTotal === request.amountCents) {
    return request.lines.map((line) => ({
      price_data: {
        currency,
        unit_amount: line.unitAmountCents,
        product_data: { name: line.label },
      },
      quantity: line.quantity,
    }));
  }
  return [
    {
      price_data: {
        currency,
        unit_amount: request.amountCents,
        product_data: { name: request.description },
      },
      quantity: 1,
    },
  ];
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

function fromSession(
  event: Stripe.Event,
  kind: PaymentEvent['kind'],
  session: Stripe.Checkout.Session,
): PaymentEvent {
  return {
    id: event.id,
    kind,
    sessionId: session.id,
    orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
    paymentRef: idOf(session.payment_intent),
    amountCents: session.amount_total ?? null,
    created: event.created,
    // Subscription mode only: the subscription the checkout started.
    ...(session.subscription ? { subscriptionRef: idOf(session.subscription) } : {}),
  };
}

// The fields of Stripe's invoice and subscription objects read below, in both the older shape
// (invoice.subscription, subscription.current_period_*) and the 2025 one (invoice.parent
// .subscription_details, period on the subscription's items), so an account pinned to either
// API version maps the same.
interface InvoiceFields {
  id: string;
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  parent?: {
    subscription_details?: {
      subscription?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
  lines?: { data?: { period?: { start?: number; end?: number } }[] };
  period_start?: number;
  period_end?: number;
  amount_paid?: number;
  amount_due?: number;
  currency?: string;
  billing_reason?: string | null;
  attempt_count?: number;
}
interface SubscriptionFields {
  id: string;
  status?: string;
  metadata?: Record<string, string> | null;
  cancel_at_period_end?: boolean;
  current_period_start?: number;
  current_period_end?: number;
  items?: { data?: { current_period_start?: number; current_period_end?: number }[] };
}

function fromInvoice(
  event: Stripe.Event,
  type: 'invoice.paid' | 'invoice.payment_failed',
): PaymentEvent {
  const invoice = event.data.object as unknown as InvoiceFields;
  const details = invoice.parent?.subscription_details;
  const subscriptionRef = idOf(details?.subscription ?? invoice.subscription);
  const metadata = details?.metadata ?? invoice.subscription_details?.metadata ?? {};
  const period = invoice.lines?.data?.[0]?.period;
  const base = ignoredEvent(event);
  if (!subscriptionRef) return base;
  return {
    ...base,
    kind: 'subscription',
    subscription: {
      type,
      subscriptionRef,
      userId: metadata.userId ?? null,
      planId: metadata.planId ?? null,
      status: null,
      periodStart: period?.start ?? invoice.period_start ?? null,
      periodEnd: period?.end ?? invoice.period_end ?? null,
      cancelAtPeriodEnd: null,
      invoiceRef: invoice.id,
      amountCents:
        type === 'invoice.paid' ? (invoice.amount_paid ?? null) : (invoice.amount_due ?? null),
      currency: invoice.currency?.toUpperCase() ?? null,
      billingReason: invoice.billing_reason ?? null,
      attempt: invoice.attempt_count ?? null,
    },
  };
}

function fromSubscription(
  event: Stripe.Event,
  type: 'subscription.updated' | 'subscription.deleted',
): PaymentEvent {
  const subscription = event.data.object as unknown as SubscriptionFields;
  const item = subscription.items?.data?.[0];
  return {
    ...ignoredEvent(event),
    kind: 'subscription',
    subscription: {
      type,
      subscriptionRef: subscription.id,
      userId: subscription.metadata?.userId ?? null,
      planId: subscription.metadata?.planId ?? null,
      status: subscription.status ?? null,
      periodStart: item?.current_period_start ?? subscription.current_period_start ?? null,
      periodEnd: item?.current_period_end ?? subscription.current_period_end ?? null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end ?? null,
      invoiceRef: null,
      amountCents: null,
      currency: null,
      billingReason: null,
      attempt: null,
    },
  };
}

function ignoredEvent(event: Stripe.Event): PaymentEvent {
  return {
    id: event.id,
    kind: 'ignored',
    sessionId: null,
    orderId: null,
    paymentRef: null,
    amountCents: null,
    created: event.created,
  };
}

export function mapStripeEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // Delayed payment methods complete the session unpaid; async_payment_succeeded follows.
      const kind = session.payment_status === 'unpaid' ? 'ignored' : 'checkout.completed';
      return fromSession(event, kind, session);
    }
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event, 'checkout.completed', event.data.object);
    case 'checkout.session.async_payment_failed':
      return fromSession(event, 'checkout.failed', event.data.object);
    case 'checkout.session.expired':
      return fromSession(event, 'checkout.expired', event.data.object);
    // Stripe Billing (subscription mode): every month's charge and every change of state.
    case 'invoice.paid':
      return fromInvoice(event, 'invoice.paid');
    case 'invoice.payment_failed':
      return fromInvoice(event, 'invoice.payment_failed');
    case 'customer.subscription.updated':
      return fromSubscription(event, 'subscription.updated');
    case 'customer.subscription.deleted':
      return fromSubscription(event, 'subscription.deleted');
    default:
      return ignoredEvent(event);
  }
}

/**
 * Stripe being unreachable or failing on its side is a 503 for our callers; request errors
 * (unknown ids, invalid parameters) are bugs or data problems and go through unchanged.
 */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new AppError('SERVICE_UNAVAILABLE', `Payment provider unavailable (${what})`, {
        cause: error.message,
      });
    }
    throw error;
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...sdkConnection(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 30_000,
  });

  /**
   * Stripe Checkout in subscription mode: one monthly price made from the request (no Price
   * objects to keep in step with our plans), our ids on the subscription's metadata so its
   * invoices and updates find our row.
   */
  async function createSubscriptionCheckout(
    request: CheckoutRequest,
    recurring: NonNullable<CheckoutRequest['recurring']>,
  ) {
    const metadata = { ...recurring.metadata, orderId: request.orderId };
    const session = await call('checkout', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: recurring.unitAmountCents ?? request.amountCents,
              recurring: { interval: 'month' },
              product_data: { name: request.description },
            },
            quantity: 1,
          },
        ],
        customer_email: request.customerEmail,
        client_reference_id: request.orderId,
        metadata,
        // A trial: Stripe keeps the card, charges nothing now and bills at the trial's end.
        subscription_data: recurring.trialDays
          ? { metadata, trial_period_days: recurring.trialDays }
          : { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: checkoutExpiresAt(request.holdUntil),
      }),
    );
    if (!session.url)
      throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      if (request.recurring) return createSubscriptionCheckout(request, request.recurring);
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: lineItems(request),
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          payment_intent_data: {
            description: request.description,
            metadata: { orderId: request.orderId },
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Our own hold is shorter than Stripe's minimum; the order module handles a payment
          // that arrives after the hold ended.
          expires_at: checkoutExpiresAt(request.holdUntil),
        }),
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    parseWebhook(rawBody, headers) {
      const signature = headerValue(headers['stripe-signature']);
      if (!signature) throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      return mapStripeEvent(event);
    },

    async expireCheckout(sessionId) {
      try {
        await call('checkout', () => stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: nothing left to close.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(request) {
      const refund = await call('refund', () =>
        stripe.refunds.create(
          { payment_intent: request.paymentRef, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: refund.id };
    },

    async customerPortal({ email, returnUrl }) {
      const customer = await call('customer portal', async () => {
        const found = await stripe.customers.list({ email, limit: 1 });
        return found.data[0] ?? (await stripe.customers.create({ email }));
      });
      const session = await call('customer portal', () =>
        stripe.billingPortal.sessions.create({ customer: customer.id, return_url: returnUrl }),
      );
      return { url: session.url };
    },
  };
}
