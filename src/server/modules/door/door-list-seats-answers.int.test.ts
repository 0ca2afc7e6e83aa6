import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoorList, DoorSyncResult } from '../../../contracts/door';
import type { Question } from '../../../contracts/questions';
import type { Order, Ticket } from '../../../contracts/tickets';
import type { SeatingPlan, SeatPlanInput } from '../../../contracts/seating';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { givePlan } from '../../test/plans';
import { requestAs } from '../../test/request-as';
import { joinTeam } from '../../test/team-member';
import { createTestApp, type TestApp } from '../../test/test-app';

// The seat and the door's answers in a check-in list (decision 092): the verdict screen shows
// them offline, and a seat moved or an answer changed after the download comes with the sync.

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'fan' | 'other' | 'admin' | 'checkIn' | 'finance', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Harbour Hall' });
  await givePlan(t.db, owner.id);
  cookies = {
    owner: await t.signIn(owner),
    fan: await t.signIn(await createUser(t.db, { fullName: 'Fola Fan' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
    checkIn: (await joinTeam(t, await t.sessionCookie(owner), 'check_in')).cookie,
    finance: (await joinTeam(t, await t.sessionCookie(owner), 'finance')).cookie,
  };
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

/** A stage, two rows of 6 in "Stalls" and a 4-seat table. */
const plan: SeatPlanInput = {
  categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
  sections: [
    { id: 'S', name: 'Stage', kind: 'stage', x: 0, y: 0, width: 300, height: 40 },
    {
      id: 'A',
      name: 'Stalls',
      kind: 'grid',
      x: 0,
      y: 60,
      rows: 2,
      seatsPerRow: 6,
      categoryId: 'std',
    },
    { id: 'T1', name: 'Table 1', kind: 'table', x: 200, y: 60, seats: 4, categoryId: 'std' },
  ],
};

async function seatedEvent() {
  const drawn = await call('owner', 'POST', '/api/seating/plans', { name: 'Hall', plan });
  expect(drawn.statusCode, drawn.body).toBe(201);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Quartet ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const std = await createTicketType(t.db, { eventId: event.id, quantity: 16, priceCents: 2500 });
  const linked = await call('owner', 'PUT', `/api/events/${event.id}/seating`, {
    planId: drawn.json<SeatingPlan>().id,
    version: 1,
    ticketTypes: { std: std.id },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return { event };
}

async function question(eventId: string, body: object) {
  const created = await call('owner', 'POST', `/api/events/${eventId}/questions`, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Question>();
}

/**
 * A seated event with three questions (two shown at the door), where the fan paid for A-Row A-4
 * and T1-Seat 3 and answered on the first ticket.
 */
async function doorEvent() {
  const seated = await seatedEvent();
  const diet = await question(seated.event.id, {
    scope: 'ticket',
    type: 'short_text',
    label: 'Dietary needs',
    showAtCheckIn: true,
  });
  const note = await question(seated.event.id, {
    scope: 'order',
    type: 'long_text',
    label: 'Note for the door',
    showAtCheckIn: true,
  });
  const company = await question(seated.event.id, {
    scope: 'order',
    type: 'short_text',
    label: 'Company',
  });
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
  const seatedTicket = mine.tickets.find(
    (x) => x.event.id === seated.event.id && x.seat === 'A-Row A-4',
  );
  if (!seatedTicket) throw new Error('no seated ticket');
  const answered = await call('fan', 'PUT', `/api/tickets/${seatedTicket.id}/answers`, {
    order: { [note.id]: 'x'.repeat(300), [company.id]: 'Acme Secret Ltd' },
    ticket: { [diet.id]: 'Vegetarian' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return { ...seated, diet, note, company, ticket: seatedTicket, order };
}

describe('a check-in list', () => {
  it('carries each seat and the answers chosen for the door, compactly, and no other answer', async () => {
    const { event, diet, note, ticket } = await doorEvent();
    const response = await call('checkIn', 'GET', `/api/door/events/${event.id}/list`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<DoorList>();
    expect(list.questions).toEqual([
      { id: diet.id, label: 'Dietary needs', type: 'short_text' },
      { id: note.id, label: 'Note for the door', type: 'long_text' },
    ]);
    // The stage draws no seats: only the sections a seat can be in.
    expect(list.sections).toEqual({ A: 'Stalls', T1: 'Table 1' });
    const entry = list.tickets.find((x) => x.id === ticket.id);
    expect(entry?.st).toBe('A-Row A-4');
    // Keyed by place in `questions`; the order's answer is on both of its tickets, cut short.
    expect(entry?.a).toEqual({ '0': 'Vegetarian', '1': `${'x'.repeat(199)}\u2026` });
    const other = list.tickets.find((x) => x.id !== ticket.id);
    expect(other?.st).toBe('T1-Seat 3');
    expect(other?.a).toEqual({ '1': `${'x'.repeat(199)}\u2026` });
    // The company is not for the door.
    expect(response.body).not.toContain('Acme Secret');
  });

  it('brings a moved seat and a changed answer with the next sync, keyed by the device’s questions', async () => {
    const { event, diet, note, company, ticket } = await doorEvent();
    const list = (await call('owner', 'GET', `/api/door/events/${event.id}/list`)).json<DoorList>();
    const moved = await call('owner', 'POST', `/api/events/${event.id}/seat-moves`, {
      ticketId: ticket.id,
      seatId: 'A-Row B-5',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const changed = await call('fan', 'PUT', `/api/tickets/${ticket.id}/answers`, {
      order: { [note.id]: 'Late arrival', [company.id]: 'Acme Secret Ltd' },
      ticket: { [diet.id]: 'Vegan' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // This device holds the two questions in the other order.
    const synced = await call('owner', 'POST', `/api/door/events/${event.id}/sync`, {
      deviceId: randomUUID(),
      scans: [],
      cursor: list.cursor,
      questions: [note.id, diet.id],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    const entry = synced.json<DoorSyncResult>().changes.find((x) => x.id === ticket.id);
    expect(entry?.st).toBe('A-Row B-5');
    expect(entry?.a).toEqual({ '0': 'Late arrival', '1': 'Vegan' });
    // The order's answer changed both of its tickets.
    const changes = synced.json<DoorSyncResult>().changes;
    expect(changes.map((x) => x.a?.['0'])).toEqual(['Late arrival', 'Late arrival']);
  });

  it('brings a question newly shown at the door with the next sync, every answer keyed anew', async () => {
    const { event, diet, note, company, ticket } = await doorEvent();
    const list = (await call('owner', 'GET', `/api/door/events/${event.id}/list`)).json<DoorList>();
    const held = list.questions.map((question) => question.id);
    const shown = await call('owner', 'PATCH', `/api/questions/${company.id}`, {
      scope: 'order',
      type: 'short_text',
      label: 'Company',
      showAtCheckIn: true,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const sync = (questions: string[]) =>
      call('owner', 'POST', `/api/door/events/${event.id}/sync`, {
        deviceId: randomUUID(),
        scans: [],
        cursor: list.cursor,
        questions,
      });
    const synced = (await sync(held)).json<DoorSyncResult>();
    expect(synced.questions?.map((question) => question.id)).toEqual([
      diet.id,
      note.id,
      company.id,
    ]);
    const cut = `${'x'.repeat(199)}\u2026`;
    const other = list.tickets.find((x) => x.id !== ticket.id)?.id ?? '';
    expect(synced.answers).toEqual({
      [ticket.id]: { '0': 'Vegetarian', '1': cut, '2': 'Acme Secret Ltd' },
      [other]: { '1': cut, '2': 'Acme Secret Ltd' },
    });
    // A device already holding these questions gets their labels, not every answer again.
    const again = (await sync([diet.id, note.id, company.id])).json<DoorSyncResult>();
    expect(again.questions).toHaveLength(3);
    expect(again.answers).toBeUndefined();
  });

  it('names the seat with its section at the online desk too', async () => {
    const { event, ticket } = await doorEvent();
    const desk = await call('checkIn', 'POST', `/api/events/${event.id}/check-in`, {
      code: ticket.code,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json()).toMatchObject({
      result: 'checked_in',
      ticket: { id: ticket.id, seat: 'A-Row A-4' },
      seatSection: 'Stalls',
    });
  });

  it('is for the door only, and a device naming its questions wrongly is told which field', async () => {
    const { event } = await doorEvent();
    const url = `/api/door/events/${event.id}/list`;
    const statuses = Object.fromEntries(
      await Promise.all(
        (['owner', 'admin', 'checkIn', 'finance', 'other', 'fan', 'signedOut'] as const).map(
          async (who) => [who, (await call(who, 'GET', url)).statusCode] as const,
        ),
      ),
    );
    expect(statuses).toEqual({
      owner: 200,
      admin: 200,
      checkIn: 200,
      finance: 403,
      other: 403,
      fan: 403,
      signedOut: 401,
    });
    const bad = await call('owner', 'POST', `/api/door/events/${event.id}/sync`, {
      deviceId: randomUUID(),
      scans: [],
      questions: ['not-a-question'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.questions.0');
  });
});
