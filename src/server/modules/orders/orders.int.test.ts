import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { events } from '../../db/schema/events';
import { notifications } from '../../db/schema/notifications';
import { localRefunds, ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let buyer: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'other' | 'admin', string>;

beforeAll(async () => {
  // The oversell test signs in ten buyers at once.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  buyer = await createUser(t.db, { userType: 'attendee', fullName: 'Ada Obi' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(buyer),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });

async function paidEvent(
  options: { quantity?: number; priceCents?: number; capacity?: number } = {},
) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Afrobeats Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: options.capacity ?? null,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, {
    eventId: event.id,
    priceCents: options.priceCents ?? 2500,
    quantity: options.quantity ?? 10,
  });
  return { event, type };
}

async function order(
  who: Who,
  items: { ticketTypeId: string; quantity: number }[],
  extra: object = {},
  key?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...as(who), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { items, ...extra },
  });
}

const sessionOf = (o: Order) => o.checkoutUrl?.split('/pay/')[1] ?? 'none';

async function pay(o: Order, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionOf(o)}/pay`,
    payload: { name: 'Ada Obi', cardNumber, expiry: '12/30', cvc: '123' },
  });
}

async function remaining(typeId: string) {
  const [row] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
  return row?.remaining;
}

async function getOrder(id: string, who: Who = 'buyer') {
  return (
    await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: as(who) })
  ).json<Order>();
}

describe('checkout through the local provider', () => {
  it('holds stock for 10 minutes, takes the success card and issues tickets, counters, notifications and mail', async () => {
    const { event, type } = await paidEvent({ quantity: 10, priceCents: 2500 });
    const created = await order('buyer', [{ ticketTypeId: type.id, quantity: 3 }]);
    expect(created.statusCode).toBe(201);
    const pending = created.json<Order>();
    expect(pending).toMatchObject({
      status: 'pending',
      totalCents: 7500,
      currency: 'USD',
      tickets: [],
    });
    expect(new Date(pending.reservedUntil ?? 0).getTime() - t.clock.now().getTime()).toBe(
      10 * 60_000,
    );
    expect(pending.checkoutUrl).toMatch(/\/pay\/cs_local_/);
    expect(await remaining(type.id)).toBe(7);

    const session = await t.app.inject({
      method: 'GET',
      url: `/api/payments/local/sessions/${sessionOf(pending)}`,
    });
    expect(session.json()).toMatchObject({ status: 'open', amountCents: 7500, currency: 'USD' });

    const paid = await pay(pending);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    expect(paid.json().redirectUrl).toContain(
      `/mea/payment-success?success=true&session_id=${sessionOf(pending)}`,
    );

    const after = await getOrder(pending.id);
    expect(after.status).toBe('paid');
    expect(after.tickets).toHaveLength(3);
    expect(after.reservedUntil).toBeNull();
    expect(await remaining(type.id)).toBe(7);
    const [counters] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(counters).toMatchObject({
      totalTicketsSold: 3,
      paidTicketsSold: 3,
      freeTicketsSold: 0,
      earnings: 75,
    });

    const rows = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.metadata}->>'order_id' = ${pending.id}`);
    expect(
      rows.map((r) => `${r.type}:${r.userId === buyer.id ? 'buyer' : 'owner'}`).sort(),
    ).toEqual(['ticket_purchase:buyer', 'ticket_sale:owner']);
    const [mail] = await waitForCapturedMail(t.db, buyer.email);
    expect(mail?.subject).toBe(`Your 3 tickets for ${event.title}`);
    expect(mail?.attachments.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'application/pdf',
      'application/pdf',
    ]);

    // Paying the same session again changes nothing.
    expect((await pay(pending)).json()).toMatchObject({ status: 'succeeded' });
    expect((await getOrder(pending.id)).tickets).toHaveLength(3);
  });

  it('reports a declined card, keeps the hold and accepts another card', async () => {
    const { type } = await paidEvent();
    const pending = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    const declined = await pay(pending, '4000 0000 0000 0002');
    expect(declined.json()).toMatchObject({
      status: 'declined',
      message: 'Your card was declined. Please use another card.',
    });
    expect((await getOrder(pending.id)).status).toBe('pending');
    const failed = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.metadata}->>'order_id' = ${pending.id}`);
    expect(failed.map((n) => n.type)).toEqual(['payment_failed']);
    expect((await pay(pending)).json().status).toBe('succeeded');
    expect((await getOrder(pending.id)).status).toBe('paid');
  });

  it('asks the 3155 card for an extra step that can fail or succeed', async () => {
    const { type } = await paidEvent();
    const pending = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    expect((await pay(pending, '4000 0025 0000 3155')).json().status).toBe('requires_action');
    const confirm = (approve: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/local/sessions/${sessionOf(pending)}/confirm`,
        payload: { approve },
      });
    expect((await confirm(false)).json().status).toBe('declined');
    expect((await getOrder(pending.id)).status).toBe('pending');
    expect((await pay(pending, '4000 0025 0000 3155')).json().status).toBe('requires_action');
    expect((await confirm(true)).json().status).toBe('succeeded');
    expect((await getOrder(pending.id)).status).toBe('paid');
  });

  it('rejects a mistyped card number and a past expiry, naming the field', async () => {
    const { type } = await paidEvent();
    const pending = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionOf(pending)}/pay`,
      payload: { name: 'A', cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([
      { field: 'body.cardNumber', message: 'Please enter a valid card number' },
    ]);
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionOf(pending)}/pay`,
      payload: { name: 'A', cardNumber: '4242424242424242', expiry: '01/20', cvc: '123' },
    });
    expect(expired.json().error.details.fields[0].field).toBe('body.expiry');
  });

  it('says sold out and how many are left', async () => {
    const { type } = await paidEvent({ quantity: 3 });
    const tooMany = await order('buyer', [{ ticketTypeId: type.id, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Only 3 tickets are left');
    expect((await order('buyer', [{ ticketTypeId: type.id, quantity: 3 }])).statusCode).toBe(201);
    const none = await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }]);
    expect(none.json().error.message).toBe('Sold out');
    expect(await remaining(type.id)).toBe(0);
  });

  it('puts expired holds back on sale, lazily and when the buyer cancels', async () => {
    const { event, type } = await paidEvent({ quantity: 2 });
    const first = (await order('buyer', [{ ticketTypeId: type.id, quantity: 2 }])).json<Order>();
    expect(
      (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json().error.message,
    ).toBe('Sold out');
    t.clock.advance(10 * 60_000 + 1);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/ticket-types`,
    });
    expect(listed.json().ticketTypes[0]).toMatchObject({ remaining: 2, availability: 'on_sale' });
    expect((await getOrder(first.id)).status).toBe('expired');

    const second = (await order('buyer', [{ ticketTypeId: type.id, quantity: 2 }])).json<Order>();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second.id}/cancel`,
      headers: as('buyer'),
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await remaining(type.id)).toBe(2);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second.id}/cancel`,
      headers: as('buyer'),
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes a payment that arrives after its hold expired when stock remains, and refunds it when not', async () => {
    const { type } = await paidEvent({ quantity: 1 });
    const late = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    t.clock.advance(11 * 60_000);
    expect((await pay(late)).json().status).toBe('succeeded');
    expect((await getOrder(late.id)).status).toBe('paid');
    expect(await remaining(type.id)).toBe(0);

    const other = await paidEvent({ quantity: 1 });
    const tooLate = (
      await order('buyer', [{ ticketTypeId: other.type.id, quantity: 1 }])
    ).json<Order>();
    t.clock.advance(11 * 60_000);
    // Someone else buys the released ticket first.
    const rival = (
      await order('owner', [{ ticketTypeId: other.type.id, quantity: 1 }])
    ).json<Order>();
    expect(rival.status).toBe('pending');
    expect((await pay(tooLate)).json().status).toBe('succeeded');
    const refunded = await getOrder(tooLate.id);
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 2500, tickets: [] });
    const refunds = await t.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.idempotencyKey, `late-payment:${tooLate.id}`));
    expect(refunds).toHaveLength(1);
    expect(await remaining(other.type.id)).toBe(0);
  });
});

describe('idempotency keys', () => {
  it('returns the same order for the same key and body, takes stock once, and refuses another body', async () => {
    const { type } = await paidEvent({ quantity: 10 });
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        order('buyer', [{ ticketTypeId: type.id, quantity: 2 }], {}, key),
      ),
    );
    expect(new Set(responses.map((r) => r.json<Order>().id)).size).toBe(1);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await remaining(type.id)).toBe(8);
    const different = await order('buyer', [{ ticketTypeId: type.id, quantity: 3 }], {}, key);
    expect(different.statusCode).toBe(422);
    expect(different.json().error.message).toBe(
      'This Idempotency-Key was already used for a different order',
    );
    // Keys belong to their user: another buyer's same key is another order.
    const theirs = await order('other', [{ ticketTypeId: type.id, quantity: 2 }], {}, key);
    expect(theirs.json<Order>().id).not.toBe(responses[0]?.json<Order>().id);
  });
});

describe('never oversells', () => {
  it('lets exactly capacity of 5× capacity parallel purchases through', async () => {
    const capacity = 20;
    const { type } = await paidEvent({ quantity: capacity });
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => t.signIn(await createUser(t.db))),
    );
    const results = await Promise.all(
      Array.from({ length: capacity * 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: buyers[i % buyers.length] ?? '' },
          payload: { items: [{ ticketTypeId: type.id, quantity: 1 }] },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(capacity);
    expect(codes.filter((c) => c === 409)).toHaveLength(capacity * 4);
    expect(await remaining(type.id)).toBe(0);
  });
});

describe('free registration', () => {
  it('registers once per person, counts the sign-up and tells both sides', async () => {
    const event = await createEvent(t.db, {
      userId: owner.id,
      title: 'Community Salsa Social',
      capacity: 50,
      createdAt: t.clock.now(),
    });
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      headers: as('buyer'),
      payload: {},
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Order>()).toMatchObject({ status: 'paid', totalCents: 0, checkoutUrl: null });
    expect(first.json<Order>().tickets).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      headers: as('buyer'),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already registered for this event');
    // The page knows it by its reason, whatever language the message is in.
    expect(again.json().error.details).toEqual({ reason: 'ALREADY_REGISTERED' });
    const [counters] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(counters).toMatchObject({
      signupCount: 1,
      freeTicketsSold: 1,
      totalTicketsSold: 1,
      paidTicketsSold: 0,
    });
    const types = await t.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id));
    expect(types).toMatchObject([
      { name: 'General admission', priceCents: 0, quantity: 50, remaining: 49 },
    ]);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.relatedId} = ${event.id}`);
    expect(sent.map((n) => n.type).sort()).toEqual(['event_registration', 'ticket_sale']);
    await waitForCapturedMail(t.db, buyer.email, { count: 1 });
  });
});

describe('who may see and refund an order', () => {
  it('shows an order to its buyer, the event owner and admins only', async () => {
    const { type } = await paidEvent();
    const created = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    const status = async (who: Who) =>
      (await t.app.inject({ method: 'GET', url: `/api/orders/${created.id}`, headers: as(who) }))
        .statusCode;
    expect(await status('buyer')).toBe(200);
    expect(await status('owner')).toBe(200);
    expect(await status('admin')).toBe(200);
    expect(await status('other')).toBe(404);
    expect(await status('signedOut')).toBe(401);
  });

  it('refunds in part, then in full: tickets void, stock back, counters down', async () => {
    const { event, type } = await paidEvent({ quantity: 5, priceCents: 2000 });
    const created = (await order('buyer', [{ ticketTypeId: type.id, quantity: 2 }])).json<Order>();
    await pay(created);
    const refund = (who: Who, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${created.id}/refund`,
        headers: as(who),
        payload,
      });
    expect((await refund('other', {})).statusCode).toBe(404);
    expect((await refund('buyer', {})).statusCode).toBe(404);
    expect((await refund('signedOut', {})).statusCode).toBe(401);
    const partial = await refund('owner', { amountCents: 1000 });
    expect(partial.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1000 });
    expect((await refund('owner', { amountCents: 5000 })).json().error.message).toBe(
      'The refund is more than what is left to refund',
    );
    const full = await refund('admin', {});
    expect(full.json()).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    expect(full.json<Order>().tickets.map((x) => x.status)).toEqual(['void', 'void']);
    expect(await remaining(type.id)).toBe(5);
    const [counters] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(counters).toMatchObject({ totalTicketsSold: 0, paidTicketsSold: 0, earnings: 0 });
    expect((await refund('owner', {})).statusCode).toBe(409);
  });
});

describe('payment return (spec §4)', () => {
  it('creates payment_success once, inside the 10-minute window only', async () => {
    const { type } = await paidEvent();
    const created = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    await pay(created);
    const back = (who: Who, storedAt = t.clock.now().getTime()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/return',
        headers: as(who),
        payload: { sessionId: created.paymentSessionId, storedAt },
      });
    expect((await back('other')).statusCode).toBe(404);
    expect((await back('buyer')).json()).toMatchObject({
      status: 'paid',
      notified: true,
      amountCents: 2500,
    });
    expect((await back('buyer')).json().notified).toBe(false);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.type} = 'payment_success' and ${notifications.userId} = ${buyer.id}`,
      );
    expect(rows).toHaveLength(1);

    const later = (await order('buyer', [{ ticketTypeId: type.id, quantity: 1 }])).json<Order>();
    await pay(later);
    const storedAt = t.clock.now().getTime();
    t.clock.advance(10 * 60_000);
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      headers: as('buyer'),
      payload: { sessionId: later.paymentSessionId, storedAt },
    });
    expect(outside.json().notified).toBe(false);
  });

  it('refuses checkout while signed out with the spec texts', async () => {
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      payload: { planId: 'pro', quantity: 1, isVendorFee: false },
    });
    expect(plan.statusCode).toBe(401);
    expect(plan.json().error).toMatchObject({
      message: 'Please log in to subscribe to a plan.',
      details: { title: 'Authentication Required' },
    });
  });
});

describe('in the reader’s language', () => {
  it('answers an unknown ticket type in German, the code unchanged, and tells a Spanish-speaking organizer of a sale in Spanish', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...as('buyer'), 'accept-language': 'de' },
      payload: { items: [{ ticketTypeId: randomUUID(), quantity: 1 }] },
    });
    expect(unknown.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Ticketart nicht gefunden' },
    });

    const organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Lucía Gómez' });
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, organizer.id));
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Noche de Salsa',
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 2500, quantity: 5 });
    const placed = await order('buyer', [{ ticketTypeId: type.id, quantity: 2 }]);
    expect((await pay(placed.json<Order>())).statusCode).toBe(200);
    const [sale] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, organizer.id), eq(notifications.type, 'ticket_sale')));
    expect(sale).toMatchObject({
      title: 'Nueva venta de entradas',
      // Intl writes the amount as Spanish readers do, a no-break space before the currency.
      message: 'Ada Obi compró 2 entradas para Noche de Salsa (50,00\u00a0US$).',
    });
  });
});
