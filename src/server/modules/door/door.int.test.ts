import { createPublicKey, verify } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseSignedCode, type DoorList, type DoorSyncResult } from '../../../contracts/door';
import type { TeamRole } from '../../../contracts/teams';
import type { Order, Ticket } from '../../../contracts/tickets';
import { orderItems, orders, tickets } from '../../db/schema/tickets';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { Sender } from '../../test/request-as';
import { derivedKey } from '../../platform/secrets';
import { must } from '../../platform/must';
import { listOrderTickets } from '../tickets/tickets.service';

const app = useDoorApp();
const { call } = app;

const newEvent = async () => {
  const event = await createEvent(app.t.db, {
    userId: app.owner.id,
    title: `Harbor Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: app.t.clock.now(),
  });
  const type = await createTicketType(app.t.db, { eventId: event.id, quantity: 5000 });
  return { event, type };
};

async function buyAndPay(who: Sender<DoorWho>, ticketTypeId: string, quantity = 1) {
  const order = (
    await call(who, 'POST', '/api/orders', { items: [{ ticketTypeId, quantity }] })
  ).json<Order>();
  const session = order.checkoutUrl?.split('/pay/')[1];
  await app.t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  return (await call(who, 'GET', `/api/orders/${order.id}`)).json<Order>();
}

/** Paid tickets straight into the tables (a thousand through checkout would take minutes). */
async function issueTickets(eventId: string, ticketTypeId: string, userId: string, count: number) {
  const [order] = await app.t.db
    .insert(orders)
    .values({
      userId,
      status: 'paid',
      currency: 'USD',
      subtotalCents: 0,
      totalCents: 0,
      paidAt: app.t.clock.now(),
    })
    .returning();
  const [item] = await app.t.db
    .insert(orderItems)
    .values({
      orderId: must(order, 'order').id,
      eventId,
      ticketTypeId,
      quantity: count,
      unitPriceCents: 0,
    })
    .returning();
  await app.t.db
    .insert(tickets)
    .values(
      Array.from({ length: count }, () => ({
        orderId: must(order, 'order').id,
        orderItemId: must(item, 'order item').id,
        eventId,
        ticketTypeId,
        userId,
      })),
    )
    .returning({ id: tickets.id });
  return must(order, 'order').id;
}

const list = (who: Sender<DoorWho>, eventId: string, types = '') =>
  call(who, 'GET', `/api/door/events/${eventId}/list${types ? `?types=${types}` : ''}`);

const sync = (
  who: Sender<DoorWho>,
  eventId: string,
  body: {
    deviceId: string;
    scans: { code?: string; ticketId?: string; scannedAt: string; gate?: string }[];
    cursor?: string;
  },
) => call(who, 'POST', `/api/door/events/${eventId}/sync`, body);

/** A new team member with `role`, signed in: the sender of their requests. */
async function teamMember(role: TeamRole, eventIds: string[] | 'all'): Promise<Sender<DoorWho>> {
  const user = await createUser(app.t.db);
  const invited = await call('owner', 'POST', '/api/teams/invites', {
    email: user.email,
    role,
    allEvents: eventIds === 'all',
    eventIds: eventIds === 'all' ? [] : eventIds,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const [mail] = await waitForCapturedMail(app.t.db, user.email);
  const link = linkFrom(mail?.text ?? '', `${app.t.config.PUBLIC_URL}/teams/invite/`);
  const token = decodeURIComponent(link.split('/teams/invite/')[1] ?? '');
  const member = { cookie: await app.t.sessionCookie(user) };
  const accepted = await call(member, 'POST', '/api/teams/invites/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}

describe('check-in lists', () => {
  it('are for the organizer, admins and team members with a door role in scope', async () => {
    const { event } = await newEvent();
    const elsewhere = await newEvent();
    const checkIn = await teamMember('check_in', [event.id]);
    const boxOffice = await teamMember('box_office', 'all');
    const finance = await teamMember('finance', 'all');
    const outOfScope = await teamMember('check_in', [elsewhere.event.id]);
    const statuses = await Promise.all(
      (
        ['owner', 'admin', checkIn, boxOffice, finance, outOfScope, 'other', 'signedOut'] as const
      ).map(async (who) => (await list(who, event.id)).statusCode),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403, 401]);
    expect((await list('owner', randomUUID())).statusCode).toBe(404);
    const syncs = await Promise.all(
      [checkIn, finance, 'other' as const].map(
        async (who) =>
          (await sync(who, event.id, { deviceId: randomUUID(), scans: [] })).statusCode,
      ),
    );
    expect(syncs).toEqual([200, 403, 403]);
    // The app's event picker lists the events the person may work the door of.
    const picker = (await call(checkIn, 'GET', '/api/door/events')).json<{
      events: { id: string }[];
    }>();
    expect(picker.events.map((e) => e.id)).toEqual([event.id]);
    const none = (await call(finance, 'GET', '/api/door/events')).json<{ events: unknown[] }>();
    expect(none.events).toEqual([]);
  });

  it('carry what a verdict needs, and tickets then show codes signed with the event key', async () => {
    const { event, type } = await newEvent();
    const vip = await createTicketType(app.t.db, { eventId: event.id, name: 'VIP' });
    const order = await buyAndPay('buyer', type.id);
    const before = (
      await call('buyer', 'GET', `/api/tickets/${order.tickets[0]?.id}`)
    ).json<Ticket>();
    expect(parseSignedCode(before.code)).toBeNull();

    const response = await list('owner', event.id);
    expect(response.statusCode, response.body).toBe(200);
    const door = response.json<DoorList>();
    expect(door.tickets).toHaveLength(1);
    expect(door.tickets[0]).toMatchObject({ n: 'Ada Obi', s: 'valid', v: 0, at: null });
    expect(door.event.ticketTypes[door.tickets[0]?.t ?? -1]?.name).toBe('General admission');
    expect(door.counters).toEqual({ checkedIn: 0, expected: 1, gates: [] });
    expect(response.body).not.toContain('PRIVATE');

    // The code mailed before the list keeps working: the app finds it by its hash.
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(before.code).digest('base64url').slice(0, 22);
    expect(door.tickets[0]?.h).toBe(hash);

    // From now on the ticket shows a signed code the app checks with the public key alone.
    const after = (await call('buyer', 'GET', `/api/tickets/${before.id}`)).json<Ticket>();
    const parts = parseSignedCode(after.code);
    expect(parts).toMatchObject({ ticketId: before.id, version: 0, eventId: event.id });
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: door.publicKey },
      format: 'jwk',
    });
    expect(
      verify(
        null,
        Buffer.from(must(parts, 'signed code').message),
        key,
        Buffer.from(must(parts, 'signed code').signature, 'base64url'),
      ),
    ).toBe(true);
    // The online desk takes the signed code as well as the old one.
    const desk = await call('owner', 'POST', `/api/events/${event.id}/check-in`, {
      code: after.code,
    });
    expect(desk.json()).toMatchObject({ result: 'checked_in' });

    // A list of chosen types only; a type of another event is refused, naming the field.
    const vipOnly = (await list('owner', event.id, vip.id)).json<DoorList>();
    expect(vipOnly.tickets).toEqual([]);
    const wrong = await list('owner', event.id, randomUUID());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('types');
    expect((await list('owner', event.id, 'nonsense')).statusCode).toBe(400);

    // A re-issued code (a transfer raises the version): the list names the old code's hash
    // among those replaced, so the app says "code replaced" for the old printout.
    await app.t.db.update(tickets).set({ codeVersion: 1 }).where(eq(tickets.id, before.id));
    const reissued = (await list('owner', event.id)).json<DoorList>();
    expect(reissued.tickets[0]).toMatchObject({ v: 1, r: [hash] });
    expect(reissued.tickets[0]?.h).not.toBe(hash);
  });
});

describe('syncing scans', () => {
  it('refuses forged codes and reports refunds and check-ins since the cursor', async () => {
    const { event, type } = await newEvent();
    const order = await buyAndPay('buyer', type.id, 2);
    const door = (await list('owner', event.id)).json<DoorList>();
    const codes = await Promise.all(
      order.tickets.map(
        async (x) => (await call('buyer', 'GET', `/api/tickets/${x.id}`)).json<Ticket>().code,
      ),
    );
    const forged = `${codes[0]?.slice(0, -4)}AAAA`;
    const refunded = await call('owner', 'POST', `/api/orders/${order.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    const deviceId = randomUUID();
    const at = app.t.clock.now().toISOString();
    const answer = await sync('owner', event.id, {
      deviceId,
      cursor: door.cursor,
      scans: [
        { code: forged, scannedAt: at },
        { code: codes[1] ?? '', scannedAt: at, gate: 'Gate B' },
        { ticketId: order.tickets[0]?.id, scannedAt: at },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<DoorSyncResult>();
    expect(result.results.map((r) => r.result)).toEqual(['invalid', 'revoked', 'revoked']);
    expect(result.changes.map((c) => c.s).sort()).toEqual(['void', 'void']);
    expect(result.counters).toMatchObject({ checkedIn: 0, expected: 0 });

    const bad = await sync('owner', event.id, {
      deviceId: 'phone',
      scans: [{ code: '', scannedAt: 'yesterday' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.deviceId', 'body.scans.0.code', 'body.scans.0.scannedAt']),
    );
  });

  it('merges two devices that each scanned the same 1,000 tickets offline', async () => {
    const { event, type } = await newEvent();
    const buyer = await createUser(app.t.db, { fullName: 'Crowd' });
    const orderId = await issueTickets(event.id, type.id, buyer.id, 1000);
    await list('owner', event.id);
    // The codes the tickets show, as in the tickets mail (signed: the list made the event's key).
    const ticketDeps = {
      db: app.t.db,
      clock: app.t.clock,
      ticketKey: derivedKey(app.t.config, 'ticket-codes'),
    };
    const codes = (await listOrderTickets(ticketDeps, orderId)).map((x) => x.code);
    expect(codes.every((code) => parseSignedCode(code))).toBe(true);
    const gateA = randomUUID();
    const gateB = randomUUID();
    const scans = (gate: string, minute: number) =>
      codes.map((code, i) => ({
        code,
        gate,
        scannedAt: new Date(Date.UTC(2026, 11, 4, 19, minute, 0, i)).toISOString(),
      }));
    const [a, b] = await Promise.all([
      sync('owner', event.id, { deviceId: gateA, scans: scans('Gate A', 40) }),
      sync('owner', event.id, { deviceId: gateB, scans: scans('Gate B', 41) }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const all = [...a.json<DoorSyncResult>().results, ...b.json<DoorSyncResult>().results];
    const count = (result: string) => all.filter((r) => r.result === result).length;
    expect([count('admitted'), count('conflict')]).toEqual([1000, 1000]);
    // Each conflict names the other device's admission.
    const conflict = all.find((r) => r.result === 'conflict');
    expect(conflict?.first?.deviceId).toBeDefined();
    expect([gateA, gateB]).toContain(conflict?.first?.deviceId);

    // The same batch sent again (a lost answer) changes nothing and gets the same answers.
    const again = await sync('owner', event.id, {
      deviceId: gateA,
      scans: scans('Gate A', 40),
    });
    const first = a.json<DoorSyncResult>().results.map((r) => r.result);
    expect(again.json<DoorSyncResult>().results.map((r) => r.result)).toEqual(first);
    const rows = await app.t.db.execute<{ admitted: number; total: number }>(
      `select count(*) filter (where result = 'admitted')::int as admitted, count(*)::int as total
       from door_scans where event_id = '${event.id}'`,
    );
    expect(rows.rows[0]).toEqual({ admitted: 1000, total: 2000 });
    const counters = again.json<DoorSyncResult>().counters;
    expect(counters.checkedIn).toBe(1000);
    expect(counters.expected).toBe(1000);
    expect(counters.gates.reduce((sum, g) => sum + g.checkedIn, 0)).toBe(1000);
  });
});
