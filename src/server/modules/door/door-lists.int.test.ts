import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DoorList, DoorSyncResult } from '../../../contracts/door';
import { entryDay } from '../../../contracts/door-lists';
import type {
  DoorCheckInList,
  DoorCheckInLists,
  DoorConflict,
} from '../../../contracts/door-lists';
import type { TeamRole } from '../../../contracts/teams';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { Sender } from '../../test/request-as';

// Check-in lists by day or gate and the organizer's view of conflicts (decision 116).

const door = useDoorApp();
const { call } = door;

async function festival() {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Lagoon Fest ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: door.t.clock.now(),
  });
  const saturday = await createTicketType(door.t.db, { eventId: event.id, quantity: 100 });
  const sunday = await createTicketType(door.t.db, { eventId: event.id, quantity: 100 });
  return { event, saturday, sunday };
}

async function teamMember(role: TeamRole, eventIds: string[]): Promise<Sender<DoorWho>> {
  const user = await createUser(door.t.db);
  const invited = await call('owner', 'POST', '/api/teams/invites', {
    email: user.email,
    role,
    allEvents: false,
    eventIds,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const [mail] = await waitForCapturedMail(door.t.db, user.email);
  const link = linkFrom(mail?.text ?? '', `${door.t.config.PUBLIC_URL}/teams/invite/`);
  const token = decodeURIComponent(link.split('/teams/invite/')[1] ?? '');
  const member = { cookie: await door.t.sessionCookie(user) };
  const accepted = await call(member, 'POST', '/api/teams/invites/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}

const listsUrl = (eventId: string) => `/api/door/events/${eventId}/check-in-lists`;

describe('check-in lists', () => {
  it('are defined by the organizer and admins, read by door staff, refused to others', async () => {
    const { event, saturday } = await festival();
    const checkIn = await teamMember('check_in', [event.id]);
    const body = {
      name: 'Saturday, north gate',
      types: [saturday.id],
      gate: 'North',
      validFrom: '2027-06-05T08:00:00.000Z',
      validUntil: '2027-06-06T04:00:00.000Z',
    };

    expect((await call('signedOut', 'POST', listsUrl(event.id), body)).statusCode).toBe(401);
    expect((await call('other', 'POST', listsUrl(event.id), body)).statusCode).toBe(403);
    // Door staff use lists; they do not define them.
    expect((await call(checkIn, 'POST', listsUrl(event.id), body)).statusCode).toBe(403);
    expect((await call('owner', 'POST', listsUrl(randomUUID()), body)).statusCode).toBe(404);

    const made = await call('owner', 'POST', listsUrl(event.id), body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<DoorCheckInList>()).toMatchObject({ ...body, id: expect.any(String) });
    const byAdmin = await call('admin', 'POST', listsUrl(event.id), { name: 'Everyone' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<DoorCheckInList>()).toMatchObject({
      types: [],
      gate: '',
      validFrom: null,
      validUntil: null,
    });

    for (const who of ['owner', 'admin', checkIn] as const) {
      const read = await call(who, 'GET', listsUrl(event.id));
      expect(read.statusCode, read.body).toBe(200);
      const seen = read.json<DoorCheckInLists>();
      expect(seen.lists.map((l) => l.name)).toEqual(['Everyone', 'Saturday, north gate']);
      expect(seen.ticketTypes.map((type) => type.id)).toContain(saturday.id);
    }
    expect((await call('other', 'GET', listsUrl(event.id))).statusCode).toBe(403);
    expect((await call('signedOut', 'GET', listsUrl(event.id))).statusCode).toBe(401);

    const one = `${listsUrl(event.id)}/${made.json<DoorCheckInList>().id}`;
    expect((await call('signedOut', 'DELETE', one)).statusCode).toBe(401);
    expect((await call('other', 'DELETE', one)).statusCode).toBe(403);
    expect((await call(checkIn, 'DELETE', one)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', one)).statusCode).toBe(204);
    expect((await call('owner', 'DELETE', one)).statusCode).toBe(404);
    const left = (await call('owner', 'GET', listsUrl(event.id))).json<{
      lists: DoorCheckInList[];
    }>();
    expect(left.lists.map((l) => l.name)).toEqual(['Everyone']);
  });

  it('refuse bad input with the field named', async () => {
    const { event } = await festival();
    const { saturday: foreign } = await festival();
    const cases: [object, string, string][] = [
      [{ name: '  ' }, 'name', 'Please name the list'],
      [{ name: 'x'.repeat(81) }, 'name', 'A list name has at most 80 characters'],
      [{ name: 'Day 1', types: [foreign.id] }, 'types', 'Please choose ticket types of this event'],
      [{ name: 'Day 1', gate: 'g'.repeat(41) }, 'gate', 'A gate name has at most 40 characters'],
      [{ name: 'Day 1', validFrom: 'tomorrow' }, 'validFrom', 'Please give a valid start time'],
      [
        {
          name: 'Day 1',
          validFrom: '2027-06-06T08:00:00.000Z',
          validUntil: '2027-06-05T08:00:00.000Z',
        },
        'validUntil',
        'The list must close after it opens',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('owner', 'POST', listsUrl(event.id), body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(field);
      expect(answer.body).toContain(message);
    }
  });

  it("go down with the event's tickets: every ticket, the list's rules and its counters", async () => {
    const { event, saturday, sunday } = await festival();
    const sat = await door.issueTickets(event.id, saturday.id, 2);
    const sun = await door.issueTickets(event.id, sunday.id, 3);
    const made = (
      await call('owner', 'POST', listsUrl(event.id), {
        name: 'Saturday',
        types: [saturday.id],
        validFrom: '2027-06-05T08:00:00.000Z',
      })
    ).json<DoorCheckInList>();
    const checkIn = await teamMember('check_in', [event.id]);
    const answer = await call(checkIn, 'GET', `/api/door/events/${event.id}/list?list=${made.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json<DoorList>();
    expect(list.list).toEqual(made);
    // Every ticket, so one of Sunday's reads "not on this list" rather than "unknown".
    expect(list.tickets.map((ticket) => ticket.id).sort()).toEqual([...sat, ...sun].sort());
    expect(list.types).toEqual([]);
    expect(list.counters.expected).toBe(2);
    // Without a list, as before: no rules.
    const plain = (
      await call(checkIn, 'GET', `/api/door/events/${event.id}/list`)
    ).json<DoorList>();
    expect(plain.list).toBeNull();

    const { event: elsewhere } = await festival();
    const foreign = await call(
      'owner',
      'GET',
      `/api/door/events/${elsewhere.id}/list?list=${made.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await call('owner', 'GET', `/api/door/events/${event.id}/list?list=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('list');
  });

  it('reach a device at its next sync when the organizer edits one', async () => {
    const { event, saturday, sunday } = await festival();
    const made = (
      await call('owner', 'POST', listsUrl(event.id), { name: 'Saturday', types: [saturday.id] })
    ).json<DoorCheckInList>();
    const checkIn = await teamMember('check_in', [event.id]);
    const edits = {
      name: 'Weekend',
      types: [saturday.id, sunday.id],
      gate: 'Gate B',
      validFrom: '2027-06-05T08:00:00.000Z',
      validUntil: '2027-06-07T04:00:00.000Z',
      perDay: true,
    };
    const edited = await call('owner', 'PUT', `${listsUrl(event.id)}/${made.id}`, edits);
    expect(edited.statusCode, edited.body).toBe(200);
    const syncUrl = `/api/door/events/${event.id}/sync`;
    const answer = await call(checkIn, 'POST', syncUrl, {
      deviceId: randomUUID(),
      listId: made.id,
      scans: [],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<DoorSyncResult>().list).toEqual({ id: made.id, ...edits });
    // A device scanning without a list is sent none.
    const plain = await call(checkIn, 'POST', syncUrl, { deviceId: randomUUID(), scans: [] });
    expect(plain.json<DoorSyncResult>().list).toBeUndefined();
  });

  it('bring a device what it lacks since its download: a new type, its tickets, the days', async () => {
    const { event, saturday } = await festival();
    const [early = ''] = await door.issueTickets(event.id, saturday.id, 1);
    const made = (
      await call('owner', 'POST', listsUrl(event.id), { name: 'Main gate', types: [saturday.id] })
    ).json<DoorCheckInList>();
    const checkIn = await teamMember('check_in', [event.id]);
    const download = (
      await call(checkIn, 'GET', `/api/door/events/${event.id}/list?list=${made.id}`)
    ).json<DoorList>();
    expect(download.list?.perDay).toBe(false);
    expect(download.tickets.every((ticket) => ticket.d === undefined)).toBe(true);

    // After the download: a type is added and sold, put on the list, and the list turned
    // one entry per day; another device admits the early guest by day.
    const added = await call('owner', 'POST', `/api/events/${event.id}/ticket-types`, {
      name: 'VIP',
      priceCents: 9000,
      quantity: 10,
    });
    expect(added.statusCode, added.body).toBe(201);
    const vip = added.json<{ id: string }>().id;
    const [sold = ''] = await door.issueTickets(event.id, vip, 1);
    const edits = { name: 'Main gate', types: [saturday.id, vip], perDay: true };
    const edited = await call('owner', 'PUT', `${listsUrl(event.id)}/${made.id}`, edits);
    expect(edited.statusCode, edited.body).toBe(200);
    const syncUrl = `/api/door/events/${event.id}/sync`;
    const at = door.t.clock.now().toISOString();
    const elsewhere = await call(checkIn, 'POST', syncUrl, {
      deviceId: randomUUID(),
      listId: made.id,
      scans: [{ ticketId: early, scannedAt: at, gate: 'North' }],
    });
    expect(elsewhere.json<DoorSyncResult>().results[0]?.result).toBe('admitted');

    const body = { deviceId: randomUUID(), listId: made.id, cursor: download.cursor, scans: [] };
    expect((await call('signedOut', 'POST', syncUrl, { ...body, days: false })).statusCode).toBe(
      401,
    );
    expect((await call('other', 'POST', syncUrl, { ...body, days: false })).statusCode).toBe(403);
    const answer = await call(checkIn, 'POST', syncUrl, { ...body, days: false });
    expect(answer.statusCode, answer.body).toBe(200);
    const synced = answer.json<DoorSyncResult>();
    expect(synced.list).toMatchObject({ id: made.id, ...edits });
    const newTicket = synced.changes.find((ticket) => ticket.id === sold);
    expect(newTicket).toBeDefined();
    expect(synced.ticketTypes[newTicket?.t ?? -1]).toMatchObject({ id: vip, name: 'VIP' });
    // Only the ticket with an entry by day: the rest of the list has none.
    expect(synced.days).toEqual({
      [early]: { [entryDay(new Date(at), event.timezone)]: { at, g: 'North' } },
    });

    // A device that holds the days is not sent them again.
    const holding = await call(checkIn, 'POST', syncUrl, {
      ...body,
      cursor: synced.cursor,
      days: true,
    });
    expect(holding.json<DoorSyncResult>().days).toBeUndefined();
  });
});

describe('conflicts of offline scans', () => {
  it('show the organizer each losing scan with the admission that stands', async () => {
    const { event, saturday } = await festival();
    const [first, second] = await door.issueTickets(event.id, saturday.id, 2);
    const checkIn = await teamMember('check_in', [event.id]);
    const [deviceA, deviceB] = [randomUUID(), randomUUID()];
    const scan = (ticketId: string | undefined, at: string, gate: string) => ({
      ticketId,
      scannedAt: at,
      gate,
    });
    const syncUrl = `/api/door/events/${event.id}/sync`;
    const a = await call(checkIn, 'POST', syncUrl, {
      deviceId: deviceA,
      scans: [scan(first, '2027-06-05T19:42:00.000Z', 'Gate A')],
    });
    expect(a.statusCode, a.body).toBe(200);
    const b = await call('owner', 'POST', syncUrl, {
      deviceId: deviceB,
      scans: [
        scan(first, '2027-06-05T19:40:00.000Z', 'Gate B'),
        scan(second, '2027-06-05T19:41:00.000Z', 'Gate B'),
      ],
    });
    expect(b.statusCode, b.body).toBe(200);

    const url = `/api/door/events/${event.id}/conflicts`;
    expect((await call('signedOut', 'GET', url)).statusCode).toBe(401);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
    expect(
      (await call('owner', 'GET', `/api/door/events/${randomUUID()}/conflicts`)).statusCode,
    ).toBe(404);
    for (const who of ['owner', 'admin', checkIn] as const) {
      const answer = await call(who, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ conflicts: DoorConflict[] }>().conflicts).toEqual([
        {
          ticketId: first,
          holderName: 'Ada Obi',
          ticketType: saturday.name,
          deviceId: deviceB,
          gate: 'Gate B',
          scannedAt: '2027-06-05T19:40:00.000Z',
          reason: null,
          first: { deviceId: deviceA, gate: 'Gate A', at: '2027-06-05T19:42:00.000Z' },
        },
      ]);
    }
  });
});
