// The Stripe adapter with the real SDK against the local fake of the Stripe API (no database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type StripeEventPayload } from '../../test/fake-stripe';
import { AppError } from '../http/errors';
import type { CheckoutRequest, PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

const SECRET_KEY = 'sk_test_mea_events_fake';
const WEBHOOK_SECRET = 'whsec_mea_events_test';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

let orderSeq = 0;
function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  orderSeq += 1;
  return {
    orderId: `00000000-0000-4000-8000-${String(orderSeq).padStart(12, '0')}`,
    currency: 'USD',
    amountCents: 2 * 2500 + 4000,
    description: 'Oakland Jazz Night: 3 tickets',
    lines: [
      { label: 'General admission', unitAmountCents: 2500, quantity: 2 },
      { label: 'VIP', unitAmountCents: 4000, quantity: 1 },
    ],
    customerEmail: 'ada@example.test',
    successUrl: 'http://localhost:3000/orders/done?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/events/oakland-jazz-night',
    holdUntil: new Date(Date.now() + 10 * 60_000),
    ...overrides,
  };
}

/** A signed delivery as the webhook route would receive it. */
function deliver(event: StripeEventPayload, options: { secret?: string; timestamp?: number } = {}) {
  const { body, headers } = fake.signedWebhook(event, {
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { raw: Buffer.from(body), headers };
}

function expectBadRequest(run: () => unknown) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect((thrown as AppError).code).toBe('BAD_REQUEST');
  expect((thrown as AppError).message).toBe('Invalid webhook signature');
}

describe('createCheckout', () => {
  it('creates a hosted checkout session with our lines, urls, order reference and expiry', async () => {
    const request = checkoutRequest();
    const before = Math.floor(Date.now() / 1000);
    const checkout = await stripe.createCheckout(request);

    expect(checkout.id).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`${fake.url}/c/pay/${checkout.id}`);
    const session = fake.sessions.get(checkout.id);
    if (!session) throw new Error('the fake has no such session');
    expect(session.mode).toBe('payment');
    expect(session.currency).toBe('usd');
    expect(session.amount_total).toBe(9000);
    expect(
      session.line_items.data.map((l) => [l.description, l.price.unit_amount, l.quantity]),
    ).toEqual([
      ['General admission', 2500, 2],
      ['VIP', 4000, 1],
    ]);
    expect(session.customer_email).toBe('ada@example.test');
    expect(session.client_reference_id).toBe(request.orderId);
    expect(session.metadata).toEqual({ orderId: request.orderId });
    expect(session.payment_intent_data).toMatchObject({ metadata: { orderId: request.orderId } });
    expect(session.success_url).toBe(request.successUrl);
    expect(session.cancel_url).toBe(request.cancelUrl);
    // The 10-minute hold is shorter than Stripe's 30-minute minimum: Stripe's minimum wins.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(session.expires_at).toBeLessThanOrEqual(before + 40 * 60);
  });

  it('keeps a hold that ends later than 30 minutes as the expiry', async () => {
    const holdUntil = new Date(Date.now() + 3 * 3600_000);
    const checkout = await stripe.createCheckout(checkoutRequest({ holdUntil }));
    expect(fake.sessions.get(checkout.id)?.expires_at).toBe(Math.floor(holdUntil.getTime() / 1000));
  });

  it('charges the discounted total in one line when the lines do not add up to it', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest({ amountCents: 7650 }));
    const session = fake.sessions.get(checkout.id);
    expect(session?.amount_total).toBe(7650);
    expect(
      session?.line_items.data.map((l) => [l.description, l.amount_total, l.quantity]),
    ).toEqual([['Oakland Jazz Night: 3 tickets', 7650, 1]]);
  });

  it('charges three-decimal amounts in steps of 10 fils, as Stripe requires', async () => {
    const kwd = (amountCents: number) =>
      checkoutRequest({
        currency: 'KWD',
        amountCents,
        lines: [{ label: 'Majlis seat', unitAmountCents: amountCents, quantity: 1 }],
      });
    const checkout = await stripe.createCheckout(kwd(12_750));
    expect(fake.sessions.get(checkout.id)?.amount_total).toBe(12_750);
    expect(fake.sessions.get(checkout.id)?.currency).toBe('kwd');
    // What our prices (and tax added on top) never produce: Stripe refuses it.
    await expect(stripe.createCheckout(kwd(12_755))).rejects.toThrow();
  });

  it('reports Stripe being unreachable as SERVICE_UNAVAILABLE', async () => {
    const gone = await startFakeStripe();
    const unreachable = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: gone.url,
    });
    await gone.close();
    await expect(unreachable.createCheckout(checkoutRequest())).rejects.toMatchObject({
      name: 'AppError',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('lets Stripe request errors through (a wrong API key)', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'rk_live_nope',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    await expect(wrongKey.createCheckout(checkoutRequest())).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });
});

describe('parseWebhook', () => {
  it('maps a signed checkout.session.completed (paid) to checkout.completed', async () => {
    const request = checkoutRequest();
    const checkout = await stripe.createCheckout(request);
    const event = fake.completeSession(checkout.id);
    const { raw, headers } = deliver(event);

    const parsed = stripe.parseWebhook(raw, headers);

    const paymentIntent = fake.sessions.get(checkout.id)?.payment_intent;
    expect(paymentIntent).toMatch(/^pi_/);
    expect(parsed).toEqual({
      id: event.id,
      kind: 'checkout.completed',
      sessionId: checkout.id,
      orderId: request.orderId,
      paymentRef: paymentIntent,
      amountCents: 9000,
      created: event.created,
    });
  });

  it('takes the order id from metadata when client_reference_id is missing', async () => {
    const request = checkoutRequest();
    const checkout = await stripe.createCheckout(request);
    const event = fake.completeSession(checkout.id);
    event.data.object.client_reference_id = null;
    const { raw, headers } = deliver(event);
    expect(stripe.parseWebhook(raw, headers).orderId).toBe(request.orderId);
  });

  it('ignores a completed but unpaid session, then completes on async_payment_succeeded', async () => {
    const request = checkoutRequest();
    const checkout = await stripe.createCheckout(request);
    const completed = fake.completeSession(checkout.id, { paymentStatus: 'unpaid' });
    const first = deliver(completed);
    expect(stripe.parseWebhook(first.raw, first.headers)).toMatchObject({
      kind: 'ignored',
      sessionId: checkout.id,
    });

    const succeeded = fake.asyncPaymentSucceeded(checkout.id);
    const second = deliver(succeeded);
    expect(stripe.parseWebhook(second.raw, second.headers)).toEqual({
      id: succeeded.id,
      kind: 'checkout.completed',
      sessionId: checkout.id,
      orderId: request.orderId,
      paymentRef: fake.sessions.get(checkout.id)?.payment_intent,
      amountCents: 9000,
      created: succeeded.created,
    });
  });

  it('maps async_payment_failed to checkout.failed', async () => {
    const request = checkoutRequest();
    const checkout = await stripe.createCheckout(request);
    fake.completeSession(checkout.id, { paymentStatus: 'unpaid' });
    const failed = fake.asyncPaymentFailed(checkout.id);
    const { raw, headers } = deliver(failed);
    expect(stripe.parseWebhook(raw, headers)).toMatchObject({
      id: failed.id,
      kind: 'checkout.failed',
      sessionId: checkout.id,
      orderId: request.orderId,
    });
  });

  it('maps checkout.session.expired to checkout.expired', async () => {
    const request = checkoutRequest();
    const checkout = await stripe.createCheckout(request);
    const expired = fake.expireSession(checkout.id);
    const { raw, headers } = deliver(expired);
    expect(stripe.parseWebhook(raw, headers)).toEqual({
      id: expired.id,
      kind: 'checkout.expired',
      sessionId: checkout.id,
      orderId: request.orderId,
      paymentRef: null,
      amountCents: 9000,
      created: expired.created,
    });
  });

  it('maps any other event to ignored', () => {
    const event = fake.event('customer.created', { id: 'cus_123', object: 'customer' });
    const { raw, headers } = deliver(event);
    expect(stripe.parseWebhook(raw, headers)).toEqual({
      id: event.id,
      kind: 'ignored',
      sessionId: null,
      orderId: null,
      paymentRef: null,
      amountCents: null,
      created: event.created,
    });
  });

  it('rejects a tampered body', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest());
    const { raw, headers } = deliver(fake.completeSession(checkout.id));
    const tampered = Buffer.from(
      raw.toString().replace('"amount_total": 9000', '"amount_total": 1'),
    );
    expect(tampered.equals(raw)).toBe(false);
    expectBadRequest(() => stripe.parseWebhook(tampered, headers));
  });

  it('rejects a delivery signed with another secret', () => {
    const { raw, headers } = deliver(fake.event('customer.created', { id: 'cus_1' }), {
      secret: 'whsec_someone_else',
    });
    expectBadRequest(() => stripe.parseWebhook(raw, headers));
  });

  it('rejects a timestamp older than 300 s and accepts one just inside', () => {
    const event = fake.event('customer.created', { id: 'cus_1' });
    const now = Math.floor(Date.now() / 1000);
    const stale = deliver(event, { timestamp: now - 301 });
    expectBadRequest(() => stripe.parseWebhook(stale.raw, stale.headers));
    const recent = deliver(event, { timestamp: now - 240 });
    expect(stripe.parseWebhook(recent.raw, recent.headers).id).toBe(event.id);
  });

  it('rejects a missing or malformed signature header', () => {
    const { raw } = deliver(fake.event('customer.created', { id: 'cus_1' }));
    expectBadRequest(() => stripe.parseWebhook(raw, {}));
    expectBadRequest(() => stripe.parseWebhook(raw, { 'stripe-signature': 'garbage' }));
  });
});

describe('refund', () => {
  async function paidCheckout() {
    const checkout = await stripe.createCheckout(checkoutRequest());
    fake.completeSession(checkout.id);
    const paymentRef = fake.sessions.get(checkout.id)?.payment_intent;
    if (!paymentRef) throw new Error('no payment intent');
    return paymentRef;
  }

  it('refunds once per idempotency key', async () => {
    const paymentRef = await paidCheckout();
    const request = { paymentRef, amountCents: 2500, idempotencyKey: `refund-${paymentRef}-1` };

    const first = await stripe.refund(request);
    const again = await stripe.refund(request);

    expect(first.id).toMatch(/^re_/);
    expect(again.id).toBe(first.id);
    const mine = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentRef);
    expect(mine.map((r) => [r.id, r.amount, r.currency])).toEqual([[first.id, 2500, 'usd']]);
    expect(fake.paymentIntents.get(paymentRef)?.amount_refunded).toBe(2500);
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent.slice(-2).map((r) => r.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });

  it('refunds again under another key, up to what was paid', async () => {
    const paymentRef = await paidCheckout();
    const a = await stripe.refund({
      paymentRef,
      amountCents: 5000,
      idempotencyKey: `${paymentRef}-a`,
    });
    const b = await stripe.refund({
      paymentRef,
      amountCents: 4000,
      idempotencyKey: `${paymentRef}-b`,
    });
    expect(b.id).not.toBe(a.id);
    expect(fake.paymentIntents.get(paymentRef)?.amount_refunded).toBe(9000);
    await expect(
      stripe.refund({ paymentRef, amountCents: 1, idempotencyKey: `${paymentRef}-c` }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
  });

  it('fails with Stripe’s resource_missing error for an unknown payment', async () => {
    await expect(
      stripe.refund({ paymentRef: 'pi_unknown', amountCents: 100, idempotencyKey: 'unknown-1' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_unknown'",
    });
  });
});

describe('customerPortal', () => {
  it('creates the customer once and returns a portal URL each time', async () => {
    const email = 'portal-user@example.test';
    const returnUrl = 'http://localhost:3000/account/billing';

    const first = await stripe.customerPortal({ email, returnUrl });
    const second = await stripe.customerPortal({ email, returnUrl });

    const matching = [...fake.customers.values()].filter((c) => c.email === email);
    expect(matching).toHaveLength(1);
    const portals = [...fake.portalSessions.values()].filter((p) => p.customer === matching[0]?.id);
    expect(portals.map((p) => p.url)).toEqual([first.url, second.url]);
    expect(portals.map((p) => p.return_url)).toEqual([returnUrl, returnUrl]);
    expect(first.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(second.url).not.toBe(first.url);
    const portalPage = await fetch(first.url);
    expect(portalPage.status).toBe(200);
  });

  it('reuses a customer that already exists in Stripe', async () => {
    const existing = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=already%40example.test&name=Already%20There',
    }).then((r) => r.json() as Promise<{ id: string }>);

    await stripe.customerPortal({ email: 'already@example.test', returnUrl: 'http://localhost/x' });

    expect(
      [...fake.customers.values()].filter((c) => c.email === 'already@example.test'),
    ).toHaveLength(1);
    expect([...fake.portalSessions.values()].at(-1)?.customer).toBe(existing.id);
  });
});

describe('the fake itself', () => {
  it('requires a test secret key and answers unknown ids with Stripe’s error shape', async () => {
    const anonymous = await fetch(`${fake.url}/v1/customers`);
    expect(anonymous.status).toBe(401);
    const missing = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_nope`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such checkout.session: 'cs_test_nope'",
        param: 'id',
      },
    });
  });

  it('refuses an expires_at under 30 minutes, as Stripe does', async () => {
    const soon = Math.floor(Date.now() / 1000) + 10 * 60;
    const response = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        mode: 'payment',
        success_url: 'http://localhost/ok',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '100',
        'line_items[0][price_data][product_data][name]': 'Thing',
        'line_items[0][quantity]': '1',
        expires_at: String(soon),
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { param: string } }).error.param).toBe(
      'expires_at',
    );
  });

  it('serves a checkout page whose Pay button completes the session and redirects', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest());
    const page = await fetch(checkout.url);
    expect(await page.text()).toContain('Pay 9000 USD');
    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/orders/done?session=${checkout.id}`,
    );
    expect(fake.sessions.get(checkout.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
  });
});
