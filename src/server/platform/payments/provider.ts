import type { DbExecutor } from '../../db/client';

// One interface for every payment provider (docs/architecture.md: PaymentProvider → local | stripe).
// Orders never talk to a provider's SDK directly: they ask for a hosted checkout, receive verified
// webhook events mapped to the few kinds below, and ask for refunds.

export interface CheckoutLine {
  label: string;
  /** Unit price in cents. */
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutRequest {
  /** Our order id; comes back on every webhook event about this checkout. */
  orderId: string;
  currency: string;
  /** What the buyer pays in total, in cents (after discounts). */
  amountCents: number;
  description: string;
  lines: CheckoutLine[];
  /** None: the provider asks the buyer (a walk-in at the box office has no address). */
  customerEmail?: string;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** When our stock hold ends; a provider may keep the page open longer (Stripe: ≥ 30 min). */
  holdUntil: Date;
  /**
   * A monthly subscription rather than a one-off payment: Stripe Checkout in subscription mode
   * (Stripe Billing then charges every month and reports by webhook). `metadata` goes on the
   * provider's subscription and comes back on its events. The local provider takes the first
   * payment only: our own renewal job charges the months after (decision 021).
   */
  recurring?: {
    metadata: Record<string, string>;
    /**
     * A free trial of this many days (Stripe: `subscription_data.trial_period_days`): nothing is
     * charged today (`amountCents` 0), the card is kept for the first charge at the trial's end.
     */
    trialDays?: number;
    /** The monthly price when it is not `amountCents` (a trial's checkout charges 0 today). */
    unitAmountCents?: number;
  };
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export type PaymentEventKind =
  /** The buyer paid; `paymentRef` identifies the payment for refunds. */
  | 'checkout.completed'
  /** A payment attempt failed (the checkout may still be retried). */
  | 'checkout.failed'
  /** The provider closed the checkout unpaid. */
  | 'checkout.expired'
  /** A provider-billed subscription changed or was charged (Stripe Billing); see `subscription`. */
  | 'subscription'
  /** Anything else the provider sends; acknowledged and ignored. */
  | 'ignored';

/** What a provider-billed subscription event says (kind `subscription`). Times in seconds. */
export interface ProviderSubscriptionEvent {
  type: 'invoice.paid' | 'invoice.payment_failed' | 'subscription.updated' | 'subscription.deleted';
  /** The provider's subscription id. */
  subscriptionRef: string;
  /** Our ids from the subscription's metadata (set at checkout). */
  userId: string | null;
  planId: string | null;
  /** The provider's status (subscription events). */
  status: string | null;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean | null;
  /** Invoice events: the invoice, what it charged, why, and which attempt this was. */
  invoiceRef: string | null;
  amountCents: number | null;
  currency: string | null;
  billingReason: string | null;
  attempt: number | null;
}

export interface PaymentEvent {
  /** The provider's event id: the de-duplication key. */
  id: string;
  kind: PaymentEventKind;
  sessionId: string | null;
  orderId: string | null;
  paymentRef: string | null;
  amountCents: number | null;
  /** The provider's creation time (seconds since epoch). */
  created: number;
  /** A checkout in subscription mode: the subscription it started. */
  subscriptionRef?: string | null;
  /** Kind `subscription`: what happened to it. */
  subscription?: ProviderSubscriptionEvent;
}

export interface RefundRequest {
  paymentRef: string;
  amountCents: number;
  /** Same key → the provider refunds once. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * `db` is the caller's transaction: a provider that records its session in our database
   * (local) writes it there, so the session and the order's reference commit together.
   */
  createCheckout(request: CheckoutRequest, db?: DbExecutor): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the raw body (and the timestamp tolerance) and maps the event;
   * throws AppError('BAD_REQUEST') when the signature does not hold.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent;
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * Closes an open checkout so it can no longer be paid (the seller cancelled the sale); one
   * already paid or closed is left as it is: a payment that lands anyway is a late payment.
   */
  expireCheckout(sessionId: string): Promise<void>;
  /** Where a customer manages their billing (spec §7 customer-portal). */
  customerPortal(params: { email: string; returnUrl: string }): Promise<{ url: string }>;
}

/** Stripe's tolerance for webhook timestamps; the local provider uses the same. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
