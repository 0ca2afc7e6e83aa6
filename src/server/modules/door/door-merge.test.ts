import { describe, expect, it } from 'vitest';
import { mergeScans, type LockedTicket } from './door-merge';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const at = (minute: number) => new Date(Date.UTC(2026, 11, 4, 19, minute));
const ticket = (id: string, over: Partial<LockedTicket> = {}): LockedTicket => ({
  id,
  status: 'valid',
  codeVersion: 0,
  transferPending: false,
  checkedInAt: null,
  ...over,
});
const scan = (ticketId: string, minute: number, version = 0) => ({
  ticketId,
  version,
  scannedAt: at(minute),
  gate: 'Gate B',
});

describe('merging scans from devices', () => {
  it('admits the first scan, and calls a second scan on the same device a duplicate', () => {
    const { outcomes, admit } = mergeScans({
      deviceId: A,
      scans: [scan('t1', 43), scan('t1', 42)],
      tickets: new Map([['t1', ticket('t1')]]),
      admissions: new Map(),
    });
    expect(outcomes.map((o) => o.result)).toEqual(['admitted', 'duplicate']);
    expect(admit).toEqual([{ ticketId: 't1', at: at(42) }]);
    expect(outcomes[1]?.first).toEqual({ deviceId: A, gate: 'Gate B', at: at(42) });
  });

  it('tells another device its scan came after an admission elsewhere', () => {
    const first = { deviceId: A, gate: 'Gate A', at: at(40) };
    const { outcomes, admit } = mergeScans({
      deviceId: B,
      scans: [scan('t1', 30)],
      tickets: new Map([['t1', ticket('t1', { status: 'checked_in', checkedInAt: at(40) })]]),
      admissions: new Map([['t1', first]]),
    });
    expect(outcomes).toEqual([{ scan: scan('t1', 30), result: 'conflict', first }]);
    expect(admit).toEqual([]);
  });

  it('reports a check-in at the online desk as the first admission', () => {
    const { outcomes } = mergeScans({
      deviceId: B,
      scans: [scan('t1', 50)],
      tickets: new Map([['t1', ticket('t1', { status: 'checked_in', checkedInAt: at(10) })]]),
      admissions: new Map(),
    });
    expect(outcomes[0]).toMatchObject({
      result: 'conflict',
      first: { deviceId: null, gate: null, at: at(10) },
    });
  });

  it('refuses refunded tickets and codes replaced by a transfer', () => {
    const { outcomes, admit } = mergeScans({
      deviceId: A,
      scans: [scan('void', 1), scan('moved', 2, 0), scan('pending', 3), scan('gone', 4)],
      tickets: new Map([
        ['void', ticket('void', { status: 'void' })],
        ['moved', ticket('moved', { codeVersion: 1 })],
        ['pending', ticket('pending', { transferPending: true })],
      ]),
      admissions: new Map(),
    });
    expect(outcomes.map((o) => o.result)).toEqual(['revoked', 'revoked', 'revoked', 'revoked']);
    expect(admit).toEqual([]);
  });
});

describe('check-out and re-entry', () => {
  const out = (ticketId: string, minute: number) => ({
    ...scan(ticketId, minute),
    kind: 'out' as const,
  });
  const inside = ticket('t1', { status: 'checked_in', checkedInAt: at(10) });
  const admittedByA = new Map([['t1', { deviceId: A, gate: 'Gate A', at: at(10) }]]);
  it.each([
    {
      name: 'without re-entry a check-out is refused and the guest stays in',
      reEntry: false,
      scans: [out('t1', 20), scan('t1', 21)],
      results: ['not_allowed', 'duplicate'],
      admit: [],
      checkOut: [],
    },
    {
      name: 'out then in again: checked out, then admitted anew',
      reEntry: true,
      scans: [out('t1', 20), scan('t1', 30)],
      results: ['checked_out', 'admitted'],
      admit: [{ ticketId: 't1', at: at(30) }],
      checkOut: [],
    },
    {
      name: 'in scan order whatever the sending order; two check-outs are one',
      reEntry: true,
      scans: [scan('t1', 30), out('t1', 21), out('t1', 20)],
      results: ['checked_out', 'not_in', 'admitted'],
      admit: [{ ticketId: 't1', at: at(30) }],
      checkOut: [],
    },
    {
      name: 'a guest who leaves and does not come back is checked out',
      reEntry: true,
      scans: [out('t1', 20)],
      results: ['checked_out'],
      admit: [],
      checkOut: ['t1'],
    },
  ])('$name', ({ reEntry, scans, results, admit, checkOut }) => {
    const merged = mergeScans({
      deviceId: A,
      scans,
      tickets: new Map([['t1', inside]]),
      admissions: admittedByA,
      reEntry,
    });
    expect(merged.outcomes.map((o) => o.result)).toEqual(results);
    expect(merged.admit).toEqual(admit);
    expect(merged.checkOut).toEqual(checkOut);
  });

  it('a check-out of a guest never admitted is "not in"', () => {
    const merged = mergeScans({
      deviceId: B,
      scans: [out('t2', 5)],
      tickets: new Map([['t2', ticket('t2')]]),
      admissions: new Map(),
      reEntry: true,
    });
    expect(merged.outcomes.map((o) => o.result)).toEqual(['not_in']);
    expect(merged.checkOut).toEqual([]);
  });
});
