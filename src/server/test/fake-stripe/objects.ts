// The Stripe objects the fake keeps, in the shapes Stripe answers with, and where it keeps them.
import type { JsonObject } from './wire';

export interface FakeLineItem {
  id: string;
  object: 'item';
  description: string;
  currency: string;
  quantity: number;
  amount_subtotal: number;
  amount_total: number;
  price: { object: 'price'; currency: string; unit_amount: number; product_name: string };
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  /** Stripe returns line items only when asked (`expand[]=line_items`); the fake keeps them here. */
  line_items: { object: 'list'; data: FakeLineItem[]; has_more: false; url: string };
  /** What was sent as `payment_intent_data` (metadata, description); applied to the intent. */
  payment_intent_data: JsonObject;
  /** Subscription mode: the subscription and customer the completed session made. */
  subscription: string | null;
  customer: string | null;
  /** What was sent as `subscription_data` (metadata); applied to the subscription. */
  subscription_data: JsonObject;
}

/** A Stripe Billing subscription in the 2025 shape (its period on its item). */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'trialing' | 'unpaid';
  trial_end: number | null;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  livemode: false;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { object: 'price'; currency: string; unit_amount: number; recurring: JsonObject };
      quantity: number;
    }[];
  };
}

/** A subscription's invoice in the 2025 shape (the subscription under `parent`). */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  currency: string;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  billing_reason: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: { period: { start: number; end: number } }[] };
  created: number;
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string;
  created: number;
  livemode: false;
  /** Not a Stripe field: how much has been refunded so far. */
  amount_refunded: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export interface StripeEventPayload {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: JsonObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** Everything the fake knows, shared by its parts. */
export interface FakeStripeState {
  /** Where the fake listens, e.g. `http://127.0.0.1:41234` (the hosted pages' links). */
  baseUrl: string;
  sessions: Map<string, FakeCheckoutSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  customers: Map<string, FakeCustomer>;
  portalSessions: Map<string, FakePortalSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** A subscription's unpaid invoice, by subscription id. */
  openInvoices: Map<string, FakeInvoice>;
}

/** One API route: its method, its path (groups are the ids) and what it answers. */
export interface ApiRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  answer(state: FakeStripeState, params: JsonObject, ids: string[]): unknown;
}
