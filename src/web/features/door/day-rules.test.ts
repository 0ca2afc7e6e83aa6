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
    outHere: new Set(),
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
    });
  });

  it('names the day in the event zone', () => {
    expect(entryDay(new Date('2027-06-05T23:30:00Z'), 'Europe/Berlin')).toBe('2027-06-06');
    expect(entryDay(new Date('2027-06-05T23:30:00Z'), 'America/New_York')).toBe('2027-06-05');
  });
});
