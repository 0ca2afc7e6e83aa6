import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityPool } from '../../../contracts/capacity-pools';
import type { Order, TicketType } from '../../../contracts/tickets';
import { capacityPools } from '../../db/schema/capacity-pools';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'buyer2' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Amara Nwosu' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    buyer2: await t.signIn(await createUser(t.db, { fullName: 'Tunde Ade' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

/** A paid event with "Day pass" and "VIP" (20 each) and a hidden "Crew" type. */
async function newEvent() {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Harbour Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const day = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Day pass',
    quantity: 20,
    priceCents: 2500,
  });
  const vip = await createTicketType(t.db, {
    eventId: event.id,
    name: 'VIP',
    quantity: 20,
    priceCents: 9000,
  });
  return { event, day, vip };
}

async function newPool(eventId: string, body: object) {
  const response = await call('owner', 'POST', `/api/events/${eventId}/capacity-pools`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CapacityPool>();
}

const buy = (who: Who, items: { ticketTypeId: string; quantity: number }[], extra = {}) =>
  call(who, 'POST', '/api/orders', { items, ...extra }, { 'idempotency-key': randomUUID() });

async function poolOf(eventId: string, id: string) {
  const list = await call('owner', 'GET', `/api/events/${eventId}/capacity-pools`);
  expect(list.statusCode).toBe(200);
  return list.json<{ pools: CapacityPool[] }>().pools.find((p) => p.id === id);
}

async function buyerTypes(eventId: string) {
  const response = await call('signedOut', 'GET', `/api/events/${eventId}/ticket-types`);
  return response.json<{ ticketTypes: TicketType[] }>().ticketTypes;
}

describe('who may manage pools', () => {
  it('the owner and an admin may; another organizer, a buyer and a visitor may not', async () => {
    const { event, day, vip } = await newEvent();
    const body = { name: 'Hall', capacity: 30, ticketTypeIds: [day.id, vip.id] };
    expect(
      (await call('other', 'POST', `/api/events/${event.id}/capacity-pools`, body)).statusCode,
    ).toBe(403);
    expect(
      (await call('buyer', 'POST', `/api/events/${event.id}/capacity-pools`, body)).statusCode,
    ).toBe(403);
    expect(
      (await call('signedOut', 'POST', `/api/events/${event.id}/capacity-pools`, body)).statusCode,
    ).toBe(401);
    const pool = await newPool(event.id, body);
    expect(pool).toMatchObject({ name: 'Hall', capacity: 30, sold: 0, held: 0, left: 30 });
    expect(new Set(pool.ticketTypeIds)).toEqual(new Set([day.id, vip.id]));

    for (const who of ['other', 'buyer'] as const) {
      expect((await call(who, 'GET', `/api/events/${event.id}/capacity-pools`)).statusCode).toBe(
        403,
      );
      expect(
        (await call(who, 'PATCH', `/api/capacity-pools/${pool.id}`, { capacity: 5 })).statusCode,
      ).toBe(403);
      expect((await call(who, 'DELETE', `/api/capacity-pools/${pool.id}`)).statusCode).toBe(403);
    }
    expect(
      (await call('signedOut', 'GET', `/api/events/${event.id}/capacity-pools`)).statusCode,
    ).toBe(401);
    const admin = await call('admin', 'PATCH', `/api/capacity-pools/${pool.id}`, {
      name: 'Main hall',
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json<CapacityPool>().name).toBe('Main hall');
    expect((await call('owner', 'DELETE', `/api/capacity-pools/${pool.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/capacity-pools/${pool.id}`)).statusCode).toBe(404);
  });

  it('names the field for bad input and for types of another event', async () => {
    const { event, day } = await newEvent();
    const elsewhere = await newEvent();
    const none = await call('owner', 'POST', `/api/events/${event.id}/capacity-pools`, {
      name: ' ',
      capacity: 0,
      ticketTypeIds: [],
    });
    expect(none.statusCode).toBe(400);
    const fields = none.json<{ error: { details: { fields: { field: string }[] } } }>().error
      .details.fields;
    expect(fields.map((f) => f.field).sort()).toEqual(
      ['body.capacity', 'body.name', 'body.ticketTypeIds'].sort(),
    );
    const foreign = await call('owner', 'POST', `/api/events/${event.id}/capacity-pools`, {
      name: 'Hall',
      capacity: 10,
      ticketTypeIds: [day.id, elsewhere.day.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('Please choose ticket types of this event');
  });
});

describe('holding against a pool', () => {
  it('takes from the type and the pool; a short pool names the types that share it', async () => {
    const { event, day, vip } = await newEvent();
    const pool = await newPool(event.id, {
      name: 'Hall',
      capacity: 5,
      ticketTypeIds: [day.id, vip.id],
    });
    expect((await buy('buyer', [{ ticketTypeId: day.id, quantity: 3 }])).statusCode).toBe(201);
    const short = await buy('buyer2', [{ ticketTypeId: vip.id, quantity: 3 }]);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 2 places are left for these tickets together: Day pass, VIP',
      details: { ticketTypeId: vip.id, remaining: 2, poolId: pool.id },
    });
    // The general path (a discount code sends the order there) words it the same.
    await call('owner', 'POST', `/api/events/${event.id}/discount-codes`, {
      code: 'JAZZ10',
      kind: 'percent',
      amount: 10,
    });
    const general = await buy('buyer2', [{ ticketTypeId: vip.id, quantity: 3 }], {
      discountCode: 'JAZZ10',
    });
    expect(general.json().error.message).toBe(short.json().error.message);
    const french = await call(
      'buyer2',
      'POST',
      '/api/orders',
      { items: [{ ticketTypeId: vip.id, quantity: 3 }] },
      { 'accept-language': 'fr', 'idempotency-key': randomUUID() },
    );
    expect(french.json().error.code).toBe('CONFLICT');
    expect(french.json().error.message).toBe(
      'Il ne reste que 2 places pour ces billets ensemble : Day pass, VIP',
    );

    expect((await buy('buyer2', [{ ticketTypeId: vip.id, quantity: 2 }])).statusCode).toBe(201);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ sold: 0, held: 5, left: 0 });
    // The buyer sees the smaller of type and pool.
    const types = await buyerTypes(event.id);
    expect(types.map((x) => [x.name, x.remaining, x.availability])).toEqual([
      ['Day pass', 0, 'sold_out'],
      ['VIP', 0, 'sold_out'],
    ]);
    const none = await buy('buyer', [{ ticketTypeId: day.id, quantity: 1 }]);
    expect(none.json().error.message).toBe(
      'No places are left for these tickets together: Day pass, VIP',
    );
  });

  it('gives pool stock back once on cancel, expiry and refund', async () => {
    const { event, day, vip } = await newEvent();
    const pool = await newPool(event.id, {
      name: 'Hall',
      capacity: 6,
      ticketTypeIds: [day.id, vip.id],
    });
    const a = (await buy('buyer', [{ ticketTypeId: day.id, quantity: 2 }])).json<Order>();
    const b = (await buy('buyer', [{ ticketTypeId: vip.id, quantity: 2 }])).json<Order>();
    const c = (
      await buy('buyer2', [
        { ticketTypeId: day.id, quantity: 1 },
        { ticketTypeId: vip.id, quantity: 1 },
      ])
    ).json<Order>();
    expect(await poolOf(event.id, pool.id)).toMatchObject({ held: 6, left: 0 });

    // Cancel: back at once, and a second cancel changes nothing.
    expect((await call('buyer', 'POST', `/api/orders/${a.id}/cancel`)).statusCode).toBe(200);
    expect((await call('buyer', 'POST', `/api/orders/${a.id}/cancel`)).statusCode).toBe(409);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ held: 4, left: 2 });

    // Pay b; let c's hold run out: it comes back when anyone looks, once.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${b.paymentSessionId}/pay`,
      payload: { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    t.clock.advance(10 * 60_000 + 1);
    await buyerTypes(event.id);
    await buyerTypes(event.id);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ sold: 2, held: 0, left: 4 });
    expect((await call('buyer2', 'GET', `/api/orders/${c.id}`)).json<Order>().status).toBe(
      'expired',
    );

    // Refund b in full: its places go back; a second refund is refused.
    expect((await call('owner', 'POST', `/api/orders/${b.id}/refund`, {})).statusCode).toBe(200);
    expect((await call('owner', 'POST', `/api/orders/${b.id}/refund`, {})).statusCode).toBe(409);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ sold: 0, held: 0, left: 6 });
  });

  it('a product sold alone draws on its pool, and a refund gives its places back', async () => {
    const { event, day } = await newEvent();
    const created = await call('owner', 'POST', `/api/events/${event.id}/products`, {
      name: 'Parking',
      priceCents: 1500,
      soldAlone: true,
      variations: [{ label: '', quantity: 10 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const parking = created.json<{ variations: { ticketTypeId: string }[] }>().variations[0]
      ?.ticketTypeId as string;
    const pool = await newPool(event.id, {
      name: 'Car park and hall',
      capacity: 4,
      ticketTypeIds: [day.id, parking],
    });
    const order = await buy('buyer', [{ ticketTypeId: parking, quantity: 3 }]);
    expect(order.statusCode, order.body).toBe(201);
    const short = await buy('buyer2', [{ ticketTypeId: day.id, quantity: 2 }]);
    expect(short.json().error.message).toBe(
      'Only 1 place is left for these tickets together: Day pass, Parking',
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${order.json<Order>().paymentSessionId}/pay`,
      payload: { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ sold: 3, held: 0, left: 1 });
    const refunded = await call(
      'owner',
      'POST',
      `/api/orders/${order.json<Order>().id}/refund`,
      {},
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await poolOf(event.id, pool.id)).toMatchObject({ sold: 0, held: 0, left: 4 });
  });

  it('"Duplicate event" copies pools over the copied types, full', async () => {
    const { event, day, vip } = await newEvent();
    await newPool(event.id, { name: 'Hall', capacity: 12, ticketTypeIds: [day.id, vip.id] });
    expect((await buy('buyer', [{ ticketTypeId: day.id, quantity: 2 }])).statusCode).toBe(201);
    const copy = await call('owner', 'POST', `/api/events/${event.id}/duplicate`, {
      startsAt: '2031-05-01T18:00:00.000Z',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json<{ id: string }>().id;
    const pools = (await call('owner', 'GET', `/api/events/${copyId}/capacity-pools`)).json<{
      pools: CapacityPool[];
    }>().pools;
    expect(pools).toHaveLength(1);
    expect(pools[0]).toMatchObject({ name: 'Hall', capacity: 12, sold: 0, held: 0, left: 12 });
    expect(pools[0]?.ticketTypeIds).toHaveLength(2);
    expect(pools[0]?.ticketTypeIds).not.toContain(day.id);
  });

  it('refuses a capacity below what is sold or held, and counts sales of a type added later', async () => {
    const { event, day, vip } = await newEvent();
    expect((await buy('buyer', [{ ticketTypeId: vip.id, quantity: 4 }])).statusCode).toBe(201);
    const pool = await newPool(event.id, { name: 'Hall', capacity: 6, ticketTypeIds: [day.id] });
    expect(pool.left).toBe(6);
    // VIP joins with its 4 held places.
    const joined = await call('owner', 'PATCH', `/api/capacity-pools/${pool.id}`, {
      ticketTypeIds: [day.id, vip.id],
    });
    expect(joined.json<CapacityPool>()).toMatchObject({ held: 4, left: 2 });
    const lower = await call('owner', 'PATCH', `/api/capacity-pools/${pool.id}`, { capacity: 3 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Capacity cannot be less than the places already sold or held',
      details: { fields: [{ field: 'body.capacity' }] },
    });
    const spanish = await call(
      'owner',
      'PATCH',
      `/api/capacity-pools/${pool.id}`,
      { capacity: 3 },
      { 'accept-language': 'es' },
    );
    expect(spanish.json().error.code).toBe('VALIDATION_FAILED');
    expect(spanish.json().error.message).toBe(
      'La capacidad no puede ser menor que las plazas ya vendidas o reservadas',
    );
    const tooSmall = await call('owner', 'POST', `/api/events/${event.id}/capacity-pools`, {
      name: 'Balcony',
      capacity: 2,
      ticketTypeIds: [vip.id],
    });
    expect(tooSmall.statusCode).toBe(400);
    const raised = await call('owner', 'PATCH', `/api/capacity-pools/${pool.id}`, { capacity: 10 });
    expect(raised.json<CapacityPool>()).toMatchObject({ capacity: 10, held: 4, left: 6 });
    // VIP leaves: the pool no longer counts its places.
    const left = await call('owner', 'PATCH', `/api/capacity-pools/${pool.id}`, {
      ticketTypeIds: [day.id],
    });
    expect(left.json<CapacityPool>()).toMatchObject({ held: 0, left: 10 });
    const [row] = await t.db.select().from(capacityPools).where(eq(capacityPools.id, pool.id));
    expect(row?.remaining).toBe(10);
  });

  it('a type in two pools takes from both; many racing checkouts never oversell the pool', async () => {
    const { event, day, vip } = await newEvent();
    const third = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Student',
      quantity: 20,
      priceCents: 1200,
    });
    const hall = await newPool(event.id, {
      name: 'Hall',
      capacity: 13,
      ticketTypeIds: [day.id, vip.id, third.id],
    });
    const balcony = await newPool(event.id, {
      name: 'Balcony',
      capacity: 9,
      ticketTypeIds: [vip.id],
    });
    await call('owner', 'POST', `/api/events/${event.id}/discount-codes`, {
      code: 'RACE',
      kind: 'percent',
      amount: 5,
    });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => t.signIn(await createUser(t.db))),
    );
    const kinds = [day.id, vip.id, third.id];
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: buyers[i % buyers.length] ?? '', 'idempotency-key': randomUUID() },
          payload: {
            items: [{ ticketTypeId: kinds[i % 3] ?? '', quantity: 1 + (i % 2) }],
            // Every fourth goes the general path, so both paths race for the same pools.
            ...(i % 4 === 0 ? { discountCode: 'RACE' } : {}),
          },
        }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(attempts.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const { rows } = await t.db.execute<{ hall: number; balcony: number }>(sql`
      select
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where o.status = 'pending' and i.ticket_type_id in (${day.id}, ${vip.id}, ${third.id})) as hall,
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where o.status = 'pending' and i.ticket_type_id = ${vip.id}) as balcony`);
    const held = rows[0] ?? { hall: -1, balcony: -1 };
    const hallNow = await poolOf(event.id, hall.id);
    const balconyNow = await poolOf(event.id, balcony.id);
    // 0 oversold: what is held never exceeds a pool, and each counter says exactly what is left.
    expect(held.hall).toBeLessThanOrEqual(13);
    expect(held.balcony).toBeLessThanOrEqual(9);
    expect(hallNow?.left).toBe(13 - held.hall);
    expect(balconyNow?.left).toBe(9 - held.balcony);
    // 60 attempts at 1–2 places each are far more than 13: the hall sells out.
    expect(held.hall).toBeGreaterThanOrEqual(12);
  });
});
