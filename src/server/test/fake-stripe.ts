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
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

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

export interface RecordedRequest {
  method: string;
  path: string;
  params: JsonObject;
  idempotencyKey: string | null;
  status: number;
}

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

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
    },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeHttpError(400, { type: 'invalid_request_error', code, message, param });
const missingParam = (param: string) =>
  new StripeHttpError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

function newId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}_${out}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][0][c]=v` pairs the way Stripe does: nested objects, indexed keys become arrays. */
export function parseStripeForm(params: URLSearchParams): JsonObject {
  const root: JsonObject = {};
  for (const [key, value] of params) {
    const path = key.replace(/\]/g, '').split('[');
    let node: JsonObject = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      // `expand[]=x` style (empty segment) appends.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
        node = node[name] as JsonObject;
      }
    });
  }
  return arraysFromIndexedObjects(root) as JsonObject;
}

function arraysFromIndexedObjects(value: Json): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function str(params: JsonObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
  return value;
}

function int(params: JsonObject, name: string, paramPath = name): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${String(value)}`, paramPath, 'parameter_invalid_integer');
  }
  return Number(value);
}

function obj(params: JsonObject, name: string): JsonObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid object`, name);
  }
  return value;
}

function stringMap(value: JsonObject | undefined, param: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value ?? {})) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${k}`, `${param}[${k}]`);
    out[k] = v;
  }
  return out;
}

function wantsExpand(params: JsonObject, field: string): boolean {
  const expand = params.expand;
  return Array.isArray(expand) && expand.includes(field);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const customers = new Map<string, FakeCustomer>();
  const portalSessions = new Map<string, FakePortalSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const openInvoices = new Map<string, FakeInvoice>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<
    string,
    { method: string; path: string; params: string; status: number; body: unknown }
  >();
  let baseUrl = '';

  // ---- the API ----

  function sessionView(session: FakeCheckoutSession, params: JsonObject = {}): JsonObject {
    const { line_items, payment_intent_data: _pid, subscription_data: _sd, ...rest } = session;
    const view = JSON.parse(JSON.stringify(rest)) as JsonObject;
    if (wantsExpand(params, 'line_items')) view.line_items = JSON.parse(JSON.stringify(line_items));
    return view;
  }

  function createSession(params: JsonObject): FakeCheckoutSession {
    const mode = str(params, 'mode');
    if (!mode) throw missingParam('mode');
    if (mode !== 'payment' && mode !== 'subscription')
      throw invalid(`The fake supports mode=payment and subscription, got ${mode}`, 'mode');
    const successUrl = str(params, 'success_url');
    if (!successUrl) throw missingParam('success_url');
    const rawLines = params.line_items;
    if (!Array.isArray(rawLines) || rawLines.length === 0) {
      throw invalid('You must specify `line_items` in `payment` mode.', 'line_items');
    }
    const lines: FakeLineItem[] = rawLines.map((raw, i) => {
      const p = `line_items[${i}]`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        throw invalid('Invalid line item', p);
      const priceData = obj(raw, 'price_data');
      if (!priceData) throw missingParam(`${p}[price_data]`);
      const currency = str(priceData, 'currency');
      if (!currency) throw missingParam(`${p}[price_data][currency]`);
      if (!/^[a-z]{3}$/.test(currency)) {
        throw invalid(`Invalid currency: ${currency}.`, `${p}[price_data][currency]`);
      }
      const unitAmount = int(priceData, 'unit_amount', `${p}[price_data][unit_amount]`);
      if (unitAmount === undefined || unitAmount < 0) {
        throw invalid('Invalid non-negative integer', `${p}[price_data][unit_amount]`);
      }
      // As Stripe: three-decimal currencies are charged in hundredths, the last digit 0.
      if (THREE_DECIMAL.has(currency) && unitAmount % 10 !== 0) {
        throw invalid(
          `The amount for ${currency.toUpperCase()} must be a multiple of 10 (its last digit must be 0).`,
          `${p}[price_data][unit_amount]`,
        );
      }
      const name = str(obj(priceData, 'product_data') ?? {}, 'name');
      if (!name) throw missingParam(`${p}[price_data][product_data][name]`);
      if (mode === 'subscription' && !obj(priceData, 'recurring'))
        throw invalid(
          'You must specify `recurring` on each price in `subscription` mode.',
          `${p}[price_data][recurring]`,
        );
      const quantity = int(raw, 'quantity', `${p}[quantity]`);
      if (quantity === undefined) throw missingParam(`${p}[quantity]`);
      if (quantity < 1) throw invalid('Quantity must be at least 1.', `${p}[quantity]`);
      return {
        id: newId('li'),
        object: 'item',
        description: name,
        currency,
        quantity,
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        price: { object: 'price', currency, unit_amount: unitAmount, product_name: name },
      };
    });
    const currency = lines[0]?.currency ?? 'usd';
    if (lines.some((l) => l.currency !== currency)) {
      throw invalid('All line items must use the same currency.', 'line_items');
    }
    const created = nowSeconds();
    const expiresAt = int(params, 'expires_at') ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60) {
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt > created + 24 * 3600) {
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    // A trial (subscription_data[trial_period_days]) charges nothing today.
    const trialDays = int(
      obj(params, 'subscription_data') ?? {},
      'trial_period_days',
      'subscription_data[trial_period_days]',
    );
    if (trialDays !== undefined && mode !== 'subscription')
      throw invalid('Trials need `subscription` mode.', 'subscription_data[trial_period_days]');
    const total = trialDays ? 0 : lines.reduce((sum, l) => sum + l.amount_total, 0);
    const id = newId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      currency,
      amount_subtotal: total,
      amount_total: total,
      customer_email: str(params, 'customer_email') ?? null,
      client_reference_id: str(params, 'client_reference_id') ?? null,
      metadata: stringMap(obj(params, 'metadata'), 'metadata'),
      payment_intent: null,
      success_url: successUrl,
      cancel_url: str(params, 'cancel_url') ?? null,
      expires_at: expiresAt,
      created,
      livemode: false,
      url: `${baseUrl}/c/pay/${id}`,
      line_items: {
        object: 'list',
        data: lines,
        has_more: false,
        url: `/v1/checkout/sessions/${id}/line_items`,
      },
      payment_intent_data: obj(params, 'payment_intent_data') ?? {},
      subscription: null,
      customer: null,
      subscription_data: obj(params, 'subscription_data') ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  function getSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw noSuch('checkout.session', id);
    return session;
  }

  function createRefund(params: JsonObject): FakeRefund {
    const piId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    if (!piId && !chargeId) {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const intent = piId
      ? paymentIntents.get(piId)
      : [...paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
    if (!intent)
      throw piId
        ? noSuch('payment_intent', piId, 'payment_intent')
        : noSuch('charge', chargeId ?? '', 'charge');
    if (intent.status !== 'succeeded') {
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    }
    const remaining = intent.amount_received - intent.amount_refunded;
    if (remaining <= 0) {
      throw invalid(
        `Charge ${intent.latest_charge} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amount = int(params, 'amount') ?? remaining;
    if (THREE_DECIMAL.has(intent.currency) && amount % 10 !== 0)
      throw invalid(
        `The amount for ${intent.currency.toUpperCase()} must be a multiple of 10.`,
        'amount',
      );
    if (amount < 1) throw invalid('Refund amount must be positive.', 'amount');
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    }
    intent.amount_refunded += amount;
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: str(params, 'reason') ?? null,
      metadata: stringMap(obj(params, 'metadata'), 'metadata'),
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function createCustomer(params: JsonObject): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      email: str(params, 'email') ?? null,
      name: str(params, 'name') ?? null,
      metadata: stringMap(obj(params, 'metadata'), 'metadata'),
      created: nowSeconds(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function listCustomers(params: JsonObject) {
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100', 'limit');
    const email = str(params, 'email');
    // Stripe's email filter is case-sensitive; newest first.
    const matching = [...customers.values()]
      .filter((c) => email === undefined || c.email === email)
      .reverse();
    return {
      object: 'list',
      data: matching.slice(0, limit),
      has_more: matching.length > limit,
      url: '/v1/customers',
    };
  }

  function createPortalSession(params: JsonObject): FakePortalSession {
    const customer = str(params, 'customer');
    if (!customer) throw missingParam('customer');
    if (!customers.has(customer)) throw noSuch('customer', customer, 'customer');
    const id = newId('bps');
    const session: FakePortalSession = {
      id,
      object: 'billing_portal.session',
      customer,
      return_url: str(params, 'return_url') ?? null,
      url: `${baseUrl}/p/session/${id}`,
      created: nowSeconds(),
      livemode: false,
    };
    portalSessions.set(id, session);
    return session;
  }

  function route(method: string, path: string, params: JsonObject): unknown {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return sessionView(createSession(params), params);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      return sessionView(getSession(decodeURIComponent(m[1] ?? '')), params);
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = getSession(decodeURIComponent(m[1] ?? ''));
      if (session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          undefined,
          'checkout_session_not_open',
        );
      }
      session.status = 'expired';
      session.url = null;
      return sessionView(session, params);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1] ?? '');
      const intent = paymentIntents.get(id);
      if (!intent) throw noSuch('payment_intent', id);
      const { amount_refunded: _r, ...view } = intent;
      return view;
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && (m = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1] ?? '');
      const refund = refunds.get(id);
      if (!refund) throw noSuch('refund', id);
      return refund;
    }
    if (method === 'GET' && path === '/v1/customers') return listCustomers(params);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1] ?? '');
      const customer = customers.get(id);
      if (!customer) throw noSuch('customer', id);
      return customer;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return createPortalSession(params);
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The fake Stripe implements only what platform/payments/stripe.ts uses.`,
    });
  }

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...headers,
    });
    res.end(JSON.stringify(body, null, 2));
  }

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record = (status: number, params: JsonObject) =>
      requests.push({ method, path, params, idempotencyKey, status });
    const stripeVersion = req.headers['stripe-version'];
    const versionHeader: Record<string, string> =
      typeof stripeVersion === 'string' ? { 'stripe-version': stripeVersion } : {};

    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key) {
      record(401, {});
      return send(res, 401, {
        error: {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
    }
    if (!/^sk_test_\w+$/.test(key)) {
      record(401, {});
      return send(res, 401, {
        error: {
          type: 'invalid_request_error',
          code: 'api_key_invalid',
          message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
        },
      });
    }

    let params: JsonObject;
    try {
      params = parseStripeForm(
        method === 'GET' || method === 'DELETE' ? url.searchParams : new URLSearchParams(rawBody),
      );
    } catch {
      params = {};
    }

    const idemKey = idempotencyKey && method === 'POST' ? `${key}\u0000${idempotencyKey}` : null;
    if (idemKey) {
      const previous = idempotent.get(idemKey);
      if (previous) {
        if (
          previous.method !== method ||
          previous.path !== path ||
          previous.params !== JSON.stringify(params)
        ) {
          record(400, params);
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        record(previous.status, params);
        return send(res, previous.status, previous.body, {
          ...versionHeader,
          'idempotent-replayed': 'true',
          'original-request': newId('req'),
        });
      }
    }

    let status = 200;
    let body: unknown;
    try {
      body = route(method, path, params);
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (idemKey) {
      idempotent.set(idemKey, { method, path, params: JSON.stringify(params), status, body });
    }
    record(status, params);
    send(res, status, body, versionHeader);
  }

  // ---- what happens on Stripe's side ----

  function makeEvent(type: string, object: JsonObject | object): StripeEventPayload {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: JSON.parse(JSON.stringify(object)) as JsonObject },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function completeSession(
    id: string,
    opts: { paymentStatus?: 'paid' | 'unpaid' } = {},
  ): StripeEventPayload {
    const session = getSession(id);
    if (session.status !== 'open') {
      throw new Error(`checkout session ${id} is ${session.status}, not open`);
    }
    const paid = (opts.paymentStatus ?? 'paid') === 'paid';
    if (session.mode === 'subscription') return completeSubscriptionSession(session);
    const pid = session.payment_intent_data;
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: paid ? session.amount_total : 0,
      currency: session.currency,
      status: paid ? 'succeeded' : 'processing',
      description: typeof pid.description === 'string' ? pid.description : null,
      metadata: stringMap(obj(pid, 'metadata'), 'payment_intent_data[metadata]'),
      latest_charge: newId('ch'),
      created: nowSeconds(),
      livemode: false,
      amount_refunded: 0,
    };
    paymentIntents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent = intent.id;
    session.url = null;
    return makeEvent('checkout.session.completed', sessionView(session));
  }

  const monthAfter = (seconds: number) => {
    const date = new Date(seconds * 1000);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  };

  /** Subscription mode: a customer and an active subscription; the first invoice is paid. */
  function completeSubscriptionSession(session: FakeCheckoutSession): StripeEventPayload {
    const customer = createCustomer(
      session.customer_email ? { email: session.customer_email } : {},
    );
    const line = session.line_items.data[0];
    const start = nowSeconds();
    const trialDays = Number(session.subscription_data.trial_period_days ?? 0);
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      trial_end: trialEnd,
      metadata: stringMap(
        obj(session.subscription_data, 'metadata'),
        'subscription_data[metadata]',
      ),
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: start,
            // A trial is the first period; the first charge comes at its end.
            current_period_end: trialEnd ?? monthAfter(start),
            price: {
              object: 'price',
              currency: session.currency,
              unit_amount: line?.price.unit_amount ?? session.amount_total,
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    session.subscription = subscription.id;
    session.customer = customer.id;
    session.url = null;
    return makeEvent('checkout.session.completed', sessionView(session));
  }

  function getSubscription(id: string): FakeSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  }

  function chargeSubscription(
    id: string,
    opts: { paid: boolean; billingReason?: string },
  ): StripeEventPayload {
    const subscription = getSubscription(id);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${id} has no item`);
    let invoice = openInvoices.get(id);
    if (!invoice) {
      const start = item.current_period_end;
      invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        status: 'open',
        currency: item.price.currency,
        amount_due: item.price.unit_amount,
        amount_paid: 0,
        attempt_count: 0,
        billing_reason: opts.billingReason ?? 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: id, metadata: { ...subscription.metadata } },
        },
        lines: { object: 'list', data: [{ period: { start, end: monthAfter(start) } }] },
        created: nowSeconds(),
        livemode: false,
      };
      openInvoices.set(id, invoice);
    }
    invoice.attempt_count += 1;
    if (!opts.paid) {
      subscription.status = 'past_due';
      return makeEvent('invoice.payment_failed', invoice);
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    openInvoices.delete(id);
    const period = invoice.lines.data[0]?.period;
    if (period) {
      item.current_period_start = period.start;
      item.current_period_end = period.end;
    }
    subscription.status = 'active';
    return makeEvent('invoice.paid', invoice);
  }

  function updateSubscription(id: string, changes: Partial<FakeSubscription>): StripeEventPayload {
    const subscription = getSubscription(id);
    Object.assign(subscription, changes);
    return makeEvent('customer.subscription.updated', subscription);
  }

  function deleteSubscription(id: string): StripeEventPayload {
    const subscription = getSubscription(id);
    subscription.status = 'canceled';
    subscription.canceled_at = nowSeconds();
    return makeEvent('customer.subscription.deleted', subscription);
  }

  function settleAsync(id: string, succeeded: boolean): StripeEventPayload {
    const session = getSession(id);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !intent) {
      throw new Error(`checkout session ${id} has no pending delayed payment`);
    }
    if (succeeded) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      session.payment_status = 'paid';
    } else {
      intent.status = 'requires_payment_method';
    }
    return makeEvent(
      succeeded
        ? 'checkout.session.async_payment_succeeded'
        : 'checkout.session.async_payment_failed',
      sessionView(session),
    );
  }

  function expireSession(id: string): StripeEventPayload {
    const session = getSession(id);
    if (session.status !== 'open') {
      throw new Error(`checkout session ${id} is ${session.status}, not open`);
    }
    session.status = 'expired';
    session.url = null;
    return makeEvent('checkout.session.expired', sessionView(session));
  }

  function signedWebhook(event: StripeEventPayload, opts: { secret: string; timestamp?: number }) {
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret,
      timestamp: opts.timestamp,
    });
    return {
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    };
  }

  // ---- the hosted pages (browser tests) ----

  async function handlePages(req: IncomingMessage, res: ServerResponse, url: URL) {
    const html = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe</title></head><body>${content}</body></html>`,
      );
    };
    const pay = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
    const session = pay ? sessions.get(decodeURIComponent(pay[1] ?? '')) : undefined;
    if (pay && session && req.method === 'GET') {
      if (session.status !== 'open')
        return html(410, `<h1>This checkout session is ${session.status}</h1>`);
      const items = session.line_items.data
        .map((l) => `<li>${escapeHtml(l.description)} × ${l.quantity}: ${l.amount_total}</li>`)
        .join('');
      const cancel = session.cancel_url
        ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>`
        : '';
      return html(
        200,
        `<h1>Pay ${session.amount_total} ${session.currency.toUpperCase()}</h1><ul>${items}</ul>` +
          `<form method="post"><button type="submit">Pay</button></form>${cancel}`,
      );
    }
    if (pay && session && req.method === 'POST') {
      if (session.status !== 'open')
        return html(410, `<h1>This checkout session is ${session.status}</h1>`);
      const event = completeSession(session.id);
      if (options.webhook) {
        const delivery = signedWebhook(event, { secret: options.webhook.secret });
        await fetch(options.webhook.url, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
        });
      }
      res.writeHead(303, {
        location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id),
      });
      return res.end();
    }
    const portal = url.pathname.match(/^\/p\/session\/([^/]+)$/);
    const portalSession = portal
      ? portalSessions.get(decodeURIComponent(portal[1] ?? ''))
      : undefined;
    if (portalSession && req.method === 'GET') {
      const back = portalSession.return_url
        ? `<a href="${escapeHtml(portalSession.return_url)}">Return</a>`
        : '';
      return html(200, `<h1>Billing portal for ${escapeHtml(portalSession.customer)}</h1>${back}`);
    }
    return html(404, '<h1>Not found</h1>');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const handle = url.pathname.startsWith('/v1/')
        ? Promise.resolve().then(() => handleApi(req, res, url, rawBody))
        : handlePages(req, res, url);
      handle.catch((error: unknown) => {
        if (!res.headersSent) {
          send(
            res,
            500,
            {
              error: { type: 'api_error', message: `fake-stripe: ${String(error)}` },
            },
            { 'stripe-should-retry': 'false' },
          );
        } else {
          res.end();
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
    sessions,
    paymentIntents,
    refunds,
    customers,
    portalSessions,
    subscriptions,
    requests,
    completeSession,
    asyncPaymentSucceeded: (id) => settleAsync(id, true),
    asyncPaymentFailed: (id) => settleAsync(id, false),
    expireSession,
    chargeSubscription,
    updateSubscription,
    deleteSubscription,
    event: makeEvent,
    signedWebhook,
  };
}
