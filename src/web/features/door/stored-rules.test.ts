import { describe, expect, it } from 'vitest';
import type { DoorSyncResult, DoorTicket } from '../../../contracts/door';
import type { DoorCheckInList } from '../../../contracts/door-lists';
import type { StoredList } from './store';
import { renewed } from './store';
import { rulesOf, syncedChanges, syncedList } from './stored-rules';
import { ticketVerdict, type Verdict } from './verdict';

// An organizer's edit of a check-in list reaches the device's offline verdicts with the next
// sync, not only with a new download.

const saturday = 'bbbbbbbb-0000-4000-8000-000000000001';
const sunday = 'bbbbbbbb-0000-4000-8000-000000000002';
const counters = { checkedIn: 0, expected: 2, gates: [] };
const downloaded: DoorCheckInList = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  name: 'Saturday',
  types: [saturday],
  gate: 'Gate A',
  validFrom: null,
  validUntil: null,
  perDay: false,
};
const stored: StoredList = {
  eventId: 'dddddddd-0000-4000-8000-000000000001',
  event: {
    id: 'dddddddd-0000-4000-8000-000000000001',
    title: 'Festival',
    startsAt: '2027-06-05T08:00:00.000Z',
    endsAt: null,
    ticketTypes: [
      { id: saturday, name: 'Saturday' },
      { id: sunday, name: 'Sunday' },
    ],
  },
  publicKey: '',
  types: [],
  cursor: '1',
  counters,
  downloadedAt: '2027-06-01T00:00:00.000Z',
  ticketCount: 2,
  checkInList: downloaded,
  timeZone: 'Europe/Berlin',
};
const answer = (list?: DoorCheckInList): DoorSyncResult => ({
  results: [],
  ticketTypes: stored.event.ticketTypes,
  changes: [],
  cursor: '2',
  counters,
  reEntry: false,
  ...(list ? { list } : {}),
});
const guest = (t: number, over: Partial<DoorTicket> = {}): DoorTicket => ({
  id: `aaaaaaaa-0000-4000-8000-00000000000${t}`,
  v: 0,
  h: 'x',
  n: 'Ada Obi',
  t,
  s: 'valid',
  at: null,
  g: null,
  ...over,
});
const verdict = (list: StoredList, ticket: DoorTicket, at: string): Verdict['kind'] =>
  ticketVerdict(
    ticket,
    0,
    { admittedHere: new Map(), outHere: new Map(), rules: rulesOf(list) },
    'in',
    new Date(at),
  ).kind;

describe("a check-in list's rules renewed by a sync", () => {
  const saturdayNoon = '2027-06-05T10:00:00.000Z';

  it('admit a type the organizer added to the list', () => {
    expect(verdict(stored, guest(1), saturdayNoon)).toBe('not_on_list');
    const edited = { ...downloaded, types: [saturday, sunday], gate: 'Gate B' };
    const synced = syncedList(stored, answer(edited));
    expect(synced.checkInList).toEqual(edited);
    expect(verdict(synced, guest(1), saturdayNoon)).toBe('admitted');
  });

  it("follow the list's new window", () => {
    expect(verdict(stored, guest(0), saturdayNoon)).toBe('admitted');
    const closed = { ...downloaded, validUntil: '2027-06-05T09:00:00.000Z' };
    expect(verdict(syncedList(stored, answer(closed)), guest(0), saturdayNoon)).toBe('list_closed');
    const later = { ...downloaded, validFrom: '2027-06-06T08:00:00.000Z' };
    expect(verdict(syncedList(stored, answer(later)), guest(0), saturdayNoon)).toBe(
      'not_yet_valid',
    );
  });

  it('drop "one entry per day" at once, but take it up only with the days', () => {
    const yesterday = { s: 'checked_in' as const, at: '2027-06-05T10:00:00.000Z', g: 'A' };
    const sundayNoon = '2027-06-06T10:00:00.000Z';
    const perDay = { ...stored, checkInList: { ...downloaded, perDay: true } };
    const admittedSaturday = guest(0, {
      ...yesterday,
      d: { '2027-06-05': { at: yesterday.at, g: 'A' } },
    });
    expect(verdict(perDay, admittedSaturday, sundayNoon)).toBe('admitted');
    const dropped = syncedList(perDay, answer(downloaded));
    expect(verdict(dropped, admittedSaturday, sundayNoon)).toBe('already');
    // Without the days of each admission the device cannot tell today's from yesterday's: an
    // answer to a device that said it holds them (or an older server) brings none.
    const turnedOn = syncedList(stored, answer({ ...downloaded, perDay: true }));
    expect(turnedOn.checkInList?.perDay).toBe(false);
    expect(verdict(turnedOn, guest(0, yesterday), sundayNoon)).toBe('already');
  });

  it('take up "one entry per day" and a new type with the tickets and days a sync brings', () => {
    const sundayNoon = '2027-06-06T10:00:00.000Z';
    const vip = 'bbbbbbbb-0000-4000-8000-000000000003';
    // The server's order now: the new VIP type sorted first, so its `t` are not the device's.
    const types = [{ id: vip, name: 'VIP' }, ...stored.event.ticketTypes];
    const admittedSaturday = { s: 'checked_in' as const, at: '2027-06-05T10:00:00.000Z', g: 'A' };
    const yesterdayOnly = guest(0, admittedSaturday);
    const today = guest(0, { ...admittedSaturday, id: 'aaaaaaaa-0000-4000-8000-000000000009' });
    const sold = guest(0, { id: 'aaaaaaaa-0000-4000-8000-000000000008', n: 'Kofi Mensah' });
    const edited = { ...downloaded, types: [saturday, vip], perDay: true };
    const brought: DoorSyncResult = {
      ...answer(edited),
      ticketTypes: types,
      changes: [{ ...sold, d: {} }],
      days: { [today.id]: { '2027-06-06': { at: '2027-06-06T08:00:00.000Z', g: 'B' } } },
    };
    expect(verdict(stored, sold, sundayNoon)).toBe('admitted');

    const synced = syncedList(stored, brought);
    expect(synced.checkInList).toEqual(edited);
    expect(synced.event.ticketTypes.map((type) => type.name)).toEqual([
      'Saturday',
      'Sunday',
      'VIP',
    ]);
    const [placed] = syncedChanges(synced, brought);
    expect(placed?.t).toBe(2);
    if (!placed) return;
    expect(verdict(synced, placed, sundayNoon)).toBe('admitted');
    // Sunday's guest of the list's types now reads "not on this list" by its place, not VIP's.
    expect(verdict(synced, guest(1), sundayNoon)).toBe('not_on_list');
    // Admitted on Saturday only: in again on Sunday; admitted on Sunday: already, at Gate B.
    const days = brought.days;
    expect(verdict(synced, renewed(yesterdayOnly, undefined, days), sundayNoon)).toBe('admitted');
    const again = ticketVerdict(
      renewed(today, undefined, days),
      0,
      { admittedHere: new Map(), outHere: new Map(), rules: rulesOf(synced) },
      'in',
      new Date(sundayNoon),
    );
    expect(again).toMatchObject({ kind: 'already', at: '2027-06-06T08:00:00.000Z', gate: 'B' });
    // Without the days, the same two keep the overall state: both "already".
    const withoutDays = syncedList(stored, { ...brought, days: undefined });
    expect(verdict(withoutDays, yesterdayOnly, sundayNoon)).toBe('already');
  });

  it('keep the stored list when the answer brings none or another', () => {
    expect(syncedList(stored, answer()).checkInList).toEqual(downloaded);
    const other = { ...downloaded, id: 'cccccccc-0000-4000-8000-000000000002', types: [] };
    expect(syncedList(stored, answer(other)).checkInList).toEqual(downloaded);
    expect(syncedList(stored, answer()).cursor).toBe('2');
  });
});
