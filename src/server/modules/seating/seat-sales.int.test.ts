import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATING_MESSAGES, type SeatingPlan } from '../../../contracts/seating';
import type { TeamRole } from '../../../contracts/teams';
import type { Order, Ticket } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { localWebhookDelivery, payThroughLocalWebhook } from '../../test/local-payments';
import { requestAs } from '../../test/request-as';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { pdfText } from '../../test/pdf-text';
import { givePlan } from '../../test/plans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expireHolds } from '../orders/orders.service';
import { offerTicketsOf } from '../waitlist/waitlist.service';
import { newPlan, seatedEvent as kitSeatedEvent } from './seating.test-kit';

// Seats sold only with their seats (decision 072): every other way to buy a type sold by seat
// is refused naming the line, and a payment that arrives after its seat went to someone else is
// refunded once.

let t: TestApp;
let owner: CreatedUser;
let fan: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'buyer2' | 'fan', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Harbour Hall' });
  // Teams come with a subscription plan.
  await givePlan(t.db, owner.id);
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    buyer2: await t.signIn(await createUser(t.db, { fullName: 'Tunde Ade' })),
    fan: await t.signIn((fan = await createUser(t.db, { fullName: 'Fola Fan' }))),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);
const seatedEvent = () => kitSeatedEvent(t, call, owner);

const buySeats = (who: Who, eventId: string, seatIds: string[]) =>
  call(
    who,
    'POST',
    `/api/events/${eventId}/seat-orders`,
    { seatIds },
    { 'idempotency-key': randomUUID() },
  );

const remaining = async (ticketTypeId: string) =>
  (
    await t.db.execute<{ remaining: number }>(
      sql`select remaining from ticket_types where id = ${ticketTypeId}`,
    )
  ).rows[0]?.remaining;

/** The refusal of a type sold by seat: a field error naming the line's ticket type. */
function expectSoldBySeat(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    error: {
      code: 'VALIDATION_FAILED',
      message: SEATING_MESSAGES.soldBySeat,
      details: { fields: [{ field, message: SEATING_MESSAGES.soldBySeat }] },
    },
  });
}

describe('a type sold by seat is sold only with seats', () => {
  it('the cart refuses it by count (the batched hold leaves it to the general path); other types still sell', async () => {
    const { event, std, vip } = await seatedEvent();
    const programme = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Programme',
      quantity: 20,
      priceCents: 500,
    });
    const byCount = await call('buyer', 'POST', '/api/orders', {
      items: [{ ticketTypeId: std.id, quantity: 2 }],
    });
    expectSoldBySeat(byCount, 'body.items.0.ticketTypeId');
    // Mixed with a type sold by count, the seated line is the one named (lines sorted by id).
    const mixed = await call('buyer', 'POST', '/api/orders', {
      items: [
        { ticketTypeId: programme.id, quantity: 1 },
        { ticketTypeId: vip.id, quantity: 1 },
      ],
    });
    const index = [programme.id, vip.id].sort().indexOf(vip.id);
    expectSoldBySeat(mixed, `body.items.${index}.ticketTypeId`);
    expect(await remaining(std.id)).toBe(11);
    expect(await remaining(vip.id)).toBe(4);

    const plain = await call('buyer', 'POST', '/api/orders', {
      items: [{ ticketTypeId: programme.id, quantity: 2 }],
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const seats = await buySeats('buyer', event.id, ['A-Row A-2', 'T1-Seat 1']);
    expect(seats.statusCode, seats.body).toBe(201);
    expect(await remaining(std.id)).toBe(10);
  });

  it('free registration refuses a free type sold by seat; its seats can be taken', async () => {
    const plan = await newPlan(call);
    const event = await createEvent(t.db, {
      userId: owner.id,
      title: `Open rehearsal ${randomUUID().slice(0, 6)}`,
      isFree: true,
      createdAt: t.clock.now(),
    });
    const free = await createTicketType(t.db, {
      eventId: event.id,
      name: 'Free seat',
      quantity: 20,
      priceCents: 0,
    });
    const linked = await call('owner', 'PUT', `/api/events/${event.id}/seating`, {
      planId: plan.id,
      version: 1,
      ticketTypes: { std: free.id, vip: free.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const registered = await call('buyer', 'POST', `/api/events/${event.id}/register`, {
      ticketTypeId: free.id,
    });
    expectSoldBySeat(registered, 'body.items.0.ticketTypeId');
    const seats = await buySeats('buyer', event.id, ['A-Row B-3']);
    expect(seats.statusCode, seats.body).toBe(201);
    expect(seats.json<{ order: Order }>().order.status).toBe('paid');
  });

  it('the box office refuses it and sells nothing', async () => {
    const { event, std } = await seatedEvent();
    const sale = await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales`,
      { items: [{ ticketTypeId: std.id, quantity: 1 }], method: 'cash', tenderedCents: 2500 },
      { 'idempotency-key': randomUUID() },
    );
    expectSoldBySeat(sale, 'body.items.0.ticketTypeId');
    expect(await remaining(std.id)).toBe(11);
  });

  it('the waiting list takes no place for it, and a claim made before the seating is refused', async () => {
    const { event, std } = await seatedEvent();
    await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${std.id}`);
    const join = await call('buyer', 'POST', '/api/waitlist', {
      ticketTypeId: std.id,
      quantity: 1,
    });
    expectSoldBySeat(join, 'body.ticketTypeId');
    const availability = await call(
      'signedOut',
      'GET',
      `/api/waitlist/events/${event.id}/availability`,
    );
    expect(JSON.stringify(availability.json())).not.toContain(std.id);

    // A place taken while the event still sold by count, offered after it moved to seats.
    const counted = await createEvent(t.db, {
      userId: owner.id,
      title: `Gala ${randomUUID().slice(0, 6)}`,
      isFree: false,
      capacity: null,
      createdAt: t.clock.now(),
    });
    const gala = await createTicketType(t.db, { eventId: counted.id, name: 'Gala', quantity: 2 });
    await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${gala.id}`);
    const joined = await call('buyer', 'POST', '/api/waitlist', {
      ticketTypeId: gala.id,
      quantity: 1,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const token = joined.json<{ place: { token: string } }>().place.token;
    const plan = await newPlan(call);
    const linked = await call('owner', 'PUT', `/api/events/${counted.id}/seating`, {
      planId: plan.id,
      version: 1,
      ticketTypes: { std: gala.id, vip: gala.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await t.db.execute(sql`update ticket_types set remaining = 1 where id = ${gala.id}`);
    await offerTicketsOf({ db: t.db, clock: t.clock, jobs: t.jobs, config: t.config }, gala.id);
    const claim = await call('buyer', 'POST', `/api/waitlist/places/${token}/claim`);
    expectSoldBySeat(claim, 'body.items.0.ticketTypeId');
  });
});

describe('a payment that arrives after its seat was sold again', () => {
  const deliver = (order: Order, id: string) =>
    t.app.inject(
      localWebhookDelivery(
        t,
        {
          sessionId: order.paymentSessionId,
          orderId: order.id,
          amountCents: order.totalCents,
          paymentRef: `pi_late_${order.id}`,
        },
        { id },
      ),
    );

  it('is refunded in full once, and the seat stays with its new buyer', async () => {
    const { event } = await seatedEvent();
    const first = (await buySeats('buyer', event.id, ['A-Row A-2', 'A-Row A-3'])).json<{
      order: Order;
    }>().order;
    t.clock.advance(11 * 60_000);
    const second = await buySeats('buyer2', event.id, ['A-Row A-3']);
    expect(second.statusCode, second.body).toBe(201);
    expect(
      (await payThroughLocalWebhook(t, second.json<{ order: Order }>().order)).statusCode,
    ).toBe(200);

    // The first buyer's payment arrives late, delivered five times at once.
    const eventId = `evt_${randomUUID()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, async () => (await deliver(first, eventId)).json().outcome),
    );
    expect(outcomes.sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'refunded_stock_gone',
    ]);
    await t.settle();
    const state = await t.db.execute<{ status: string; tickets: number; refunds: number }>(sql`
      select o.status,
        (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
        (select count(*)::int from refunds r where r.order_id = o.id) as refunds
      from orders o where o.id = ${first.id}`);
    expect(state.rows[0]).toEqual({ status: 'refunded', tickets: 0, refunds: 1 });
    const seats = (await call('signedOut', 'GET', `/api/events/${event.id}/seating`)).json<{
      sold: string[];
      held: string[];
    }>();
    expect(seats.sold).toEqual(['A-Row A-3']);
    // Its other seat is free again, not sold without a ticket.
    expect(seats.held).not.toContain('A-Row A-2');
    expect((await buySeats('buyer2', event.id, ['A-Row A-2'])).statusCode).toBe(201);
    const notices = await t.db.execute<{ message: string }>(sql`
      select n.message from notifications n
       where n.related_id = ${first.id} and n.title = 'Payment refunded'`);
    expect(notices.rows.map((n) => n.message)).toEqual([
      'Your reservation ran out and someone else bought your seats before your payment arrived, so we refunded it in full.',
    ]);
  });

  it('takes its seats again when they are still free, each printed on a ticket', async () => {
    const { event } = await seatedEvent();
    const order = (await buySeats('buyer', event.id, ['A-Row B-2', 'T1-Seat 4'])).json<{
      order: Order;
    }>().order;
    t.clock.advance(11 * 60_000);
    await expireHolds(t.db, t.clock.now(), { eventId: event.id });
    expect((await deliver(order, `evt_${randomUUID()}`)).json().outcome).toBe('paid');
    const printed = await t.db.execute<{ seat_id: string; ticket_type: string }>(sql`
      select s.seat_id, k.ticket_type_id as ticket_type from event_seats s
        join tickets k on k.id = s.ticket_id
       where s.order_id = ${order.id} order by s.seat_id`);
    expect(printed.rows.map((r) => r.seat_id)).toEqual(['A-Row B-2', 'T1-Seat 4']);
    const seats = (await call('signedOut', 'GET', `/api/events/${event.id}/seating`)).json<{
      sold: string[];
    }>();
    expect(seats.sold.sort()).toEqual(['A-Row B-2', 'T1-Seat 4']);
  });
});

describe('the owner’s team', () => {
  /** A member of the owner's team over all events, signed in (and switched to the team). */
  async function member(role: TeamRole) {
    const user = await createUser(t.db, { fullName: `Staff ${role}` });
    // Inviting asks for a fresh sign-in.
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/teams/invites',
      headers: { cookie: await t.sessionCookie(owner) },
      payload: { email: user.email, role, allEvents: true, eventIds: [] },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await waitForCapturedMail(t.db, user.email);
    const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/teams/invite/`);
    const cookie = await t.signIn(user);
    const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const token = decodeURIComponent(link.split('/teams/invite/')[1] ?? '');
    expect((await inject('POST', '/api/teams/invites/accept', { token })).statusCode).toBe(200);
    const switched = await inject('PUT', '/api/teams/acting-for', { ownerId: owner.id });
    const acting = String(switched.headers['set-cookie']).split(';')[0] ?? '';
    return {
      plain: inject,
      switched: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({
          method,
          url,
          headers: { cookie: `${cookie}; ${acting}` },
          ...(payload ? { payload } : {}),
        }),
    };
  }

  it('a manager links and unlinks the owner’s plans and, switched to the team, draws them; check-in staff may not', async () => {
    const { plan, event, std, vip } = await seatedEvent();
    const manager = await member('manager');
    const checkIn = await member('check_in');
    const url = `/api/events/${event.id}/seating`;
    const body = { planId: plan.id, version: 1, ticketTypes: { std: std.id, vip: vip.id } };
    expect((await checkIn.plain('PUT', url, body)).statusCode).toBe(403);
    const saved = await manager.plain('PUT', url, body);
    expect(saved.statusCode, saved.body).toBe(200);

    // Switched to the team, the owner's plans are the manager's to read and save.
    const plans = await manager.switched('GET', '/api/seating/plans');
    expect(plans.json<{ plans: SeatingPlan[] }>().plans.map((p) => p.id)).toContain(plan.id);
    const next = await manager.switched('PUT', `/api/seating/plans/${plan.id}`, {
      name: 'Harbour Hall (new desk)',
      plan: (await manager.switched('GET', `/api/seating/plans/${plan.id}`)).json<SeatingPlan>()
        .plan,
    });
    expect(next.json<SeatingPlan>().version).toBe(2);
    expect((await checkIn.switched('GET', '/api/seating/plans')).statusCode).toBe(403);
    expect((await manager.plain('GET', `/api/seating/plans/${plan.id}`)).statusCode).toBe(403);
    expect((await manager.plain('PUT', url, { ...body, version: 2 })).statusCode).toBe(200);
    expect((await checkIn.plain('DELETE', url)).statusCode).toBe(403);
    expect((await manager.plain('DELETE', url)).statusCode).toBe(200);
    expect((await call('signedOut', 'GET', url)).json()).toBeNull();

    const log = await call('owner', 'GET', '/api/teams/activity');
    const actions = log.json<{ activity: { action: string }[] }>().activity.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['event.seating', 'seating.plan.save']));
  });
});

describe('seats where tickets show', () => {
  it('the ticket page, its PDF and mail, the attendee list, check-in, exports and API v1 say the seat', async () => {
    const { event } = await seatedEvent();
    const bought = await buySeats('fan', event.id, ['A-Row A-4', 'T1-Seat 3']);
    expect(
      (await payThroughLocalWebhook(t, bought.json<{ order: Order }>().order)).statusCode,
    ).toBe(200);
    await t.settle();
    const mine = (await call('fan', 'GET', '/api/me/tickets')).json<{ tickets: Ticket[] }>();
    const tickets = mine.tickets.filter((ticket) => ticket.event.id === event.id);
    expect(tickets.map((ticket) => [ticket.ticketTypeName, ticket.seat]).sort()).toEqual([
      ['Standard', 'A-Row A-4'],
      ['VIP', 'T1-Seat 3'],
    ]);
    const standard = tickets.find((ticket) => ticket.seat === 'A-Row A-4');
    const page = await call('fan', 'GET', `/api/tickets/${standard?.id}`);
    expect(page.json<Ticket>().seat).toBe('A-Row A-4');
    const pdf = await call('fan', 'GET', `/api/tickets/${standard?.id}/pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain('Seat: A-Row A-4');
    const [mail] = await waitForCapturedMail(t.db, fan.email);
    expect(mail?.text).toContain('Standard · A-Row A-4');

    const list = await call('owner', 'GET', `/api/events/${event.id}/attendees`);
    expect(
      list
        .json<{ attendees: { seat?: string }[] }>()
        .attendees.map((a) => a.seat)
        .sort(),
    ).toEqual(['A-Row A-4', 'T1-Seat 3']);
    const checkIn = await call('owner', 'POST', `/api/events/${event.id}/check-in`, {
      code: standard?.code,
    });
    expect(checkIn.json<{ ticket: Ticket }>().ticket.seat).toBe('A-Row A-4');

    // Exports ask for a fresh sign-in; every cell is quoted, none here holds a quote or a comma.
    const fresh = await t.sessionCookie(owner);
    const csv = async (kind: string) =>
      (
        await t.app.inject({
          url: `/api/events/${event.id}/export?kind=${kind}&format=csv`,
          headers: { cookie: fresh },
        })
      ).body
        .replaceAll('"', '')
        .trim()
        .split('\n');
    const attendees = await csv('attendees');
    expect(attendees[0]?.split(',').slice(0, 4)).toEqual(['Name', 'Email', 'Ticket', 'Seat']);
    expect(attendees.slice(1).join('\n')).toContain('Standard,A-Row A-4');
    const orders = await csv('orders');
    expect(orders[0]?.split(',')[7]).toBe('Seats');
    expect(orders[1]).toContain('A-Row A-4; T1-Seat 3');

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/developer/keys',
      headers: { cookie: await t.sessionCookie(owner) },
      payload: { name: 'Seats', scopes: ['attendees:read'] },
    });
    expect(key.statusCode, key.body).toBeLessThan(300);
    const v1 = await t.app.inject({
      url: `/api/v1/events/${event.id}/attendees`,
      headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` },
    });
    expect(
      v1
        .json<{ data: { seat: string | null }[] }>()
        .data.map((a) => a.seat)
        .sort(),
    ).toEqual(['A-Row A-4', 'T1-Seat 3']);
  });
});
