import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxOfficeTotal,
  type BoxOfficeCatalog,
  type BoxOfficeSale,
} from '../../../contracts/box-office';
import { boxOfficeSales } from '../../db/schema/box-office';
import { tickets, ticketTypes } from '../../db/schema/tickets';
import { startFakeStripe, type FakeStripe, type StripeEventPayload } from '../../test/fake-stripe';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import type { Sender } from '../../test/request-as';
import { RealtimeClient } from '../../test/realtime-client';
import { joinTeam } from '../../test/team-member';
import type { ClientFrame, ServerFrame } from '../../../contracts/realtime';

// Card on the buyer's phone with Stripe: the box office's sale opens a hosted Checkout Session
// (its URL becomes a QR code on the desk), Stripe's signed webhook settles it, and a sale given
// up or left to expire gives its tickets back.

const WEBHOOK_SECRET = 'whsec_box_office';

let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());

const door = useDoorApp({
  env: () => ({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  }),
});
const { call } = door;

const newEvent = async () => {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `QR Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, {
    eventId: event.id,
    priceCents: 3000,
    quantity: 10,
    name: 'Standing',
  });
  return { event, type };
};

const phoneSale = (who: Sender<DoorWho>, eventId: string, ticketTypeId: string, quantity = 2) =>
  call(
    who,
    'POST',
    `/api/door/events/${eventId}/box-office/sales`,
    { items: [{ ticketTypeId, quantity }], method: 'card', cardOn: 'phone' },
    { 'idempotency-key': randomUUID() },
  );

const deliver = (event: StripeEventPayload) => {
  const { body, headers } = stripe.signedWebhook(event, { secret: WEBHOOK_SECRET });
  return door.t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers,
    payload: body,
  });
};

const remaining = async (id: string) =>
  (await door.t.db.select().from(ticketTypes).where(eq(ticketTypes.id, id)))[0]?.remaining;

const sessionOf = (sale: BoxOfficeSale) => {
  const id = sale.checkoutUrl?.split('/').pop() ?? '';
  const session = stripe.sessions.get(id);
  if (!session) throw new Error(`no Stripe session behind ${sale.checkoutUrl}`);
  return session;
};

const saleUrl = (eventId: string, orderId: string) =>
  `/api/door/events/${eventId}/box-office/sales/${orderId}`;

describe('box office: card on the buyer’s phone (Stripe)', () => {
  it('opens a hosted checkout for the sale, which one signed webhook settles once', async () => {
    const { event, type } = await newEvent();
    const sold = await phoneSale('owner', event.id, type.id);
    expect(sold.statusCode, sold.body).toBe(200);
    const sale = sold.json<BoxOfficeSale>();
    expect(sale).toMatchObject({ status: 'pending', method: 'card', totalCents: 6000 });
    expect(sale.checkoutUrl).toContain(stripe.url);
    const session = sessionOf(sale);
    expect(session).toMatchObject({
      amount_total: 6000,
      client_reference_id: sale.orderId,
      // The buyer's phone comes back to the payment pages, not to the staff's app.
      success_url: expect.stringContaining('/mea/payment-success'),
    });
    // A walk-in's made-up address is not sent to Stripe.
    expect(session.customer_email ?? null).toBeNull();
    // Held through the same engine as online orders, and recorded as this seller's card sale.
    expect(await remaining(type.id)).toBe(8);
    const [record] = await door.t.db
      .select()
      .from(boxOfficeSales)
      .where(eq(boxOfficeSales.orderId, sale.orderId));
    expect(record).toMatchObject({ method: 'card', sellerId: door.owner.id });

    const completed = stripe.completeSession(session.id);
    const deliveries = await Promise.all([deliver(completed), deliver(completed)]);
    expect(deliveries.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    expect((await deliver(completed)).json().outcome).toBe('duplicate');

    const after = (
      await call('owner', 'GET', saleUrl(event.id, sale.orderId))
    ).json<BoxOfficeSale>();
    expect(after.status).toBe('paid');
    expect(after.checkoutUrl).toBeNull();
    expect(after.tickets).toHaveLength(2);
    const issued = await door.t.db.select().from(tickets).where(eq(tickets.orderId, sale.orderId));
    expect(issued).toHaveLength(2);
    expect(await remaining(type.id)).toBe(8);
    // Paid: then the desk admits as for any payment; it can no longer be cancelled.
    const admitted = await call('owner', 'POST', `${saleUrl(event.id, sale.orderId)}/admit`);
    expect(admitted.json<BoxOfficeSale>().tickets.map((x) => x.status)).toEqual([
      'checked_in',
      'checked_in',
    ]);
    const late = await call('owner', 'POST', `${saleUrl(event.id, sale.orderId)}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Only a sale waiting for its card payment can be cancelled',
    );
  });

  it('gives the tickets back when the checkout expires unpaid, or when the seller cancels', async () => {
    const { event, type } = await newEvent();
    const expiring = (await phoneSale('owner', event.id, type.id, 3)).json<BoxOfficeSale>();
    const cancelling = (await phoneSale('owner', event.id, type.id, 2)).json<BoxOfficeSale>();
    expect(await remaining(type.id)).toBe(5);

    const expired = stripe.expireSession(sessionOf(expiring).id);
    expect((await deliver(expired)).json().outcome).toBe('expired');
    expect((await deliver(expired)).json().outcome).toBe('duplicate');
    expect(await remaining(type.id)).toBe(8);
    const shown = (
      await call('owner', 'GET', saleUrl(event.id, expiring.orderId))
    ).json<BoxOfficeSale>();
    expect(shown).toMatchObject({ status: 'expired', checkoutUrl: null, tickets: [] });

    const session = sessionOf(cancelling);
    const cancelled = await call(
      'owner',
      'POST',
      `${saleUrl(event.id, cancelling.orderId)}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<BoxOfficeSale>()).toMatchObject({ status: 'cancelled', tickets: [] });
    expect(await remaining(type.id)).toBe(10);
    // Stripe's session is closed too: the QR code can no longer be paid.
    expect(stripe.sessions.get(session.id)?.status).toBe('expired');
    // Twice: nothing more to release.
    const again = await call('owner', 'POST', `${saleUrl(event.id, cancelling.orderId)}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(await remaining(type.id)).toBe(10);
  });

  it('lets the organizer, admins and the box office cancel; others are refused', async () => {
    const { event, type } = await newEvent();
    const boxOffice = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const checkIn = await joinTeam(door.t, door.cookies.owner, 'check_in');
    const senders: Sender<DoorWho>[] = [
      { cookie: checkIn.cookie },
      'other',
      'signedOut',
      'owner',
      { cookie: boxOffice.cookie },
      'admin',
    ];
    // The box office member sells by phone as any seller does.
    const sold = await phoneSale({ cookie: boxOffice.cookie }, event.id, type.id, 1);
    expect(sold.statusCode, sold.body).toBe(200);
    const statuses = [];
    for (const who of senders) {
      const sale = (await phoneSale('owner', event.id, type.id, 1)).json<BoxOfficeSale>();
      statuses.push(
        (await call(who, 'POST', `${saleUrl(event.id, sale.orderId)}/cancel`)).statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 401, 200, 200, 200]);
    // Three refused cancellations still hold their ticket, with the box office's own sale.
    expect(await remaining(type.id)).toBe(6);
    expect(
      (await call('owner', 'POST', `${saleUrl(event.id, randomUUID())}/cancel`)).statusCode,
    ).toBe(404);
  });
});

describe('box office: the desk told of the phone payment on its realtime socket', () => {
  beforeAll(async () => {
    // Listening: the desk's socket connects to the app.
    await door.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const desk = async (cookie?: string) => {
    const socket = new RealtimeClient(door.t, cookie ? { cookie } : {});
    if (cookie) await socket.ready();
    return socket;
  };
  const send = (socket: RealtimeClient, frame: ClientFrame) =>
    socket.socket.send(JSON.stringify(frame));
  /** The server's answer to the watch sent after the socket had `from` frames. */
  const answerTo = (socket: RealtimeClient, orderId: string, from: number) =>
    socket.waitFor(
      (c) =>
        c.frames
          .slice(from)
          .find(
            (f) =>
              (f.type === 'box_office_sale_watching' || f.type === 'box_office_sale_refused') &&
              f.orderId === orderId,
          ),
      10_000,
    );
  const watch = async (socket: RealtimeClient, eventId: string, orderId: string) => {
    const from = socket.frames.length;
    send(socket, { type: 'box_office_sale_watch', eventId, orderId });
    return (await answerTo(socket, orderId, from)).type;
  };
  const told = (socket: RealtimeClient, orderId: string) =>
    socket.waitFor(
      (c) =>
        c.frames.find(
          (f): f is Extract<ServerFrame, { type: 'box_office_sale' }> =>
            f.type === 'box_office_sale' && f.orderId === orderId,
        ),
      10_000,
    );
  const saleFrames = (socket: RealtimeClient) =>
    socket.frames.filter((f) => f.type === 'box_office_sale');

  it('tells the watching desks when the webhook marks the sale paid or expired, or it is cancelled', async () => {
    const { event, type } = await newEvent();
    const boxOffice = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const sales: BoxOfficeSale[] = [];
    for (let i = 0; i < 3; i++)
      sales.push((await phoneSale('owner', event.id, type.id, 1)).json<BoxOfficeSale>());
    const [toPay, toExpire, toCancel] = sales as [BoxOfficeSale, BoxOfficeSale, BoxOfficeSale];
    const owner = await desk(door.cookies.owner);
    const seller = await desk(boxOffice.cookie);
    for (const sale of sales)
      expect(await watch(owner, event.id, sale.orderId)).toBe('box_office_sale_watching');
    expect(await watch(seller, event.id, toPay.orderId)).toBe('box_office_sale_watching');

    expect((await deliver(stripe.completeSession(sessionOf(toPay).id))).json().outcome).toBe(
      'paid',
    );
    for (const socket of [owner, seller])
      expect(await told(socket, toPay.orderId)).toEqual({
        type: 'box_office_sale',
        eventId: event.id,
        orderId: toPay.orderId,
        status: 'paid',
      });
    expect((await deliver(stripe.expireSession(sessionOf(toExpire).id))).json().outcome).toBe(
      'expired',
    );
    expect((await told(owner, toExpire.orderId)).status).toBe('expired');
    const cancelled = await call('owner', 'POST', `${saleUrl(event.id, toCancel.orderId)}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await told(owner, toCancel.orderId)).status).toBe('cancelled');
    // One frame per settled sale, and the seller heard only the sale it watched.
    expect(saleFrames(owner)).toHaveLength(3);
    expect(saleFrames(seller)).toHaveLength(1);
    owner.close();
    seller.close();
  });

  it('lets only the event’s sellers watch a sale; the others hear nothing of it', async () => {
    const { event, type } = await newEvent();
    const sale = (await phoneSale('owner', event.id, type.id, 1)).json<BoxOfficeSale>();
    const boxOffice = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const checkIn = await joinTeam(door.t, door.cookies.owner, 'check_in');
    const people = {
      owner: await desk(door.cookies.owner),
      boxOffice: await desk(boxOffice.cookie),
      admin: await desk(door.cookies.admin),
      checkIn: await desk(checkIn.cookie),
      other: await desk(door.cookies.other),
      buyer: await desk(door.cookies.buyer),
    };
    const answers: Record<string, string> = {};
    for (const [who, socket] of Object.entries(people))
      answers[who] = await watch(socket, event.id, sale.orderId);
    expect(answers).toEqual({
      owner: 'box_office_sale_watching',
      boxOffice: 'box_office_sale_watching',
      admin: 'box_office_sale_watching',
      checkIn: 'box_office_sale_refused',
      other: 'box_office_sale_refused',
      buyer: 'box_office_sale_refused',
    });
    // Another event's id with this sale, or an unknown sale: refused too.
    const elsewhere = await newEvent();
    expect(await watch(people.owner, elsewhere.event.id, sale.orderId)).toBe(
      'box_office_sale_refused',
    );
    const unknown = randomUUID();
    expect(await watch(people.owner, event.id, unknown)).toBe('box_office_sale_refused');
    // Signed out: no socket at all.
    const signedOut = await desk();
    await signedOut.waitFor((c) => c.closed, 10_000);
    expect(signedOut.closed?.code).toBe(4401);

    expect((await deliver(stripe.completeSession(sessionOf(sale).id))).json().outcome).toBe('paid');
    await told(people.admin, sale.orderId);
    await told(people.owner, sale.orderId);
    await told(people.boxOffice, sale.orderId);
    // The refused sockets were never added: the sale's one frame went to the three watchers.
    for (const socket of [people.checkIn, people.other, people.buyer])
      expect(saleFrames(socket)).toEqual([]);
    for (const socket of Object.values(people)) socket.close();
  });
});

describe('box office: the seller’s total', () => {
  it('equals the sale’s real total with tax on top and with tax inside the prices', async () => {
    for (const pricesIncludeTax of [false, true]) {
      const { event, type } = await newEvent();
      const rate = await call('owner', 'POST', '/api/tax-rates', {
        name: `VAT ${randomUUID().slice(0, 4)}`,
        percent: '8.875',
      });
      expect(rate.statusCode, rate.body).toBe(201);
      const taxed = await call('owner', 'PUT', `/api/events/${event.id}/tax-settings`, {
        pricesIncludeTax,
        assignments: [{ ticketTypeId: type.id, taxRateId: rate.json().id }],
      });
      expect(taxed.statusCode, taxed.body).toBe(200);
      const catalog = (
        await call('owner', 'GET', `/api/door/events/${event.id}/box-office`)
      ).json<BoxOfficeCatalog>();
      const [priced] = catalog.ticketTypes;
      expect(priced).toMatchObject({ taxRateThousandths: 8875, taxAdded: !pricesIncludeTax });
      const shown = boxOfficeTotal(
        [{ type: priced as NonNullable<typeof priced>, quantity: 3 }],
        catalog.currency,
      );
      const sold = await call(
        'owner',
        'POST',
        `/api/door/events/${event.id}/box-office/sales`,
        { items: [{ ticketTypeId: type.id, quantity: 3 }], method: 'cash' },
        { 'idempotency-key': randomUUID() },
      );
      expect(sold.statusCode, sold.body).toBe(200);
      // 3 × 30.00 = 90.00; 8.875 % on top is 7.99 (7.9875 rounded), inside it changes nothing.
      expect(sold.json<BoxOfficeSale>().totalCents).toBe(pricesIncludeTax ? 9000 : 9799);
      expect(shown).toBe(sold.json<BoxOfficeSale>().totalCents);
    }
  });
});
