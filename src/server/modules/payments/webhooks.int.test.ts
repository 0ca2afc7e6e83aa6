import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { paymentEvents, tickets } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';

const WEBHOOK_SECRET = 'whsec_test_secret';

async function setUp(t: TestApp) {
  const owner = await createUser(t.db, { userType: 'organizer' });
  const buyer = await createUser(t.db);
  return { owner, buyer, cookie: await t.signIn(buyer) };
}

async function placeOrder(t: TestApp, who: { owner: CreatedUser; cookie: string }, quantity = 1) {
  const event = await createEvent(t.db, {
    userId: who.owner.id,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 5, priceCents: 4000 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: who.cookie },
    payload: { items: [{ ticketTypeId: type.id, quantity }] },
  });
  return { order: response.json<Order>(), type };
}

const ticketCount = async (t: TestApp, orderId: string) =>
  (await t.db.select().from(tickets).where(eq(tickets.orderId, orderId))).length;

describe('local provider webhooks', () => {
  let t: TestApp;
  let people: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    people = await setUp(t);
  });
  afterAll(() => t.close());

  function delivery(
    order: Order,
    type: string,
    options: { id?: string; timestamp?: number; key?: Buffer } = {},
  ) {
    return localWebhookDelivery(
      t,
      {
        sessionId: order.paymentSessionId,
        orderId: order.id,
        amountCents: order.totalCents,
        paymentRef: 'pi_test',
      },
      { type, id: options.id, created: options.timestamp, key: options.key },
    );
  }

  it('refuses a bad signature and a stale timestamp, changing nothing', async () => {
    const { order } = await placeOrder(t, people);
    const forged = await t.app.inject(
      delivery(order, 'checkout.completed', { key: Buffer.from('not the key') }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('Invalid webhook signature');
    const stale = Math.floor(t.clock.now().getTime() / 1000) - 301;
    expect(
      (await t.app.inject(delivery(order, 'checkout.completed', { timestamp: stale }))).statusCode,
    ).toBe(400);
    const tampered = delivery(order, 'checkout.completed');
    tampered.payload = tampered.payload.replace('4000', '1');
    expect((await t.app.inject(tampered)).statusCode).toBe(400);
    expect(await ticketCount(t, order.id)).toBe(0);
  });

  it('applies ten concurrent deliveries of one event once', async () => {
    const { order } = await placeOrder(t, people, 2);
    const request = delivery(order, 'checkout.completed', { id: 'evt_duplicate_once' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.app.inject(request)));
    const outcomes = responses.map((r) => r.json().outcome).sort();
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await ticketCount(t, order.id)).toBe(2);
    const stored = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_duplicate_once'));
    expect(stored).toHaveLength(1);
  });

  it('never moves an order backwards when events arrive out of order', async () => {
    const { order, type } = await placeOrder(t, people);
    await t.app.inject(delivery(order, 'checkout.completed'));
    expect((await t.app.inject(delivery(order, 'checkout.expired'))).json().outcome).toBe(
      'already_settled',
    );
    expect((await t.app.inject(delivery(order, 'checkout.failed'))).json().outcome).toBe(
      'already_settled',
    );
    const [row] = await t.db
      .execute<{ status: string; remaining: number }>(
        sql`select o.status, t.remaining from orders o, ticket_types t where o.id = ${order.id} and t.id = ${type.id}`,
      )
      .then((r) => r.rows);
    expect(row).toEqual({ status: 'paid', remaining: 4 });
    expect(await ticketCount(t, order.id)).toBe(1);
  });

  it('expires a pending order when the provider closes its checkout, returning the stock', async () => {
    const { order, type } = await placeOrder(t, people, 3);
    expect((await t.app.inject(delivery(order, 'checkout.expired'))).json().outcome).toBe(
      'expired',
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/events/${type.eventId}/ticket-types`,
    });
    expect(listed.json().ticketTypes[0].remaining).toBe(5);
  });
});

describe('Stripe provider (against a local fake of its API)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let people: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    people = await setUp(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const deliver = (event: ReturnType<FakeStripe['completeSession']>, timestamp?: number) => {
    const { body, headers } = stripe.signedWebhook(event, { secret: WEBHOOK_SECRET, timestamp });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers,
      payload: body,
    });
  };

  it('sends the buyer to a Stripe Checkout Session and fulfils the order from its signed webhook', async () => {
    const { order } = await placeOrder(t, people, 2);
    expect(order.checkoutUrl).toContain(stripe.url);
    const session = stripe.sessions.get(order.paymentSessionId ?? '');
    expect(session).toMatchObject({
      amount_total: 8000,
      currency: 'usd',
      client_reference_id: order.id,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payments/local/sessions/${order.paymentSessionId}`,
        })
      ).statusCode,
    ).toBe(404);

    const completed = stripe.completeSession(order.paymentSessionId ?? '');
    expect((await deliver(completed, Math.floor(Date.now() / 1000) - 301)).statusCode).toBe(400);
    const first = await deliver(completed);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    expect((await deliver(completed)).json().outcome).toBe('duplicate');
    expect(await ticketCount(t, order.id)).toBe(2);
  });

  it('refunds through Stripe with an idempotency key', async () => {
    const { order } = await placeOrder(t, people);
    await deliver(stripe.completeSession(order.paymentSessionId ?? ''));
    const owner = await t.signIn(people.owner);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refund`,
      headers: { cookie: owner },
      payload: { amountCents: 1500 },
    });
    expect(refund.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1500 });
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(Number(sent[0]?.params.amount)).toBe(1500);
    expect(sent[0]?.idempotencyKey).toMatch(/^refund:/);
  });
});
