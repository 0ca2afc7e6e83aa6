import { randomUUID } from 'node:crypto';
import { LOCAL_SIGNATURE_HEADER, signLocalWebhook } from '../platform/payments/local';
import { derivedKey } from '../platform/secrets';
import type { TestApp } from './test-app';

/** What the local provider's webhook reports about a paid checkout session. */
interface LocalPayment {
  sessionId: string | null;
  orderId: string;
  amountCents: number;
  paymentRef?: string;
}

/**
 * A webhook delivery from the `local` payment provider, signed with the app's key as the real
 * provider signs it: the request the payment flow ends with. Tests that check the webhook itself
 * change `type`, `id`, `created` or `key`; the others pay through `payThroughLocalWebhook`.
 */
export function localWebhookDelivery(
  t: Pick<TestApp, 'clock' | 'config'>,
  payment: LocalPayment,
  options: { type?: string; id?: string; created?: number; key?: Buffer } = {},
) {
  const created = options.created ?? Math.floor(t.clock.now().getTime() / 1000);
  const body = JSON.stringify({
    id: options.id ?? `evt_${randomUUID()}`,
    type: options.type ?? 'checkout.completed',
    created,
    data: {
      sessionId: payment.sessionId,
      orderId: payment.orderId,
      paymentRef: payment.paymentRef ?? `pi_${randomUUID()}`,
      amountCents: payment.amountCents,
    },
  });
  const key = options.key ?? derivedKey(t.config, 'local-payment-webhooks');
  return {
    method: 'POST' as const,
    url: '/api/payments/webhooks/local',
    headers: {
      'content-type': 'application/json',
      [LOCAL_SIGNATURE_HEADER]: signLocalWebhook(key, body, created),
    },
    payload: body,
  };
}

/** Pays an order through a signed local webhook, as the provider's callback does. */
export function payThroughLocalWebhook(
  t: Pick<TestApp, 'app' | 'clock' | 'config'>,
  order: { id: string; paymentSessionId: string | null; totalCents: number },
  options: { paymentRef?: string } = {},
) {
  return t.app.inject(
    localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: options.paymentRef,
    }),
  );
}
