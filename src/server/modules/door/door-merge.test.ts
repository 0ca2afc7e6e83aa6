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
