import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSeating, SeatingPlan } from '../../../contracts/seating';
import type { Order } from '../../../contracts/tickets';
import { eventSeats } from '../../db/schema/seating';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newPlan as kitPlan, seatedEvent as kitSeatedEvent, smallPlan } from './seating.test-kit';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'buyer2' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'venue', fullName: 'Harbour Hall' });
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

const newPlan = () => kitPlan(call);
const seatedEvent = () => kitSeatedEvent(t, call, owner);

const buySeats = (who: Who, eventId: string, seatIds: string[], key = randomUUID()) =>
  call(who, 'POST', `/api/events/${eventId}/seat-orders`, { seatIds }, { 'idempotency-key': key });

const seatingOf = async (eventId: string) =>
  (await call('signedOut', 'GET', `/api/events/${eventId}/seating`)).json<EventSeating>();

describe('who may see and change plans', () => {
  it('the owner and an admin read and save a plan; another user and a visitor may not', async () => {
    const plan = await newPlan();
    const url = `/api/seating/plans/${plan.id}`;
    expect((await call('owner', 'GET', url)).statusCode).toBe(200);
    expect((await call('admin', 'GET', url)).statusCode).toBe(200);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
    expect((await call('signedOut', 'GET', url)).statusCode).toBe(401);
    const body = {
      name: 'Harbour Hall',
      plan: {
        ...smallPlan,
        sections: [...smallPlan.sections, { id: 'D', name: 'Desk', kind: 'label', x: 0, y: 200 }],
      },
    };
    expect((await call('other', 'PUT', url, body)).statusCode).toBe(403);
    expect((await call('signedOut', 'PUT', url, body)).statusCode).toBe(401);
    const saved = await call('owner', 'PUT', url, body);
    expect(saved.json<SeatingPlan>().version).toBe(2);
    expect((await call('admin', 'PUT', url, body)).json<SeatingPlan>().version).toBe(3);
    const first = await call('owner', 'GET', `${url}/versions/1`);
    expect(first.json<SeatingPlan>().plan.sections).toHaveLength(3);
    expect(saved.json<SeatingPlan>().plan.sections).toHaveLength(4);
    const mine = await call('owner', 'GET', '/api/seating/plans');
    expect(mine.json<{ plans: SeatingPlan[] }>().plans.map((p) => p.id)).toContain(plan.id);
    expect(
      (await call('other', 'GET', '/api/seating/plans')).json<{ plans: [] }>().plans,
    ).not.toContainEqual(expect.objectContaining({ id: plan.id }));
  });

  it('only organizer and venue accounts draw plans, and a bad plan names its field', async () => {
    const buyerTry = await call('buyer', 'POST', '/api/seating/plans', {
      name: 'X',
      plan: smallPlan,
    });
    expect(buyerTry.statusCode).toBe(403);
    const bad = await call('owner', 'POST', '/api/seating/plans', {
      name: 'X',
      plan: { ...smallPlan, categories: [{ id: 'std', name: 'Standard', color: 'blue' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('plan.categories.0.color');
    expect(bad.body).toContain('A colour is written like #1f6feb');
  });

  it('the event owner and an admin link a plan; another organizer and a visitor may not', async () => {
    const { plan, event, std, vip } = await seatedEvent();
    const body = { planId: plan.id, version: 1, ticketTypes: { std: std.id, vip: vip.id } };
    const url = `/api/events/${event.id}/seating`;
    expect((await call('other', 'PUT', url, body)).statusCode).toBe(403);
    expect((await call('signedOut', 'PUT', url, body)).statusCode).toBe(401);
    expect((await call('admin', 'PUT', url, body)).statusCode).toBe(200);
    const missing = await call('owner', 'PUT', url, { ...body, ticketTypes: { std: std.id } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('body.ticketTypes.vip');
    // Anyone who may see the event sees its map and prices.
    const seating = await seatingOf(event.id);
    expect(seating.version).toBe(1);
    expect(seating.categories).toContainEqual(
      expect.objectContaining({ id: 'vip', ticketTypeName: 'VIP', priceCents: 9000 }),
    );
  });

  it('an event sold by count has no seating (null, not an error the event page would log)', async () => {
    const event = await createEvent(t.db, { userId: owner.id, createdAt: t.clock.now() });
    const answer = await call('signedOut', 'GET', `/api/events/${event.id}/seating`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBeNull();
    const unknown = await call('signedOut', 'GET', `/api/events/${randomUUID()}/seating`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('buying seats', () => {
  it('holds the chosen seats priced by category, then sells them once paid', async () => {
    const { event, std, vip } = await seatedEvent();
    const response = await buySeats('buyer', event.id, ['A-Row A-3', 'T1-Seat 2']);
    expect(response.statusCode, response.body).toBe(201);
    const { order, seatIds } = response.json<{ order: Order; seatIds: string[] }>();
    expect(seatIds).toEqual(['A-Row A-3', 'T1-Seat 2']);
    expect(order.totalCents).toBe(11_500);
    expect(order.items.map((i) => i.ticketTypeId).sort()).toEqual([std.id, vip.id].sort());
    expect((await seatingOf(event.id)).held).toEqual(expect.arrayContaining(seatIds));

    const again = await buySeats('buyer2', event.id, ['A-Row A-4', 'A-Row A-3']);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'Seat A-Row A-3 is being bought by someone else',
    );
    // The refused order took nothing: its other seat is still free.
    expect((await seatingOf(event.id)).held).not.toContain('A-Row A-4');

    expect((await payThroughLocalWebhook(t, order)).statusCode).toBe(200);
    const after = await seatingOf(event.id);
    expect(after.sold.sort()).toEqual([...seatIds].sort());
    const sold = await buySeats('buyer2', event.id, ['T1-Seat 2']);
    expect(sold.json<{ error: { message: string } }>().error.message).toBe(
      'Seat T1-Seat 2 is already sold',
    );
    const mine = await call('buyer', 'GET', `/api/orders/${order.id}/seats`);
    expect(mine.json<{ seatIds: string[] }>().seatIds.sort()).toEqual([...seatIds].sort());
    expect((await call('buyer2', 'GET', `/api/orders/${order.id}/seats`)).statusCode).toBe(404);
  });

  it('refuses seats off the plan or blocked, naming them, and replays the same key', async () => {
    const { event } = await seatedEvent();
    const unknown = await buySeats('buyer', event.id, ['Z-Row A-1']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Seat Z-Row A-1 is not on this event’s plan');
    const blocked = await buySeats('buyer', event.id, ['A-Row A-1']);
    expect(blocked.body).toContain('Seat A-Row A-1 is not for sale');
    expect(
      (
        await call('signedOut', 'POST', `/api/events/${event.id}/seat-orders`, {
          seatIds: ['A-Row A-2'],
        })
      ).statusCode,
    ).toBe(401);
    const key = randomUUID();
    const first = await buySeats('buyer', event.id, ['A-Row A-2'], key);
    const replay = await buySeats('buyer', event.id, ['A-Row A-2'], key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<{ order: Order }>().order.id).toBe(first.json<{ order: Order }>().order.id);
  });

  it('sells from the seating linked last: a checkout right after a relink or an unlink sees it', async () => {
    const { plan, event, std, vip } = await seatedEvent();
    // Read (and kept) by this checkout: on version 1, A-Row A-1 is blocked.
    expect((await buySeats('buyer', event.id, ['A-Row A-1'])).statusCode).toBe(400);
    const next = await call('owner', 'PUT', `/api/seating/plans/${plan.id}`, {
      name: 'Harbour Hall',
      plan: { ...smallPlan, seatFlags: {} },
    });
    expect(next.json<SeatingPlan>().version).toBe(2);
    const url = `/api/events/${event.id}/seating`;
    const ticketTypes = { std: std.id, vip: vip.id };
    const relinked = await call('owner', 'PUT', url, { planId: plan.id, version: 2, ticketTypes });
    expect(relinked.statusCode, relinked.body).toBe(200);
    const bought = await buySeats('buyer', event.id, ['A-Row A-1']);
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = bought.json<{ order: Order }>().order.id;
    expect((await call('buyer', 'POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', url)).statusCode).toBe(200);
    expect((await buySeats('buyer', event.id, ['A-Row A-2'])).statusCode).toBe(404);
  });

  it('a checkout right after the event is made private or unpublished is refused, and sells again once it is back', async () => {
    const { event } = await seatedEvent();
    // This checkout reads the event's visibility, which is kept for the next ones.
    expect((await buySeats('buyer', event.id, ['A-Row A-2'])).statusCode).toBe(201);
    const url = `/api/events/${event.id}`;
    const edited = await call('owner', 'PATCH', url, { visibility: 'private' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await buySeats('buyer', event.id, ['A-Row A-3'])).statusCode).toBe(404);
    expect((await call('owner', 'PATCH', url, { visibility: 'public' })).statusCode).toBe(200);
    expect((await buySeats('buyer', event.id, ['A-Row A-3'])).statusCode).toBe(201);
    const moderate = (action: string) =>
      call('admin', 'POST', `/api/admin/events/${event.id}/moderate`, { action });
    expect((await moderate('unpublish')).statusCode).toBe(200);
    expect((await buySeats('buyer', event.id, ['A-Row A-4'])).statusCode).toBe(404);
    expect((await moderate('republish')).statusCode).toBe(200);
    expect((await buySeats('buyer', event.id, ['A-Row A-4'])).statusCode).toBe(201);
  });

  it('frees the seats when the hold expires or the buyer cancels', async () => {
    const { event } = await seatedEvent();
    const held = await buySeats('buyer', event.id, ['A-Row B-4', 'A-Row B-5']);
    const { order } = held.json<{ order: Order }>();
    const cancelled = await buySeats('buyer', event.id, ['A-Row B-6']);
    const cancelledOrder = cancelled.json<{ order: Order }>().order;
    expect(
      (await call('buyer', 'POST', `/api/orders/${cancelledOrder.id}/cancel`)).statusCode,
    ).toBe(200);
    expect((await seatingOf(event.id)).held).not.toContain('A-Row B-6');
    expect((await buySeats('buyer2', event.id, ['A-Row B-6'])).statusCode).toBe(201);

    t.clock.advance(11 * 60_000);
    expect((await seatingOf(event.id)).held).not.toContain('A-Row B-4');
    const retaken = await buySeats('buyer2', event.id, ['A-Row B-4', 'A-Row B-5']);
    expect(retaken.statusCode, retaken.body).toBe(201);
    const [row] = await t.db.select().from(eventSeats).where(eq(eventSeats.seatId, 'A-Row B-4'));
    expect(row?.orderId).not.toBe(order.id);
  });

  it('suggests the best seats together and says when a category is full', async () => {
    const { event } = await seatedEvent();
    const best = await call('signedOut', 'POST', `/api/events/${event.id}/seating/best`, {
      categoryId: 'vip',
      quantity: 3,
    });
    expect(best.json()).toEqual({
      seatIds: ['T1-Seat 1', 'T1-Seat 2', 'T1-Seat 3'],
      together: true,
    });
    const full = await call('signedOut', 'POST', `/api/events/${event.id}/seating/best`, {
      categoryId: 'vip',
      quantity: 5,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ error: { message: string } }>().error.message).toBe(
      'Not enough seats are left in this category',
    );
  });
});

describe('racing buyers', () => {
  it('exactly one of many buyers racing for the same seats wins, and no seat is taken twice', async () => {
    const { event } = await seatedEvent();
    const racers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const user = await createUser(t.db, { fullName: `Racer ${i}` });
        return t.signIn(user);
      }),
    );
    // Every buyer wants A-Row A-5 and A-Row A-6, half of them one more seat beside.
    const answers = await Promise.all(
      racers.map((cookie, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/seat-orders`,
          headers: { cookie, 'idempotency-key': randomUUID() },
          payload: {
            seatIds: i % 2 ? ['A-Row A-5', 'A-Row A-6'] : ['A-Row A-4', 'A-Row A-5', 'A-Row A-6'],
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    // Whoever lost holds nothing: every seat row belongs to the one winning order.
    const rows = await t.db.execute<{ n: number; orders: number }>(sql`
      select count(*)::int as n, count(distinct order_id)::int as orders
        from event_seats where event_id = ${event.id}`);
    expect(rows.rows[0]?.orders).toBe(1);
    const pending = await t.db.execute<{ n: number }>(sql`
      select count(distinct o.id)::int as n from orders o
        join order_items i on i.order_id = o.id
       where i.event_id = ${event.id} and o.status = 'pending'`);
    expect(pending.rows[0]?.n).toBe(1);
  });

  it('never sells more seats than the plan has, however many buyers ask', async () => {
    const { event } = await seatedEvent();
    const seats = (await seatingOf(event.id)).plan;
    expect(seats.sections).toHaveLength(3);
    const all = ['A-Row A-2', 'A-Row A-3', 'A-Row A-4', 'A-Row A-5', 'A-Row A-6'];
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const cookie = await t.signIn(await createUser(t.db, { fullName: `Fan ${i}` }));
        const pick = [all[i % all.length] ?? '', all[(i + 1) % all.length] ?? ''];
        return t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/seat-orders`,
          headers: { cookie, 'idempotency-key': randomUUID() },
          payload: { seatIds: pick },
        });
      }),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const taken = await seatingOf(event.id);
    expect(new Set(taken.held).size).toBe(taken.held.length);
    expect(taken.held.length).toBeLessThanOrEqual(all.length);
    const won = results.filter((r) => r.statusCode === 201).length;
    expect(taken.held.length).toBe(won * 2);
  });
});
