import { describe, expect, it } from 'vitest';
import { ViewBuffer, type PendingView } from './view-buffer';
import { ViewerCaps } from './viewer-caps';

const view = (serveId: string, campaignId = 'c1'): PendingView => ({
  serveId,
  campaignId,
  viewer: 'a:x',
  day: '2026-11-26',
});

describe('ViewBuffer', () => {
  it('takes each serving once per process and writes what waits in one batch', async () => {
    const written: PendingView[][] = [];
    const buffer = new ViewBuffer({
      flushMs: 60_000,
      onError: () => {},
      write: async (batch) => {
        written.push(batch);
        return batch.length;
      },
    });
    expect(buffer.add([view('s1'), view('s1'), view('s2')]).map((v) => v.serveId)).toEqual([
      's1',
      's2',
    ]);
    expect(buffer.add([view('s2'), view('s3')]).map((v) => v.serveId)).toEqual(['s3']);
    expect(await buffer.flush()).toBe(3);
    // Written already: a repeat is still answered "not taken" (remembered), and not written.
    expect(buffer.add([view('s1')])).toEqual([]);
    expect(await buffer.flush()).toBe(0);
    expect(written.map((batch) => batch.map((v) => v.serveId))).toEqual([['s1', 's2', 's3']]);
  });

  it('keeps a failed batch for the next one, within its bound', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const written: string[] = [];
    const buffer = new ViewBuffer({
      flushMs: 60_000,
      maxPending: 3,
      onError: (error) => errors.push(error),
      write: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(...batch.map((v) => v.serveId));
        return batch.length;
      },
    });
    buffer.add([view('s1'), view('s2')]);
    expect(await buffer.flush()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(buffer.size).toBe(2);
    // Full at three: the fourth is not taken (answered 0) rather than growing without end.
    expect(buffer.add([view('s3'), view('s4')]).map((v) => v.serveId)).toEqual(['s3']);
    fail = false;
    expect(await buffer.flush()).toBe(3);
    expect(written.sort()).toEqual(['s1', 's2', 's3']);
  });
});

describe('ViewerCaps', () => {
  it('reads a viewer once within its age, counts this process’s views at once, reads again after', async () => {
    let clock = 0;
    const loads: string[] = [];
    const caps = new ViewerCaps(
      async (viewer, day) => {
        loads.push(`${viewer} ${day}`);
        return new Map([['c1', 1]]);
      },
      10_000,
      2,
      () => clock,
    );
    expect((await caps.get('a:x', 'd1')).get('c1')).toBe(1);
    caps.add('a:x', 'd1', 'c1');
    expect((await caps.get('a:x', 'd1')).get('c1')).toBe(2);
    expect(loads).toEqual(['a:x d1']);
    // A new day, or an older copy, is read again (other processes' views).
    expect((await caps.get('a:x', 'd2')).get('c1')).toBe(1);
    clock = 10_001;
    await caps.get('a:x', 'd2');
    expect(loads).toEqual(['a:x d1', 'a:x d2', 'a:x d2']);
    // A browser given its key by this request has seen nothing: no read.
    expect((await caps.get('a:new', 'd2', true)).size).toBe(0);
    expect(loads).toHaveLength(3);
  });

  it('keeps at most maxViewers copies, the oldest going first', async () => {
    let loads = 0;
    const caps = new ViewerCaps(
      async () => {
        loads += 1;
        return new Map();
      },
      10_000,
      2,
      () => 0,
    );
    await caps.get('v1', 'd');
    await caps.get('v2', 'd');
    await caps.get('v3', 'd');
    await caps.get('v3', 'd');
    await caps.get('v2', 'd');
    expect(loads).toBe(3);
    await caps.get('v1', 'd');
    expect(loads).toBe(4);
  });
});
