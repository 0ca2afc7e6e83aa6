import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { LOCAL_SIGNATURE_HEADER, signLocalWebhook } from '../../platform/payments/local';
import { derivedKey } from '../../platform/secrets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 25, decision 029: the embeddable ticket widget. Only /embed pages may be framed; the
// popup ties the widget's random id to the buyer; the frame learns of the payment by that id.

let t: TestApp;
let organizer: CreatedUser;
let buyer: CreatedUser;
let stranger: CreatedUser;
let eventId: string;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  buyer = await createUser(t.db);
  stranger = await createUser(t.db);
  const event = await createEvent(t.db, {
    userId: organizer.id,
    isFree: false,
    createdAt: t.clock.now(),
  });
  eventId = event.id;
  typeId = (
    await createTicketType(t.db, { eventId, name: 'Standard', quantity: 10, priceCents: 2500 })
  ).id;
});
afterAll(async () => t?.close());

const nonce = () => randomBytes(24).toString('base64url');

async function pay(user: CreatedUser) {
  const cookie = await t.sessionCookie(user);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items: [{ ticketTypeId: typeId, quantity: 1 }] },
  });
  const order = placed.json<Order>();
  const created = Math.floor(t.clock.now().getTime() / 1000);
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'checkout.completed',
    created,
    data: {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      paymentRef: 'pi_w',
      amountCents: order.totalCents,
    },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/local',
    headers: {
      'content-type': 'application/json',
      [LOCAL_SIGNATURE_HEADER]: signLocalWebhook(
        derivedKey(t.config, 'local-payment-webhooks'),
        body,
        created,
      ),
    },
    payload: body,
  });
  expect(paid.json().outcome).toBe('paid');
  return order;
}

describe('ticket widget', () => {
  it('serves the embed page framable by any site, and nothing else', async () => {
    const page = await t.app.inject({ url: `/embed/events/${eventId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('Standard');
    expect(page.body).toContain('10 left');
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain(`/widget/checkout/${eventId}`);
    // The app's other pages, the payment page among them, still refuse every frame.
    for (const url of ['/api/health', '/pay/anything', `/event/${eventId}`]) {
      const other = await t.app.inject({ url });
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
    const script = await t.app.inject({ url: '/widget.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('mea:checkout-complete');
    expect(
      Buffer.byteLength(script.body) +
        Buffer.byteLength((await t.app.inject({ url: '/embed/embed.js' })).body),
    ).toBeLessThan(30_000);
    expect((await t.app.inject({ url: `/embed/events/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/embed/events/not-an-id' })).statusCode).toBe(404);
  });

  it('answers complete for the bound buyer’s payment only, by the widget’s id', async () => {
    const id = nonce();
    const state = () => t.app.inject({ url: `/api/developer/widget/checkouts/${id}` });
    expect((await state()).json()).toEqual({ status: 'waiting' });
    const bind = await t.app.inject({
      method: 'POST',
      url: '/api/developer/widget/checkouts',
      headers: { cookie: await t.sessionCookie(buyer) },
      payload: { nonce: id, eventId },
    });
    expect(bind.statusCode).toBe(204);
    // Someone else's payment for the same event does not complete this buyer's widget.
    await pay(stranger);
    expect((await state()).json()).toEqual({ status: 'waiting' });
    // Tying the same id again (another person) changes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/developer/widget/checkouts',
      headers: { cookie: await t.sessionCookie(stranger) },
      payload: { nonce: id, eventId },
    });
    expect((await state()).json()).toEqual({ status: 'waiting' });
    t.clock.advance(1000);
    const order = await pay(buyer);
    expect((await state()).json()).toEqual({ status: 'complete', orderId: order.id, eventId });
  });

  it('needs a session to tie an id and a well-formed id to ask', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/developer/widget/checkouts',
      payload: { nonce: nonce(), eventId },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/developer/widget/checkouts/short' })).statusCode).toBe(
      400,
    );
  });
});
