import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localWebhookDelivery } from '../../test/local-payments';

// Decision 029: the embeddable ticket widget. Only /embed pages may be framed; the
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
  const paid = await t.app.inject(
    localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_w',
    }),
  );
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

describe('ticket widget availability', () => {
  it('answers what is left of each visible type, briefly cached, with an ETag and 304s', async () => {
    const event = await createEvent(t.db, { userId: organizer.id, isFree: false });
    const last = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Last one',
      quantity: 1,
      priceCents: 4000,
    });
    await createTicketType(t.db, { eventId: event.id, name: 'Door', quantity: 5 });
    await createTicketType(t.db, { eventId: event.id, name: 'Crew', unlockCode: 'CREW' });
    const url = `/api/developer/widget/events/${event.id}/availability`;

    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const body = first.json();
    // Only what a visitor may know: no quantities, holds, sales or hidden types.
    expect(body).toEqual({
      eventId: event.id,
      buyable: true,
      ticketTypes: [
        {
          id: last.id,
          name: 'Last one',
          priceCents: 4000,
          currency: 'USD',
          status: 'on_sale',
          remaining: 1,
          label: '1 left',
        },
        expect.objectContaining({ name: 'Door', remaining: 5, label: '5 left' }),
      ],
    });
    const unchanged = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // Someone takes the last one (a checkout holds it): the widget learns it once the short
    // cache has passed, and the embed page greys it out.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: await t.sessionCookie(stranger) },
      payload: { items: [{ ticketTypeId: last.id, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    t.clock.advance(2000);
    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().ticketTypes[0]).toMatchObject({
      id: last.id,
      status: 'sold_out',
      remaining: 0,
      label: 'Sold out',
    });
    expect(after.json().buyable).toBe(true);
    const page = await t.app.inject({ url: `/embed/events/${event.id}` });
    expect(page.body).toContain(
      `<li data-type="${last.id}" class="off"><span>Last one <span class="left">Sold out</span>`,
    );
    expect(page.body).toContain('<button type="button" id="buy">Buy tickets</button>');
  });

  it('disables Buy when nothing is on sale, and knows only published public events', async () => {
    const event = await createEvent(t.db, { userId: organizer.id, isFree: false });
    await createTicketType(t.db, {
      eventId: event.id,
      name: 'Past',
      salesEnd: new Date(t.clock.now().getTime() - 1000),
    });
    const state = await t.app.inject({
      url: `/api/developer/widget/events/${event.id}/availability`,
    });
    expect(state.json()).toMatchObject({
      buyable: false,
      ticketTypes: [{ name: 'Past', status: 'ended', label: 'Sales have ended' }],
    });
    expect((await t.app.inject({ url: `/embed/events/${event.id}` })).body).toContain(
      '<button type="button" id="buy" disabled>Sold out</button>',
    );

    const draft = await createEvent(t.db, { userId: organizer.id, eventStatus: 'draft' });
    const hidden = await createEvent(t.db, { userId: organizer.id, visibility: 'private' });
    for (const id of [draft.id, hidden.id, randomUUID()]) {
      const answer = await t.app.inject({ url: `/api/developer/widget/events/${id}/availability` });
      expect(answer.statusCode, id).toBe(404);
    }
    const bad = await t.app.inject({ url: '/api/developer/widget/events/nope/availability' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('params.id');
  });
});
