import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedCodeMessage, type DoorTicket } from '../../../contracts/door';
import { decide, hashEntries, importPublicKey, type DoorContext } from './verdict';

const eventId = '11111111-1111-4111-8111-111111111111';
const otherEvent = '22222222-2222-4222-8222-222222222222';
const ids = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];
const pair = generateKeyPairSync('ed25519');

const signed = (ticketId: string, version = 0, event = eventId, key = pair.privateKey) =>
  `${ticketId}.${version}.${event}.${sign(null, Buffer.from(signedCodeMessage(ticketId, version, event)), key).toString('base64url')}`;
const macCode = (id: string) => `${id}.abcdefghijklmnopqrstuv`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

const ticket = (id: string, over: Partial<DoorTicket> = {}): DoorTicket => ({
  id,
  v: 0,
  h: hashOf(macCode(id)),
  n: 'Ada Obi',
  t: 0,
  s: 'valid',
  at: null,
  g: null,
  ...over,
});

async function context(tickets: DoorTicket[], over: Partial<DoorContext> = {}) {
  return {
    eventId,
    key: await importPublicKey(pair.publicKey.export({ format: 'jwk' }).x ?? ''),
    types: [],
    byId: new Map(tickets.map((t) => [t.id, t])),
    byHash: new Map(hashEntries(tickets)),
    admittedHere: new Map(),
    outHere: new Map<string, string>(),
    ...over,
  } satisfies DoorContext;
}

describe('the verdict at the door, offline', () => {
  it('admits a genuine signed code and an older code found by its hash', async () => {
    const ctx = await context([ticket(ids[0] ?? ''), ticket(ids[1] ?? '')]);
    expect((await decide(signed(ids[0] ?? ''), ctx)).kind).toBe('admitted');
    expect((await decide(` ${macCode(ids[1] ?? '')} `, ctx)).kind).toBe('admitted');
  });

  it('says "code replaced" for an older printed code of a passed-on ticket, not "unknown"', async () => {
    const oldCode = macCode(ids[0] ?? '');
    const newCode = `${ids[0]}.zyxwvutsrqponmlkjihgfe`;
    // The list downloaded after the transfer names the old code among those replaced.
    const after = await context([
      ticket(ids[0] ?? '', { v: 1, h: hashOf(newCode), r: [hashOf(oldCode)] }),
    ]);
    expect(await decide(oldCode, after)).toMatchObject({ kind: 'revoked', reason: 'replaced' });
    expect((await decide(newCode, after)).kind).toBe('admitted');
    // A list downloaded before it learns of the transfer on sync: the old hash stays, as replaced.
    const before = await context([ticket(ids[0] ?? '')]);
    const moved = ticket(ids[0] ?? '', { v: 1, h: hashOf(newCode), r: [hashOf(oldCode)] });
    const byHash = new Map(before.byHash);
    for (const [hash, entry] of hashEntries([moved])) byHash.set(hash, entry);
    const synced = { ...before, byId: new Map([[moved.id, moved]]), byHash };
    expect(await decide(oldCode, synced)).toMatchObject({ kind: 'revoked', reason: 'replaced' });
    expect((await decide(newCode, synced)).kind).toBe('admitted');
  });

  it('refuses forged and altered codes, and says when a code is for another event', async () => {
    const ctx = await context([ticket(ids[0] ?? '')]);
    const forger = generateKeyPairSync('ed25519').privateKey;
    expect((await decide(signed(ids[0] ?? '', 0, eventId, forger), ctx)).kind).toBe('unknown');
    const altered = signed(ids[0] ?? '', 0).replace(`${ids[0]}.0.`, `${ids[0]}.1.`);
    expect((await decide(altered, ctx)).kind).toBe('unknown');
    expect((await decide(`${ids[0]}.AAAAAAAAAAAAAAAAAAAAAA`, ctx)).kind).toBe('unknown');
    expect((await decide(signed(ids[0] ?? '', 0, otherEvent), ctx)).kind).toBe('wrong_event');
  });

  it('says when and where a ticket was already checked in', async () => {
    const at = '2026-12-04T19:42:00.000Z';
    const ctx = await context([ticket(ids[0] ?? '', { s: 'checked_in', at, g: 'Gate B' })], {
      admittedHere: new Map([[ids[1] ?? '', { at, gate: 'Gate A' }]]),
    });
    expect(await decide(signed(ids[0] ?? ''), ctx)).toMatchObject({
      kind: 'already',
      at,
      gate: 'Gate B',
    });
    const here = await context([ticket(ids[1] ?? '')], { admittedHere: ctx.admittedHere });
    expect(await decide(signed(ids[1] ?? ''), here)).toMatchObject({
      kind: 'already',
      gate: 'Gate A',
    });
  });

  it('refuses refunded tickets and codes replaced by a transfer', async () => {
    const ctx = await context([
      ticket(ids[0] ?? '', { s: 'void' }),
      ticket(ids[1] ?? '', { v: 1 }),
    ]);
    expect(await decide(signed(ids[0] ?? ''), ctx)).toMatchObject({
      kind: 'revoked',
      reason: 'refunded',
    });
    expect(await decide(signed(ids[1] ?? '', 0), ctx)).toMatchObject({
      kind: 'revoked',
      reason: 'replaced',
    });
  });

  it('admits a genuine ticket bought after the download, unless the list is of chosen types', async () => {
    const fresh = signed(ids[1] ?? '');
    expect((await decide(fresh, await context([]))).kind).toBe('admitted');
    const vipOnly = await context([], { types: ['33333333-3333-4333-8333-333333333333'] });
    expect((await decide(fresh, vipOnly)).kind).toBe('not_on_list');
  });

  it.each([
    ['a guest inside is checked out', { s: 'checked_in' as const }, [], 'out', 'checked_out'],
    ['a guest outside cannot be checked out', {}, [], 'out', 'not_in'],
    [
      'a guest checked out here comes back in',
      { s: 'checked_in' as const },
      ['me'],
      'in',
      'admitted',
    ],
    ['a guest inside is not admitted twice', { s: 'checked_in' as const }, [], 'in', 'already'],
  ] as const)('%s', async (_name, state, out, mode, expected) => {
    const id = ids[0] ?? '';
    const ctx = await context([ticket(id, state)], {
      outHere: new Map(out.map(() => [id, new Date().toISOString()] as const)),
    });
    expect((await decide(signed(id), ctx, mode)).kind).toBe(expected);
  });
});
