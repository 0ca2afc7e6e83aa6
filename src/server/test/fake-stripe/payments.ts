// Payments and refunds: a buyer pays a session (at once, or by a delayed method that later
// succeeds or fails), and an organizer refunds part or all of what was paid.
import { getSession, sessionView } from './checkout-sessions';
import type {
  ApiRoute,
  FakeCheckoutSession,
  FakePaymentIntent,
  FakeRefund,
  FakeStripeState,
  StripeEventPayload,
} from './objects';
import { makeEvent } from './webhooks';
import {
  found,
  int,
  invalid,
  newId,
  noSuch,
  nowSeconds,
  obj,
  str,
  stringMap,
  THREE_DECIMAL,
  type JsonObject,
} from './wire';

/** Payment mode: the session completes with a payment intent (`unpaid` = delayed method). */
export function completePaymentSession(
  state: FakeStripeState,
  session: FakeCheckoutSession,
  paid: boolean,
): StripeEventPayload {
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
  state.paymentIntents.set(intent.id, intent);
  session.status = 'complete';
  session.payment_status = paid ? 'paid' : 'unpaid';
  session.payment_intent = intent.id;
  session.url = null;
  return makeEvent('checkout.session.completed', sessionView(session));
}

/** A delayed payment of a completed, unpaid session succeeds or fails. */
export function settleAsync(
  state: FakeStripeState,
  id: string,
  succeeded: boolean,
): StripeEventPayload {
  const session = getSession(state, id);
  const intent = session.payment_intent
    ? state.paymentIntents.get(session.payment_intent)
    : undefined;
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

function createRefund(state: FakeStripeState, params: JsonObject): FakeRefund {
  const piId = str(params, 'payment_intent');
  const chargeId = str(params, 'charge');
  if (!piId && !chargeId) {
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  const intent = piId
    ? state.paymentIntents.get(piId)
    : [...state.paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
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
  state.refunds.set(refund.id, refund);
  return refund;
}

export const PAYMENT_ROUTES: ApiRoute[] = [
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    answer(state, _params, [id = '']) {
      const intent = found(state.paymentIntents, 'payment_intent', id);
      const { amount_refunded: _r, ...view } = intent;
      return view;
    },
  },
  { method: 'POST', path: /^\/v1\/refunds$/, answer: createRefund },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    answer: (state, _params, [id = '']) => found(state.refunds, 'refund', id),
  },
];
