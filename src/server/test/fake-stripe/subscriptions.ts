// Subscriptions and their invoices: a subscriber starts one at checkout (with or without a
// trial), Stripe Billing charges it each month (paid or failed), and it changes or ends.
import { sessionView } from './checkout-sessions';
import { createCustomer } from './customer-portal';
import type {
  FakeCheckoutSession,
  FakeStripeState,
  FakeSubscription,
  StripeEventPayload,
} from './objects';
import { makeEvent } from './webhooks';
import { newId, nowSeconds, obj, stringMap } from './wire';

const monthAfter = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

/** Subscription mode: a customer and an active subscription; the first invoice is paid. */
export function completeSubscriptionSession(
  state: FakeStripeState,
  session: FakeCheckoutSession,
): StripeEventPayload {
  const customer = createCustomer(
    state,
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
    metadata: stringMap(obj(session.subscription_data, 'metadata'), 'subscription_data[metadata]'),
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
  state.subscriptions.set(subscription.id, subscription);
  session.status = 'complete';
  session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
  session.subscription = subscription.id;
  session.customer = customer.id;
  session.url = null;
  return makeEvent('checkout.session.completed', sessionView(session));
}

function getSubscription(state: FakeStripeState, id: string): FakeSubscription {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw new Error(`no subscription ${id}`);
  return subscription;
}

export function chargeSubscription(
  state: FakeStripeState,
  id: string,
  opts: { paid: boolean; billingReason?: string },
): StripeEventPayload {
  const subscription = getSubscription(state, id);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${id} has no item`);
  let invoice = state.openInvoices.get(id);
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
    state.openInvoices.set(id, invoice);
  }
  invoice.attempt_count += 1;
  if (!opts.paid) {
    subscription.status = 'past_due';
    return makeEvent('invoice.payment_failed', invoice);
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  state.openInvoices.delete(id);
  const period = invoice.lines.data[0]?.period;
  if (period) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
  subscription.status = 'active';
  return makeEvent('invoice.paid', invoice);
}

export function updateSubscription(
  state: FakeStripeState,
  id: string,
  changes: Partial<FakeSubscription>,
): StripeEventPayload {
  const subscription = getSubscription(state, id);
  Object.assign(subscription, changes);
  return makeEvent('customer.subscription.updated', subscription);
}

export function deleteSubscription(state: FakeStripeState, id: string): StripeEventPayload {
  const subscription = getSubscription(state, id);
  subscription.status = 'canceled';
  subscription.canceled_at = nowSeconds();
  return makeEvent('customer.subscription.deleted', subscription);
}
