import { generateKeyPairSync, sign } from 'node:crypto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedCodeMessage, type DoorTicket } from '../../../contracts/door';
import { entryDay } from '../../../contracts/door-lists';
import { decide, hashEntries, importPublicKey, type DoorContext, type ListRules } from './verdict';

// One entry per day on a check-in list, and a ticket type's validity start, offline (decision
// 120): a guest admitted on Saturday is admitted again on Sunday, never twice the same day; the
// day is the event's (Berlin here), not the device's or UTC's.

const eventId = '11111111-1111-4111-8111-111111111111';
const guest = 'aaaaaaaa-0000-4000-8000-000000000001';
const pair = generateKeyPairSync('ed25519');
const signed = (ticketId: string) =>
  `${ticketId}.0.${eventId}.${sign(null, Buffer.from(signedCodeMessage(ticketId, 0, eventId)), pair.privateKey).toString('base64url')}`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

const timeZone = 'Europe/Berlin';
const perDay: ListRules = {
  typeIndexes: null,
  validFrom: null,
  validUntil: null,
  perDay: true,
  timeZone,
};
const once: ListRules = { ...perDay, perDay: false };
const typeNotYet: ListRules = {
  typeIndexes: null,
  validFrom: null,
  validUntil: null,
  typeValidFrom: ['2027-06-06T08:00:00.000Z'],
};

async function context(
  rules: ListRules,
  over: Partial<DoorTicket>,
  here: { at: string; gate: string } | null,
): Promise<DoorContext> {
  const ticket: DoorTicket = {
    id: guest,
    v: 0,
    h: hashOf(`${guest}.x`),
    n: 'Ada Obi',
    t: 0,
    s: 'valid',
    at: null,
    g: null,
    ...over,
  };
  return {
    eventId,
    key: await importPublicKey(pair.publicKey.export({ format: 'jwk' }).x ?? ''),
    types: [],
    byId: new Map([[guest, ticket]]),
    byHash: new Map(hashEntries([ticket])),
    admittedHere: new Map(here ? [[guest, here]] : []),
    outHere: new Map(),
    rules,
  };
}

const saturdayEvening = '2027-06-05T19:00:00Z';
const saturday = {
  s: 'checked_in' as const,
  at: saturdayEvening,
  g: 'A',
  d: { '2027-06-05': { at: saturdayEvening, g: 'A' } },
};

describe('one entry per day per list, offline', () => {
  it.each<
    [string, ListRules, Partial<DoorTicket>, { at: string; gate: string } | null, string, string]
  >([
    ['never admitted: in', perDay, {}, null, '2027-06-05T10:00:00Z', 'admitted'],
    [
      'admitted Saturday, scanned Saturday: already',
      perDay,
      saturday,
      null,
      '2027-06-05T21:00:00Z',
      'already',
    ],
    [
      'admitted Saturday, scanned Sunday: in again',
      perDay,
      saturday,
      null,
      '2027-06-06T10:00:00Z',
      'admitted',
    ],
    // 23:30 UTC on Saturday is 01:30 on Sunday in Berlin: the event's day, not UTC's.
    [
      'after midnight in the event zone: a new day',
      perDay,
      saturday,
      null,
      '2027-06-05T23:30:00Z',
      'admitted',
    ],
    [
      'before midnight in the event zone: the same day',
      perDay,
      saturday,
      null,
      '2027-06-05T21:59:00Z',
      'already',
    ],
    [
      'admitted here today (not synced): already',
      perDay,
      {},
      { at: '2027-06-06T09:00:00Z', gate: 'B' },
      '2027-06-06T10:00:00Z',
      'already',
    ],
    [
      'admitted here yesterday (not synced): in',
      perDay,
      {},
      { at: '2027-06-05T09:00:00Z', gate: 'B' },
      '2027-06-06T10:00:00Z',
      'admitted',
    ],
    [
      'a once-only list: Saturday counts on Sunday',
      once,
      saturday,
      null,
      '2027-06-06T10:00:00Z',
      'already',
    ],
    [
      'refunded: refunded on any day',
      perDay,
      { ...saturday, s: 'void' },
      null,
      '2027-06-06T10:00:00Z',
      'revoked',
    ],
    [
      'the type not yet valid: not yet valid',
      typeNotYet,
      {},
      null,
      '2027-06-06T07:59:00Z',
      'not_yet_valid',
    ],
    ['the type valid from its start: in', typeNotYet, {}, null, '2027-06-06T08:00:00Z', 'admitted'],
  ])('%s', async (_name, rules, over, here, now, expected) => {
    const ctx = await context(rules, over, here);
    expect((await decide(signed(guest), ctx, 'in', new Date(now))).kind).toBe(expected);
  });

  it("says when today's admission was, and the later of the list's and the type's starts", async () => {
    const ctx = await context(perDay, saturday, null);
    expect(await decide(signed(guest), ctx, 'in', new Date('2027-06-05T21:00:00Z'))).toMatchObject({
      kind: 'already',
      at: saturdayEvening,
      gate: 'A',
    });
    const both = await context({ ...typeNotYet, validFrom: '2027-06-06T06:00:00.000Z' }, {}, null);
    expect(await decide(signed(guest), both, 'in', new Date('2027-06-06T07:00:00Z'))).toEqual({
      kind: 'not_yet_valid',
      from: '2027-06-06T08:00:00.000Z',
      by: 'ticket',
    });
  });

  it('names the day in the event zone', () => {
    expect(entryDay(new Date('2027-06-05T23:30:00Z'), 'Europe/Berlin')).toBe('2027-06-06');
    expect(entryDay(new Date('2027-06-05T23:30:00Z'), 'America/New_York')).toBe('2027-06-05');
  });
});

describe('check-out and re-entry on a one-entry-per-day list, offline', () => {
  // What the server knows of the 25th (from the download or a sync), and this device's own scans.
  const inOn25 = {
    s: 'checked_in' as const,
    d: { '2026-10-25': { at: '2026-10-25T08:00:00Z', g: 'A' } },
  };
  const outOn25 = {
    s: 'checked_in' as const,
    d: { '2026-10-25': { at: '2026-10-25T08:00:00Z', g: 'A', o: true as const } },
  };
  const inOn24 = {
    s: 'checked_in' as const,
    d: { '2026-10-24': { at: '2026-10-24T12:00:00Z', g: 'A' } },
  };
  type Row = [
    string,
    'in' | 'out',
    Partial<DoorTicket>,
    { here?: string; out?: string },
    string,
    string,
  ];
  it.each<Row>([
    ['admitted today: checked out', 'out', inOn25, {}, '2026-10-25T12:00:00Z', 'checked_out'],
    // The ticket reads "checked in" overall, from yesterday: today it is not in.
    ['admitted yesterday only: not in today', 'out', inOn24, {}, '2026-10-25T12:00:00Z', 'not_in'],
    ['never admitted: not in', 'out', {}, {}, '2026-10-25T12:00:00Z', 'not_in'],
    ['checked out today elsewhere: not in', 'out', outOn25, {}, '2026-10-25T12:00:00Z', 'not_in'],
    [
      'checked out today elsewhere: in again',
      'in',
      outOn25,
      {},
      '2026-10-25T12:00:00Z',
      'admitted',
    ],
    [
      'checked out here today: in again',
      'in',
      inOn25,
      { out: '2026-10-25T10:00:00Z' },
      '2026-10-25T12:00:00Z',
      'admitted',
    ],
    [
      'checked out here today: not in',
      'out',
      inOn25,
      { out: '2026-10-25T10:00:00Z' },
      '2026-10-25T12:00:00Z',
      'not_in',
    ],
    [
      'admitted here today: checked out',
      'out',
      {},
      { here: '2026-10-25T10:00:00Z' },
      '2026-10-25T12:00:00Z',
      'checked_out',
    ],
    [
      'admitted here yesterday: not in today',
      'out',
      {},
      { here: '2026-10-24T10:00:00Z' },
      '2026-10-25T12:00:00Z',
      'not_in',
    ],
    [
      'checked out here yesterday, in today: checked out',
      'out',
      inOn25,
      { out: '2026-10-24T20:00:00Z' },
      '2026-10-25T12:00:00Z',
      'checked_out',
    ],
    [
      'refunded: refunded, not checked out',
      'out',
      { ...inOn25, s: 'void' },
      {},
      '2026-10-25T12:00:00Z',
      'revoked',
    ],
    // Summer time ends at 01:00 UTC on the 25th: the 25th in Berlin runs 22:00 UTC on the 24th
    // to 23:00 UTC on the 25th.
    [
      'the 25th starts at 22:00 UTC on the 24th (summer time)',
      'out',
      inOn25,
      {},
      '2026-10-24T22:00:00Z',
      'checked_out',
    ],
    [
      '21:59 UTC on the 24th is still the 24th',
      'out',
      inOn25,
      {},
      '2026-10-24T21:59:00Z',
      'not_in',
    ],
    [
      '22:59 UTC on the 25th is still the 25th (winter time)',
      'out',
      inOn25,
      {},
      '2026-10-25T22:59:00Z',
      'checked_out',
    ],
    ['23:00 UTC on the 25th is the 26th', 'out', inOn25, {}, '2026-10-25T23:00:00Z', 'not_in'],
    [
      'admitted here at 22:30 UTC on the 24th counts on the 25th',
      'out',
      {},
      { here: '2026-10-24T22:30:00Z' },
      '2026-10-25T22:30:00Z',
      'checked_out',
    ],
    // Summer time starts at 01:00 UTC on 28 March 2027: that day ends at 22:00 UTC.
    [
      'spring: 22:00 UTC on 28 March is the 29th',
      'in',
      { s: 'checked_in', d: { '2027-03-28': { at: '2027-03-28T09:00:00Z', g: 'A' } } },
      {},
      '2027-03-28T22:00:00Z',
      'admitted',
    ],
    [
      'spring: 21:59 UTC on 28 March is the 28th',
      'in',
      { s: 'checked_in', d: { '2027-03-28': { at: '2027-03-28T09:00:00Z', g: 'A' } } },
      {},
      '2027-03-28T21:59:00Z',
      'already',
    ],
  ])('%s', async (_name, mode, over, local, now, expected) => {
    const ctx = await context(perDay, over, local.here ? { at: local.here, gate: 'B' } : null);
    const withOut = { ...ctx, outHere: new Map(local.out ? [[guest, local.out]] : []) };
    expect((await decide(signed(guest), withOut, mode, new Date(now))).kind).toBe(expected);
  });

  it('a check-out ignores the list window, on a per-day list too', async () => {
    const closed = { ...perDay, validUntil: '2026-10-25T11:00:00Z' };
    const ctx = await context(closed, inOn25, null);
    expect((await decide(signed(guest), ctx, 'out', new Date('2026-10-25T12:00:00Z'))).kind).toBe(
      'checked_out',
    );
    expect((await decide(signed(guest), ctx, 'in', new Date('2026-10-25T12:00:00Z'))).kind).toBe(
      'list_closed',
    );
  });
});
