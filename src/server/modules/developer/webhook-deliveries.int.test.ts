import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, type CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';
import { useWebhookApp, type Received, type WebhookApp } from './webhooks.test-kit';

// Webhook deliveries (decision 029): signed, emitted by the orders and tickets flows, retried
// with backoff on the app's clock, turned off after failing for days.

let t: TestApp;
let receiver: WebhookApp['receiver'];
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
const { app, as, addEndpoint, drain, at, bodyOf, verify, paidOrder } = useWebhookApp();
beforeAll(() => {
  ({ t, receiver, organizer, other, buyer } = app);
});

describe('deliveries', () => {
  it('sends order.paid and attendee.registered once each, signed, to each subscribed endpoint only', async () => {
    const main = await addEndpoint(organizer, '/paid', ['order.paid', 'attendee.registered']);
    await addEndpoint(organizer, '/refunds-only', ['order.refunded']);
    await addEndpoint(other, '/other', ['order.paid', 'attendee.registered']);
    const { order, event, payment } = await paidOrder(organizer, 2);
    // The payment provider retries its webhook: still one event.
    expect((await t.app.inject(payment)).json().outcome).toBe('duplicate');
    await drain();

    const paid = at('/paid').map(bodyOf);
    expect(paid.filter((b) => b.type === 'order.paid')).toHaveLength(1);
    expect(paid.filter((b) => b.type === 'attendee.registered')).toHaveLength(2);
    const orderPaid = paid.find((b) => b.type === 'order.paid');
    expect(orderPaid?.data).toMatchObject({
      order_id: order.id,
      event_id: event.id,
      status: 'paid',
      total_cents: 8000,
      buyer: { email: 'hooks-buyer@example.com', name: 'Bea Buyer' },
    });
    for (const r of at('/paid')) {
      expect(verify(r, main.secret)).toBe(true);
      expect(r.headers['mea-event-id']).toBe(bodyOf(r).id);
      expect(verify({ ...r, body: `${r.body} ` }, main.secret)).toBe(false);
    }
    expect(at('/refunds-only')).toHaveLength(0);
    expect(at('/other')).toHaveLength(0);
    const log = await as(
      organizer,
      'GET',
      `/api/developer/webhooks/${main.endpoint.id}/deliveries`,
    );
    expect(log.json().deliveries).toHaveLength(3);
    expect(log.json().deliveries[0]).toMatchObject({
      status: 'succeeded',
      lastStatusCode: 200,
      attempts: 1,
    });
  });

  it("order.paid carries the answers to the checkout questions, the order's and each ticket's", async () => {
    await addEndpoint(organizer, '/answers', ['order.paid']);
    // Another organizer's endpoint hears nothing of this event's orders or answers.
    await addEndpoint(other, '/answers-other', ['order.paid']);
    const event = await createEvent(t.db, {
      userId: organizer.id,
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, {
      eventId: event.id,
      quantity: 10,
      priceCents: 4000,
    });
    const ask = async (input: object) =>
      (await as(organizer, 'POST', `/api/events/${event.id}/questions`, input)).json<{
        id: string;
      }>();
    const company = await ask({ scope: 'order', type: 'short_text', label: 'Company' });
    const diet = await ask({
      scope: 'ticket',
      type: 'single_choice',
      label: 'Dietary needs',
      options: ['None', 'Vegan'],
    });
    const placed = await as(buyer, 'POST', '/api/orders', {
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      answers: {
        order: { [company.id]: 'Harbour Ltd' },
        tickets: [
          { ticketTypeId: type.id, answers: { [diet.id]: 'Vegan' } },
          { ticketTypeId: type.id, answers: { [diet.id]: 'None' } },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const order = placed.json<Order>();
    const payment = localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_answers',
    });
    expect((await t.app.inject(payment)).json().outcome).toBe('paid');
    await drain();
    const paid = at('/answers').map(bodyOf);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.data.answers).toEqual([
      {
        question_id: company.id,
        question: 'Company',
        type: 'short_text',
        ticket_type_id: null,
        ticket_index: null,
        value: 'Harbour Ltd',
      },
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'single_choice',
        ticket_type_id: type.id,
        ticket_index: 0,
        value: 'Vegan',
      },
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'single_choice',
        ticket_type_id: type.id,
        ticket_index: 1,
        value: 'None',
      },
    ]);
    expect(at('/answers-other')).toEqual([]);
  });

  it('sends order.refunded on a refund and ticket.checked_in at the door', async () => {
    await addEndpoint(organizer, '/later', ['order.refunded', 'ticket.checked_in']);
    const { order, event } = await paidOrder(organizer, 1);
    const refund = await as(organizer, 'POST', `/api/orders/${order.id}/refund`, {
      amountCents: 1500,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const mine = await as(buyer, 'GET', '/api/me/tickets');
    const code = (
      mine.json() as { tickets: { event: { id: string }; code: string }[] }
    ).tickets.find((x) => x.event.id === event.id)?.code;
    const checkIn = await as(organizer, 'POST', `/api/events/${event.id}/check-in`, { code });
    expect(checkIn.json().result).toBe('checked_in');
    await as(organizer, 'POST', `/api/events/${event.id}/check-in`, { code });
    await drain();
    const types = at('/later').map((r) => bodyOf(r).type);
    expect(types.sort()).toEqual(['order.refunded', 'ticket.checked_in']);
    expect(bodyOf(at('/later')[0] as Received).data).toMatchObject({ order_id: order.id });
  });

  it('retries failures with exponential backoff on the app clock, then succeeds', async () => {
    receiver.statusFor.set('/flaky', 500);
    const { endpoint } = await addEndpoint(organizer, '/flaky', ['order.paid']);
    const test = await as(organizer, 'POST', `/api/developer/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    await drain();
    const deliveryId = test.json().id as string;
    const state = async () =>
      (await as(organizer, 'GET', `/api/developer/webhooks/${endpoint.id}/deliveries`))
        .json()
        .deliveries.find((d: { id: string }) => d.id === deliveryId);
    const start = t.clock.now().getTime();
    expect(await state()).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(new Date((await state()).nextAttemptAt).getTime()).toBe(start + 60_000);
    t.clock.advance(59_000);
    await drain();
    expect(at('/flaky')).toHaveLength(1);
    t.clock.advance(1_000);
    await drain();
    expect(at('/flaky')).toHaveLength(2);
    expect(new Date((await state()).nextAttemptAt).getTime()).toBe(
      t.clock.now().getTime() + 120_000,
    );
    receiver.statusFor.set('/flaky', 200);
    t.clock.advance(120_000);
    await drain();
    expect(await state()).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(new Set(at('/flaky').map((r) => bodyOf(r).id)).size).toBe(1);
    const endpoints = (await as(organizer, 'GET', '/api/developer/webhooks')).json().endpoints;
    expect(endpoints.find((e: { id: string }) => e.id === endpoint.id).consecutiveFailures).toBe(0);

    // Resend: the same event again (receivers de-duplicate on its id).
    const resent = await as(
      organizer,
      'POST',
      `/api/developer/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`,
    );
    expect(resent.statusCode).toBe(202);
    await drain();
    expect(at('/flaky')).toHaveLength(4);
    expect(bodyOf(at('/flaky')[3] as Received).id).toBe(bodyOf(at('/flaky')[0] as Received).id);
  });

  it('does not follow a redirect (to the metadata address) and counts it as a failure', async () => {
    receiver.statusFor.set('/redirect', 302);
    const { endpoint } = await addEndpoint(organizer, '/redirect', ['order.paid']);
    await as(organizer, 'POST', `/api/developer/webhooks/${endpoint.id}/test`);
    await drain();
    const [delivery] = (
      await as(organizer, 'GET', `/api/developer/webhooks/${endpoint.id}/deliveries`)
    ).json().deliveries;
    expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 302, attempts: 1 });
    expect(at('/redirect')).toHaveLength(1);
  });

  it('turns an endpoint off after 20 failures in a row over 3 days and tells its owner', async () => {
    receiver.statusFor.set('/down', 503);
    const { endpoint } = await addEndpoint(other, '/down', ['order.paid']);
    for (let i = 0; i < 20; i += 1)
      expect(
        (await as(other, 'POST', `/api/developer/webhooks/${endpoint.id}/test`)).statusCode,
      ).toBe(202);
    await drain();
    const read = async () =>
      (await as(other, 'GET', '/api/developer/webhooks'))
        .json()
        .endpoints.find((e: { id: string }) => e.id === endpoint.id);
    expect(await read()).toMatchObject({ consecutiveFailures: 20, disabledAt: null });
    t.clock.advance(3 * 86_400_000);
    await drain();
    const off = await read();
    expect(off.disabledAt).not.toBeNull();
    expect(off.consecutiveFailures).toBeGreaterThanOrEqual(21);
    // Nothing more goes to a turned-off endpoint, however long its retries wait.
    const sent = at('/down').length;
    t.clock.advance(86_400_000);
    await drain();
    expect(at('/down')).toHaveLength(sent);
    const notes = await t.db.execute(
      sql`select type from notifications where user_id = ${other.id} and type = 'webhook_disabled'`,
    );
    expect(notes.rows).toHaveLength(1);
    expect(
      (await as(other, 'POST', `/api/developer/webhooks/${endpoint.id}/test`)).statusCode,
    ).toBe(409);
    const on = await as(other, 'PATCH', `/api/developer/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(on.json()).toMatchObject({ disabledAt: null, consecutiveFailures: 0 });
  });
});
