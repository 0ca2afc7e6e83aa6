// Checkout sessions: a buyer is sent to Stripe's checkout page, pays, or lets the session expire.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRoute, FakeCheckoutSession, FakeLineItem, FakeStripeState } from './objects';
import { makeEvent } from './webhooks';
import {
  escapeHtml,
  found,
  htmlPage,
  int,
  invalid,
  missingParam,
  newId,
  nowSeconds,
  obj,
  str,
  stringMap,
  THREE_DECIMAL,
  wantsExpand,
  type JsonObject,
} from './wire';

/** A session as the API shows it: line items only when asked, the fake's notes left out. */
export function sessionView(session: FakeCheckoutSession, params: JsonObject = {}): JsonObject {
  const { line_items, payment_intent_data: _pid, subscription_data: _sd, ...rest } = session;
  const view = JSON.parse(JSON.stringify(rest)) as JsonObject;
  if (wantsExpand(params, 'line_items')) view.line_items = JSON.parse(JSON.stringify(line_items));
  return view;
}

function createSession(state: FakeStripeState, params: JsonObject): FakeCheckoutSession {
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
    url: `${state.baseUrl}/c/pay/${id}`,
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
  state.sessions.set(id, session);
  return session;
}

export function getSession(state: FakeStripeState, id: string): FakeCheckoutSession {
  return found(state.sessions, 'checkout.session', id);
}

/** The session passes its expires_at unpaid. */
export function expireSession(state: FakeStripeState, id: string) {
  const session = getSession(state, id);
  if (session.status !== 'open') {
    throw new Error(`checkout session ${id} is ${session.status}, not open`);
  }
  session.status = 'expired';
  session.url = null;
  return makeEvent('checkout.session.expired', sessionView(session));
}

export const CHECKOUT_ROUTES: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    answer: (state, params) => sessionView(createSession(state, params), params),
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    answer: (state, params, [id = '']) => sessionView(getSession(state, id), params),
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    answer(state, params, [id = '']) {
      const session = getSession(state, id);
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
    },
  },
];

/**
 * Stripe's checkout page (browser tests): the order and a Pay button; paying runs `pay` and
 * sends the buyer to the session's success_url. False when the URL is not a session's page.
 */
export async function checkoutPage(
  state: FakeStripeState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  pay: (session: FakeCheckoutSession) => Promise<void>,
): Promise<boolean> {
  const match = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
  const session = match ? state.sessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
  if (!session || (req.method !== 'GET' && req.method !== 'POST')) return false;
  if (session.status !== 'open') {
    htmlPage(res, 410, `<h1>This checkout session is ${session.status}</h1>`);
    return true;
  }
  if (req.method === 'GET') {
    const items = session.line_items.data
      .map((l) => `<li>${escapeHtml(l.description)} × ${l.quantity}: ${l.amount_total}</li>`)
      .join('');
    const cancel = session.cancel_url
      ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>`
      : '';
    htmlPage(
      res,
      200,
      `<h1>Pay ${session.amount_total} ${session.currency.toUpperCase()}</h1><ul>${items}</ul>` +
        `<form method="post"><button type="submit">Pay</button></form>${cancel}`,
    );
    return true;
  }
  await pay(session);
  res.writeHead(303, {
    location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id),
  });
  res.end();
  return true;
}
