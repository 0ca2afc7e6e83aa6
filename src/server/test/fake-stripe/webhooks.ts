// The events Stripe delivers, and their signed deliveries (body + Stripe-Signature header).
import Stripe from 'stripe';
import type { StripeEventPayload } from './objects';
import { newId, nowSeconds, type JsonObject } from './wire';

export function makeEvent(type: string, object: JsonObject | object): StripeEventPayload {
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

export function signedWebhook(
  event: StripeEventPayload,
  opts: { secret: string; timestamp?: number },
) {
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

/** Delivers an event to a webhook endpoint, signed as Stripe would. */
export async function deliver(event: StripeEventPayload, to: { url: string; secret: string }) {
  const delivery = signedWebhook(event, { secret: to.secret });
  await fetch(to.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
}
