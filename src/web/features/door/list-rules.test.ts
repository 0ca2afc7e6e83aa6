import { generateKeyPairSync, sign } from 'node:crypto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedCodeMessage, type DoorTicket } from '../../../contracts/door';
import {
  decide,
  hashEntries,
  importPublicKey,
  type DoorContext,
  type DoorMode,
  type ListRules,
} from './verdict';

// A check-in list's rules on the device (decision 116): the ticket types on it, and its window.

const eventId = '11111111-1111-4111-8111-111111111111';
const saturdayTicket = 'aaaaaaaa-0000-4000-8000-000000000001';
const sundayTicket = 'aaaaaaaa-0000-4000-8000-000000000002';
const pair = generateKeyPairSync('ed25519');
const signed = (ticketId: string) =>
  `${ticketId}.0.${eventId}.${sign(null, Buffer.from(signedCodeMessage(ticketId, 0, eventId)), pair.privateKey).toString('base64url')}`;
const macCode = (id: string) => `${id}.abcdefghijklmnopqrstuv`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

const ticket = (id: string, t: number, over: Partial<DoorTicket> = {}): DoorTicket => ({
  id,
  v: 0,
  h: hashOf(macCode(id)),
  n: 'Ada Obi',
  t,
  s: 'valid',
  at: null,
  g: null,
  ...over,
});

const opens = '2027-06-05T08:00:00.000Z';
const closes = '2027-06-06T04:00:00.000Z';
const saturdayOnly: ListRules = { typeIndexes: new Set([0]), validFrom: opens, validUntil: closes };
const anyType: ListRules = { typeIndexes: null, validFrom: opens, validUntil: null };

async function context(rules: ListRules | undefined, over: Partial<DoorTicket> = {}) {
  const tickets = [ticket(saturdayTicket, 0, over), ticket(sundayTicket, 1)];
  return {
    eventId,
    key: await importPublicKey(pair.publicKey.export({ format: 'jwk' }).x ?? ''),
    types: [],
    byId: new Map(tickets.map((t) => [t.id, t])),
    byHash: new Map(hashEntries(tickets)),
    admittedHere: new Map(),
    outHere: new Map<string, string>(),
    rules,
  } satisfies DoorContext;
}

const newTicket = 'aaaaaaaa-0000-4000-8000-000000000003';

describe("a check-in list's rules, offline", () => {
  it.each<[string, ListRules | undefined, string, Partial<DoorTicket>, string, DoorMode, string]>([
    [
      'no list: any ticket in',
      undefined,
      saturdayTicket,
      {},
      '2020-01-01T00:00:00Z',
      'in',
      'admitted',
    ],
    [
      'on the list, inside the window',
      saturdayOnly,
      saturdayTicket,
      {},
      '2027-06-05T19:00:00Z',
      'in',
      'admitted',
    ],
    [
      'another type: not on this list',
      saturdayOnly,
      sundayTicket,
      {},
      '2027-06-05T19:00:00Z',
      'in',
      'not_on_list',
    ],
    [
      'another type before the window: not on this list first',
      saturdayOnly,
      sundayTicket,
      {},
      '2027-06-05T07:00:00Z',
      'in',
      'not_on_list',
    ],
    [
      'before the window: not yet valid',
      saturdayOnly,
      saturdayTicket,
      {},
      '2027-06-05T07:59:59Z',
      'in',
      'not_yet_valid',
    ],
    ['at the opening minute: in', saturdayOnly, saturdayTicket, {}, opens, 'in', 'admitted'],
    ['at the closing time: closed', saturdayOnly, saturdayTicket, {}, closes, 'in', 'list_closed'],
    [
      'no end: open after the start',
      anyType,
      sundayTicket,
      {},
      '2030-01-01T00:00:00Z',
      'in',
      'admitted',
    ],
    [
      'refunded says refunded, whatever the list',
      saturdayOnly,
      saturdayTicket,
      { s: 'void' },
      '2027-06-05T07:00:00Z',
      'in',
      'revoked',
    ],
    [
      'already in says so inside the window',
      saturdayOnly,
      saturdayTicket,
      { s: 'checked_in' },
      '2027-06-05T19:00:00Z',
      'in',
      'already',
    ],
    [
      'a check-out ignores the window',
      saturdayOnly,
      saturdayTicket,
      { s: 'checked_in' },
      '2027-06-06T05:00:00Z',
      'out',
      'checked_out',
    ],
    [
      'bought after the download, type unknown: not on a typed list',
      saturdayOnly,
      newTicket,
      {},
      '2027-06-05T19:00:00Z',
      'in',
      'not_on_list',
    ],
    [
      'bought after the download, any type: the window still holds',
      anyType,
      newTicket,
      {},
      '2027-06-05T07:00:00Z',
      'in',
      'not_yet_valid',
    ],
  ])('%s', async (_name, rules, id, over, now, mode, expected) => {
    const ctx = await context(rules, over);
    expect((await decide(signed(id), ctx, mode, new Date(now))).kind).toBe(expected);
  });

  it('says when the list opens, and reads an older code by its hash the same way', async () => {
    const ctx = await context(saturdayOnly);
    const early = new Date('2027-06-05T06:00:00Z');
    expect(await decide(signed(saturdayTicket), ctx, 'in', early)).toEqual({
      kind: 'not_yet_valid',
      from: opens,
      by: 'list',
    });
    expect((await decide(macCode(saturdayTicket), ctx, 'in', early)).kind).toBe('not_yet_valid');
    expect((await decide(macCode(sundayTicket), ctx, 'in', early)).kind).toBe('not_on_list');
    expect(await decide(macCode(saturdayTicket), ctx, 'in', new Date(closes))).toEqual({
      kind: 'list_closed',
      until: closes,
    });
  });
});
