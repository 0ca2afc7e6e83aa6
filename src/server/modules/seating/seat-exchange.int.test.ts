import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATING_MESSAGES as M, type EventSeating } from '../../../contracts/seating';
import type { Order, Ticket } from '../../../contracts/tickets';
import { createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { pdfText } from '../../test/pdf-text';
import { givePlan } from '../../test/plans';
import { requestAs } from '../../test/request-as';
import { joinTeam } from '../../test/team-member';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seatedEvent as kitSeatedEvent } from './seating.test-kit';

// Seat exchange and the box office's seats (decision 090): the organizer moves a sold ticket to
// another free seat of its category in one step, and the door sells seats picked on the map.

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'fan' | 'other' | 'admin' | 'finance' | 'checkIn', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Harbour Hall' });
  await givePlan(t.db, owner.id);
  const ownerCookie = await t.signIn(owner);
  cookies = {
    owner: ownerCookie,
    fan: await t.signIn(await createUser(t.db, { fullName: 'Fola Fan' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer', fullName: 'Otto' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' })),
    finance: (await joinTeam(t, await t.sessionCookie(owner), 'finance')).cookie,
    checkIn: (await joinTeam(t, await t.sessionCookie(owner), 'check_in')).cookie,
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

/** A seated event where the fan paid for A-Row A-4 and T1-Seat 3. */
async function soldEvent() {
  const seated = await kitSeatedEvent(t, call, owner);
  const bought = await call(
    'fan',
    'POST',
    `/api/events/${seated.event.id}/seat-orders`,
    { seatIds: ['A-Row A-4', 'T1-Seat 3'] },
    { 'idempotency-key': randomUUID() },
  );
  expect(bought.statusCode, bought.body).toBe(201);
  const order = bought.json<{ order: Order }>().order;
  expect((await payThroughLocalWebhook(t, order)).statusCode).toBe(200);
  await t.settle();
  const mine = (await call('fan', 'GET', '/api/me/tickets')).json<{ tickets: Ticket[] }>();
  const ticket = mine.tickets.find((x) => x.event.id === seated.event.id && x.seat === 'A-Row A-4');
  if (!ticket) throw new Error('no seated ticket');
  return { ...seated, order, ticket };
}

const move = (who: Who, eventId: string, ticketId: string, seatId: string) =>
  call(who, 'POST', `/api/events/${eventId}/seat-moves`, { ticketId, seatId });

const seatsOf = async (eventId: string) =>
  (await call('owner', 'GET', `/api/events/${eventId}/seating`)).json<EventSeating>();

const rowsOf = async (eventId: string) =>
  (
    await t.db.execute<{ seat_id: string; ticket_id: string | null }>(
      sql`select seat_id, ticket_id from event_seats where event_id = ${eventId} order by seat_id`,
    )
  ).rows;

describe('seat exchange', () => {
  it('moves a sold ticket to a free seat of its category: the ticket, its PDF and the map follow', async () => {
    const { event, ticket } = await soldEvent();
    const moved = await move('owner', event.id, ticket.id, 'A-Row B-5');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      ticketId: ticket.id,
      seatId: 'A-Row B-5',
      previousSeatId: 'A-Row A-4',
    });
    const page = await call('fan', 'GET', `/api/tickets/${ticket.id}`);
    expect(page.json<Ticket>().seat).toBe('A-Row B-5');
    const pdf = await call('fan', 'GET', `/api/tickets/${ticket.id}/pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain('Seat: A-Row B-5');
    const map = await seatsOf(event.id);
    expect(map.sold.sort()).toEqual(['A-Row B-5', 'T1-Seat 3']);
    // The old seat is free: another buyer takes it.
    const again = await call(
      'other',
      'POST',
      `/api/events/${event.id}/seat-orders`,
      { seatIds: ['A-Row A-4'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('sent twice at once, it moves once; sent again later it changes nothing', async () => {
    const { event, ticket } = await soldEvent();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => move('owner', event.id, ticket.id, 'A-Row B-6')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowsOf(event.id)).toEqual([
      { seat_id: 'A-Row B-6', ticket_id: ticket.id },
      { seat_id: 'T1-Seat 3', ticket_id: expect.any(String) },
    ]);
    const later = await move('owner', event.id, ticket.id, 'A-Row B-6');
    expect(later.json()).toMatchObject({ seatId: 'A-Row B-6', previousSeatId: 'A-Row B-6' });
  });

  it('two tickets racing for one free seat: exactly one gets it, no seat is on two tickets', async () => {
    const { event, ticket } = await soldEvent();
    const bought = await call(
      'fan',
      'POST',
      `/api/events/${event.id}/seat-orders`,
      { seatIds: ['A-Row A-2'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(
      (await payThroughLocalWebhook(t, bought.json<{ order: Order }>().order)).statusCode,
    ).toBe(200);
    await t.settle();
    const second = (await call('fan', 'GET', '/api/me/tickets'))
      .json<{ tickets: Ticket[] }>()
      .tickets.find((x) => x.event.id === event.id && x.seat === 'A-Row A-2');
    const answers = await Promise.all([
      move('owner', event.id, ticket.id, 'A-Row A-6'),
      move('owner', event.id, second?.id ?? '', 'A-Row A-6'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json<{ error: { message: string } }>().error.message).toBe(
      M.seatSold('A-Row A-6'),
    );
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => r.seat_id)).toHaveLength(3);
    expect(new Set(rows.map((r) => r.ticket_id)).size).toBe(3);
  });

  it('refuses a seat taken, off the plan, blocked or of another category, naming the field', async () => {
    const { event, ticket } = await soldEvent();
    const taken = await move('owner', event.id, ticket.id, 'T1-Seat 3');
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: {
        details: { fields: [{ field: 'body.seatId', message: M.moveCategory('T1-Seat 3') }] },
      },
    });
    const held = await call(
      'other',
      'POST',
      `/api/events/${event.id}/seat-orders`,
      { seatIds: ['A-Row A-5'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(held.statusCode).toBe(201);
    const onHold = await move('owner', event.id, ticket.id, 'A-Row A-5');
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json<{ error: { message: string } }>().error.message).toBe(
      M.seatHeld('A-Row A-5'),
    );
    for (const [seatId, message] of [
      ['Z-Row Q-99', M.seatUnknown('Z-Row Q-99')],
      ['A-Row A-1', M.seatBlocked('A-Row A-1')],
    ] as const) {
      const refused = await move('owner', event.id, ticket.id, seatId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { details: { fields: [{ field: 'body.seatId', message }] } },
      });
    }
    const bad = await call('owner', 'POST', `/api/events/${event.id}/seat-moves`, {
      ticketId: 'nope',
      seatId: 'A-Row B-2',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('body.ticketId');
    expect((await move('owner', event.id, randomUUID(), 'A-Row B-2')).statusCode).toBe(404);
    // Nothing moved.
    expect((await call('fan', 'GET', `/api/tickets/${ticket.id}`)).json<Ticket>().seat).toBe(
      'A-Row A-4',
    );
  });

  it('a ticket of an unpaid order has no sold seat to move', async () => {
    const { event } = await kitSeatedEvent(t, call, owner);
    const pending = await call(
      'fan',
      'POST',
      `/api/events/${event.id}/seat-orders`,
      { seatIds: ['A-Row A-3'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(pending.statusCode).toBe(201);
    // A pending order has no tickets yet: the id is no ticket of this event.
    expect((await move('owner', event.id, randomUUID(), 'A-Row A-4')).statusCode).toBe(404);
  });

  it('access: owner, a finance member and an admin move; another user, check-in staff and the signed out may not', async () => {
    const { event, ticket } = await soldEvent();
    expect((await move('signedOut', event.id, ticket.id, 'A-Row B-2')).statusCode).toBe(401);
    expect((await move('other', event.id, ticket.id, 'A-Row B-2')).statusCode).toBe(403);
    expect((await move('checkIn', event.id, ticket.id, 'A-Row B-2')).statusCode).toBe(403);
    expect((await move('fan', event.id, ticket.id, 'A-Row B-2')).statusCode).toBe(403);
    for (const [who, seatId] of [
      ['owner', 'A-Row B-2'],
      ['finance', 'A-Row B-3'],
      ['admin', 'A-Row B-4'],
    ] as const) {
      const moved = await move(who, event.id, ticket.id, seatId);
      expect(moved.statusCode, `${who}: ${moved.body}`).toBe(200);
    }
    const log = await call('owner', 'GET', '/api/teams/activity');
    const actions = log.json<{ activity: { action: string }[] }>().activity.map((a) => a.action);
    expect(actions).toContain('ticket.seat');
  });
});

describe('the box office sells seats picked on the map', () => {
  const sell = (who: Who, eventId: string, body: object, key = randomUUID()) =>
    call(who, 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
      'idempotency-key': key,
    });

  it('sells the seats at their categories’ prices, prints them on the tickets, and a repeat sells once', async () => {
    const { event, std, vip } = await kitSeatedEvent(t, call, owner);
    const key = randomUUID();
    const body = { seatIds: ['A-Row B-2', 'T1-Seat 1'], method: 'cash', tenderedCents: 20_000 };
    const [first, second] = await Promise.all([
      sell('owner', event.id, body, key),
      sell('owner', event.id, body, key),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const sale = first.json<{ orderId: string; totalCents: number; changeCents: number }>();
    expect(second.json<{ orderId: string }>().orderId).toBe(sale.orderId);
    expect(sale.totalCents).toBe(2500 + 9000);
    expect(sale.changeCents).toBe(20_000 - 11_500);
    const rows = await t.db.execute<{ seat_id: string; ticket_type_id: string; ticket_id: string }>(
      sql`select seat_id, ticket_type_id, ticket_id from event_seats where order_id = ${sale.orderId} order by seat_id`,
    );
    expect(rows.rows.map((r) => [r.seat_id, r.ticket_type_id])).toEqual([
      ['A-Row B-2', std.id],
      ['T1-Seat 1', vip.id],
    ]);
    expect(rows.rows.every((r) => r.ticket_id)).toBe(true);
    const map = await seatsOf(event.id);
    expect(map.sold.sort()).toEqual(['A-Row B-2', 'T1-Seat 1']);
  });

  it('refuses a seat already sold or off the plan, naming it, and sells nothing', async () => {
    const { event, std } = await kitSeatedEvent(t, call, owner);
    expect(
      (await sell('owner', event.id, { seatIds: ['A-Row B-2'], method: 'complimentary' }))
        .statusCode,
    ).toBe(200);
    const twice = await sell('owner', event.id, {
      seatIds: ['A-Row B-3', 'A-Row B-2'],
      method: 'cash',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { message: string } }>().error.message).toBe(
      M.seatSold('A-Row B-2'),
    );
    const unknown = await sell('owner', event.id, { seatIds: ['Q-Row Z-9'], method: 'cash' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('body.seatIds.0');
    const none = await sell('owner', event.id, { method: 'cash' });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('body.items');
    expect((await seatsOf(event.id)).sold).toEqual(['A-Row B-2']);
    const left = await t.db.execute<{ remaining: number }>(
      sql`select remaining from ticket_types where id = ${std.id}`,
    );
    expect(left.rows[0]?.remaining).toBe(10);
  });
});
