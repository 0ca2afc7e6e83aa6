import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DoorList, DoorSyncResult } from '../../../contracts/door';
import type { DoorCheckInList, DoorConflict } from '../../../contracts/door-lists';
import { ticketVerdict, type DoorMode, type Verdict } from '../../../contracts/door-verdict';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { tickets } from '../../db/schema/tickets';
import { useDoorApp } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import type { Sender } from '../../test/request-as';
import { joinTeam } from '../../test/team-member';

// One entry per day on a check-in list, lists edited in place, the server's re-check of a
// list's rules on sync, and a ticket type's validity start (decision 120).

const door = useDoorApp();
const { call } = door;

async function festival() {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Lagoon Fest ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    timezone: 'Europe/Berlin',
    createdAt: door.t.clock.now(),
  });
  const weekend = await createTicketType(door.t.db, { eventId: event.id, name: 'Weekend' });
  const sunday = await createTicketType(door.t.db, { eventId: event.id, name: 'Sunday' });
  return { event, weekend, sunday };
}

const listsUrl = (eventId: string) => `/api/door/events/${eventId}/check-in-lists`;

async function makeList(eventId: string, body: object) {
  const made = await call('owner', 'POST', listsUrl(eventId), body);
  expect(made.statusCode, made.body).toBe(201);
  return made.json<DoorCheckInList>();
}

const scan = (ticketId: string, at: string, gate = 'North', kind: DoorMode = 'in') => ({
  ticketId,
  scannedAt: at,
  gate,
  kind,
});

async function sync(
  who: Sender<'owner' | 'buyer' | 'other' | 'admin'>,
  eventId: string,
  body: { deviceId: string; listId?: string; scans: ReturnType<typeof scan>[] },
) {
  const answer = await call(who, 'POST', `/api/door/events/${eventId}/sync`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DoorSyncResult>();
}

// The festival's Saturday and Sunday, the test clock's weekend; 23:30 UTC on Saturday is already
// Sunday in Berlin.
const sat = '2026-11-21T17:00:00.000Z';
const satLate = '2026-11-21T21:00:00.000Z';
const sunEarly = '2026-11-21T23:30:00.000Z';
const sun = '2026-11-22T10:00:00.000Z';

describe('one entry per day on a check-in list', () => {
  it('admits a guest once each day: first scan wins per (code, list, day)', async () => {
    const startedAt = door.t.clock.now();
    const { event, weekend } = await festival();
    const [guest = '', friend = ''] = await door.issueTickets(event.id, weekend.id, 2);
    const list = await makeList(event.id, { name: 'Weekend gate', perDay: true });
    expect(list.perDay).toBe(true);
    const [a, b] = [randomUUID(), randomUUID()];

    const first = await sync('owner', event.id, {
      deviceId: a,
      listId: list.id,
      scans: [scan(guest, sat)],
    });
    expect(first.results.map((r) => r.result)).toEqual(['admitted']);
    // Device B, offline, admitted the same guest on Saturday evening and on Sunday (past
    // midnight in Berlin, before it in UTC), and a friend on Sunday only.
    const second = await sync('admin', event.id, {
      deviceId: b,
      listId: list.id,
      scans: [scan(guest, satLate, 'South'), scan(guest, sunEarly, 'South'), scan(friend, sun)],
    });
    expect(second.results.map((r) => [r.result, r.first?.deviceId ?? null])).toEqual([
      ['conflict', a],
      ['admitted', null],
      ['admitted', null],
    ]);
    // Device A scans the guest again on Sunday: B's Sunday admission stands.
    const third = await sync('owner', event.id, {
      deviceId: a,
      listId: list.id,
      scans: [scan(guest, sun)],
    });
    expect(third.results[0]).toMatchObject({
      result: 'conflict',
      first: { deviceId: b, gate: 'South', at: sunEarly },
    });
    // The same batch sent again changes nothing and gets the same answers.
    const again = await sync('admin', event.id, {
      deviceId: b,
      listId: list.id,
      scans: [scan(guest, satLate, 'South'), scan(guest, sunEarly, 'South'), scan(friend, sun)],
    });
    expect(again.results.map((r) => r.result)).toEqual(['conflict', 'admitted', 'admitted']);

    // Live counters count the list's entries of today (the event's day).
    door.t.clock.set('2026-11-22T12:00:00.000Z');
    const counted = await sync('owner', event.id, { deviceId: a, listId: list.id, scans: [] });
    expect(counted.counters).toMatchObject({ checkedIn: 2, expected: 2 });
    expect(counted.counters.gates).toEqual([
      { gate: 'North', checkedIn: 1 },
      { gate: 'South', checkedIn: 1 },
    ]);
    door.t.clock.set('2026-11-23T12:00:00.000Z');
    const monday = await sync('owner', event.id, { deviceId: a, listId: list.id, scans: [] });
    expect(monday.counters).toMatchObject({ checkedIn: 0, expected: 2, gates: [] });
    door.t.clock.set(startedAt);

    // The download tells the device each ticket's days on the list, for its verdict offline.
    const download = await call(
      'owner',
      'GET',
      `/api/door/events/${event.id}/list?list=${list.id}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    const body = download.json<DoorList>();
    expect(body.timeZone).toBe('Europe/Berlin');
    const byId = new Map(body.tickets.map((ticket) => [ticket.id, ticket.d]));
    expect(byId.get(guest)).toEqual({
      '2026-11-21': { at: sat, g: 'North' },
      '2026-11-22': { at: sunEarly, g: 'South' },
    });
    expect(byId.get(friend)).toEqual({ '2026-11-22': { at: sun, g: 'North' } });
  });

  it('keeps a once-only list as before: Saturday counts on Sunday', async () => {
    const { event, weekend } = await festival();
    const [guest = ''] = await door.issueTickets(event.id, weekend.id, 1);
    const list = await makeList(event.id, { name: 'Once' });
    const [a, b] = [randomUUID(), randomUUID()];
    await sync('owner', event.id, { deviceId: a, listId: list.id, scans: [scan(guest, sat)] });
    const later = await sync('owner', event.id, {
      deviceId: b,
      listId: list.id,
      scans: [scan(guest, sun)],
    });
    expect(later.results[0]).toMatchObject({ result: 'conflict', first: { deviceId: a } });
  });

  it('syncs for a list only for those who work the door, and only a list of the event', async () => {
    const { event, weekend } = await festival();
    const [guest = ''] = await door.issueTickets(event.id, weekend.id, 1);
    const list = await makeList(event.id, { name: 'Weekend gate', perDay: true });
    const body = { deviceId: randomUUID(), listId: list.id, scans: [scan(guest, sat)] };
    const url = `/api/door/events/${event.id}/sync`;
    expect((await call('signedOut', 'POST', url, body)).statusCode).toBe(401);
    expect((await call('other', 'POST', url, body)).statusCode).toBe(403);
    expect((await call('buyer', 'POST', url, body)).statusCode).toBe(403);
    const staff = await joinTeam(door.t, await door.t.sessionCookie(door.owner), 'check_in');
    expect((await call(staff, 'POST', url, body)).statusCode).toBe(200);
    const { event: elsewhere } = await festival();
    const foreign = await makeList(elsewhere.id, { name: 'Not this one' });
    const wrong = await call('owner', 'POST', url, { ...body, listId: foreign.id });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.body).toContain('listId');
    expect(wrong.body).toContain('Please choose a check-in list of this event');
  });
});

describe("the server re-checks a list's rules on sync", () => {
  it('records what the list refuses as a conflict the organizer sees, admitting nothing', async () => {
    const { event, weekend, sunday } = await festival();
    const [early = '', late = '', fine = ''] = await door.issueTickets(event.id, weekend.id, 3);
    const [wrongType = ''] = await door.issueTickets(event.id, sunday.id, 1);
    const list = await makeList(event.id, {
      name: 'Weekend, Saturday doors',
      types: [weekend.id],
      validFrom: '2026-11-21T08:00:00.000Z',
      validUntil: '2026-11-22T04:00:00.000Z',
    });
    const device = randomUUID();
    // A device holding stale rules (or none) admitted all four.
    const answer = await sync('owner', event.id, {
      deviceId: device,
      listId: list.id,
      scans: [
        scan(early, '2026-11-21T07:00:00.000Z'),
        scan(late, '2026-11-22T05:00:00.000Z'),
        scan(wrongType, sat),
        scan(fine, sat),
      ],
    });
    expect(answer.results.map((r) => [r.result, r.reason ?? null, r.first])).toEqual([
      ['conflict', 'not_yet_valid', null],
      ['conflict', 'list_closed', null],
      ['conflict', 'not_on_list', null],
      ['admitted', null, null],
    ]);
    const states = await door.t.db
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.eventId, event.id));
    expect(states.filter((row) => row.status === 'checked_in').map((row) => row.id)).toEqual([
      fine,
    ]);

    const conflicts = await call('owner', 'GET', `/api/door/events/${event.id}/conflicts`);
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    const seen = conflicts.json<{ conflicts: DoorConflict[] }>().conflicts;
    expect(seen.map((c) => [c.ticketId, c.reason, c.first])).toEqual(
      expect.arrayContaining([
        [early, 'not_yet_valid', { deviceId: null, gate: null, at: null }],
        [late, 'list_closed', { deviceId: null, gate: null, at: null }],
        [wrongType, 'not_on_list', { deviceId: null, gate: null, at: null }],
      ]),
    );
    expect(seen).toHaveLength(3);
  });

  it("refuses a ticket before its type's validity start, set by the organizer", async () => {
    const { event, sunday } = await festival();
    const [guest = ''] = await door.issueTickets(event.id, sunday.id, 1);
    const url = `/api/ticket-types/${sunday.id}`;
    const patch = { validFrom: '2026-11-22T08:00:00.000Z' };
    expect((await call('signedOut', 'PATCH', url, patch)).statusCode).toBe(401);
    expect((await call('other', 'PATCH', url, patch)).statusCode).toBe(403);
    const bad = await call('owner', 'PATCH', url, { validFrom: 'Sunday morning' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('validFrom');
    expect(bad.body).toContain('Please give a valid start time');
    const set = await call('admin', 'PATCH', url, patch);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ManagedTicketType>().validFrom).toBe(patch.validFrom);

    // The device learns it with the download, and the server holds to it without a list.
    const download = (
      await call('owner', 'GET', `/api/door/events/${event.id}/list`)
    ).json<DoorList>();
    expect(download.event.ticketTypes.find((type) => type.id === sunday.id)?.validFrom).toBe(
      patch.validFrom,
    );
    const device = randomUUID();
    const answer = await sync('owner', event.id, {
      deviceId: device,
      scans: [scan(guest, sat), scan(guest, sun)],
    });
    expect(answer.results.map((r) => [r.result, r.reason ?? null])).toEqual([
      ['conflict', 'not_yet_valid'],
      ['admitted', null],
    ]);
  });
});

describe('editing a check-in list', () => {
  it('changes it for the organizer and admins, refused to door staff and others', async () => {
    const { event, weekend, sunday } = await festival();
    const list = await makeList(event.id, { name: 'Saturday', types: [weekend.id] });
    const one = `${listsUrl(event.id)}/${list.id}`;
    const body = {
      name: 'Sunday, south gate',
      types: [sunday.id],
      gate: 'South',
      validFrom: '2026-11-22T08:00:00.000Z',
      validUntil: '2026-11-23T04:00:00.000Z',
      perDay: true,
    };
    const staff = await joinTeam(door.t, await door.t.sessionCookie(door.owner), 'check_in');
    expect((await call('signedOut', 'PUT', one, body)).statusCode).toBe(401);
    expect((await call('other', 'PUT', one, body)).statusCode).toBe(403);
    expect((await call(staff, 'PUT', one, body)).statusCode).toBe(403);
    expect(
      (await call('owner', 'PUT', `${listsUrl(event.id)}/${randomUUID()}`, body)).statusCode,
    ).toBe(404);
    const { event: elsewhere } = await festival();
    expect(
      (await call('owner', 'PUT', `${listsUrl(elsewhere.id)}/${list.id}`, body)).statusCode,
    ).toBe(404);

    const changed = await call('owner', 'PUT', one, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DoorCheckInList>()).toEqual({ ...body, id: list.id });
    const byAdmin = await call('admin', 'PUT', one, { name: 'Everyone' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<DoorCheckInList>()).toEqual({
      id: list.id,
      name: 'Everyone',
      types: [],
      gate: '',
      validFrom: null,
      validUntil: null,
      perDay: false,
    });
    const read = await call(staff, 'GET', listsUrl(event.id));
    expect(read.json<{ lists: DoorCheckInList[] }>().lists.map((l) => l.name)).toEqual([
      'Everyone',
    ]);
  });

  it('refuses bad input with the field named, and leaves the list as it was', async () => {
    const { event, weekend } = await festival();
    const { weekend: foreign } = await festival();
    const list = await makeList(event.id, { name: 'Saturday', types: [weekend.id] });
    const one = `${listsUrl(event.id)}/${list.id}`;
    const cases: [object, string, string][] = [
      [{ name: ' ' }, 'name', 'Please name the list'],
      [{ name: 'Day 1', types: [foreign.id] }, 'types', 'Please choose ticket types of this event'],
      [{ name: 'Day 1', gate: 'g'.repeat(41) }, 'gate', 'A gate name has at most 40 characters'],
      [{ name: 'Day 1', validUntil: 'never' }, 'validUntil', 'Please give a valid end time'],
      [{ name: 'Day 1', perDay: 'yes' }, 'perDay', 'Please say whether the list admits once a day'],
      [
        {
          name: 'Day 1',
          validFrom: '2026-11-22T08:00:00.000Z',
          validUntil: '2026-11-22T07:00:00.000Z',
        },
        'validUntil',
        'The list must close after it opens',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('owner', 'PUT', one, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(field);
      expect(answer.body).toContain(message);
    }
    const read = await call('owner', 'GET', listsUrl(event.id));
    expect(read.json<{ lists: DoorCheckInList[] }>().lists).toEqual([list]);
  });
});

describe("check-out and re-entry per day: the device's verdicts agree with the server's", () => {
  it('gives the same answer offline as the merge, across midnight and the end of summer time', async () => {
    const { event, weekend } = await festival();
    const [g1 = '', g2 = '', g3 = ''] = await door.issueTickets(event.id, weekend.id, 3);
    const list = await makeList(event.id, { name: 'Daily gate', perDay: true });
    const settings = await call('owner', 'PUT', `/api/door/events/${event.id}/settings`, {
      allowReEntry: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // Summer time ends in Berlin at 01:00 UTC on 25 October 2026: that day runs from 22:00 UTC
    // on the 24th to 23:00 UTC on the 25th (25 hours).
    const [a, b] = [randomUUID(), randomUUID()];
    await sync('admin', event.id, {
      deviceId: b,
      listId: list.id,
      scans: [
        scan(g1, '2026-10-24T21:30:00.000Z', 'South'),
        scan(g2, '2026-10-24T22:30:00.000Z', 'South'),
        scan(g2, '2026-10-25T08:00:00.000Z', 'South', 'out'),
      ],
    });

    // Device A downloads the list, then scans offline; the server hears the same scans after.
    const download = await call(
      'owner',
      'GET',
      `/api/door/events/${event.id}/list?list=${list.id}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    const body = download.json<DoorList>();
    const byId = new Map(body.tickets.map((ticket) => [ticket.id, ticket]));
    expect(byId.get(g1)?.d).toEqual({
      '2026-10-24': { at: '2026-10-24T21:30:00.000Z', g: 'South' },
    });
    expect(byId.get(g2)?.d).toEqual({
      '2026-10-25': { at: '2026-10-24T22:30:00.000Z', g: 'South', o: true },
    });
    // The ticket's overall state says "in": only the day's entry tells a check-out apart.
    expect(byId.get(g1)?.s).toBe('checked_in');

    const scans: [string, string, DoorMode, Verdict['kind']][] = [
      [g1, '2026-10-24T21:45:00.000Z', 'in', 'already'], // the 24th: B's admission stands
      [g1, '2026-10-24T22:10:00.000Z', 'out', 'not_in'], // 00:10 on the 25th: not in today
      [g1, '2026-10-24T22:20:00.000Z', 'in', 'admitted'],
      [g2, '2026-10-25T09:00:00.000Z', 'out', 'not_in'], // B checked them out today
      [g2, '2026-10-25T10:00:00.000Z', 'in', 'admitted'], // so they come back in
      [g3, '2026-10-25T10:30:00.000Z', 'out', 'not_in'], // never admitted
      [g2, '2026-10-25T11:00:00.000Z', 'in', 'already'],
      [g1, '2026-10-25T22:30:00.000Z', 'in', 'already'], // 23:30 winter time: still the 25th
      [g1, '2026-10-25T22:40:00.000Z', 'out', 'checked_out'],
      [g1, '2026-10-25T22:50:00.000Z', 'in', 'admitted'], // re-entry the same day
      [g1, '2026-10-25T23:10:00.000Z', 'out', 'not_in'], // 00:10 on the 26th
    ];
    // The device's own state, as use-door keeps it between syncs.
    const admittedHere = new Map<string, { at: string; gate: string }>();
    const outHere = new Map<string, string>();
    const rules = {
      typeIndexes: null,
      validFrom: null,
      validUntil: null,
      perDay: true,
      timeZone: body.timeZone,
    };
    const device = scans.map(([id, at, mode]) => {
      const ticket = byId.get(id);
      if (!ticket) throw new Error(`ticket ${id} not in the download`);
      const verdict = ticketVerdict(
        ticket,
        ticket.v,
        { admittedHere, outHere, rules },
        mode,
        new Date(at),
      );
      if (verdict.kind === 'admitted') {
        admittedHere.set(id, { at, gate: 'North' });
        outHere.delete(id);
      } else if (verdict.kind === 'checked_out') {
        admittedHere.delete(id);
        outHere.set(id, at);
      }
      return verdict;
    });
    expect(device.map((verdict) => verdict.kind)).toEqual(scans.map(([, , , kind]) => kind));

    // Every scan goes to the server, those the device refused too: the server's answer for each
    // is the device's (its "already" is a duplicate of this device's admission or a conflict
    // with another's).
    const answer = await sync('owner', event.id, {
      deviceId: a,
      listId: list.id,
      scans: scans.map(([id, at, mode]) => scan(id, at, 'North', mode)),
    });
    // This device scans at North, device B at South.
    const expected = device.map((verdict) =>
      verdict.kind !== 'already'
        ? verdict.kind
        : verdict.gate === 'North'
          ? 'duplicate'
          : 'conflict',
    );
    expect(answer.results.map((r) => r.result)).toEqual(expected);
    expect(expected).toEqual([
      'conflict',
      'not_in',
      'admitted',
      'not_in',
      'admitted',
      'not_in',
      'duplicate',
      'duplicate',
      'checked_out',
      'admitted',
      'not_in',
    ]);
  });
});
