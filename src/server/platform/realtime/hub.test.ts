import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../contracts/realtime';
import { RealtimeHub, parseWake, wakePayload, type RealtimeSource } from './hub';

interface Row {
  seq: number;
  user: string;
}

/** A table in memory: rows become visible when `commit` is called, as after a transaction. */
function memorySource(name: string) {
  const rows: Row[] = [];
  const reads: { after: number; gaps: number[] }[] = [];
  const source: RealtimeSource<Row> = {
    name,
    read: async (after, gaps, limit) => {
      reads.push({ after, gaps });
      // Answered on a later turn of the event loop, as a database read is.
      await new Promise((r) => setImmediate(r));
      const late = rows.filter((row) => gaps.includes(row.seq));
      const next = rows.filter((row) => row.seq > after).slice(0, limit);
      return [...late, ...next];
    },
    maxSeq: async () => 0,
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.user],
    frame: (batch): ServerFrame => ({ type: 'heartbeat', seq: batch.at(-1)?.seq ?? 0 }),
    changesFor: async () => [],
  };
  return {
    source,
    reads,
    commit: (...batch: Row[]) => {
      rows.push(...batch);
      rows.sort((a, b) => a.seq - b.seq);
    },
  };
}

/** Records the frames a socket gets (the hub's frame above carries the batch's last seq). */
function socket() {
  const received: string[] = [];
  return {
    received,
    bufferedAmount: 0,
    send: (data: string) => received.push(data),
    close: () => {},
  };
}

let hub: RealtimeHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

async function startHub(sources: RealtimeSource<Row>[]) {
  hub = new RealtimeHub({
    // Nothing listens there: these tests poke the hub themselves.
    databaseUrl: 'postgres://127.0.0.1:1/none',
    sources,
    notifyOthers: async () => {},
    signalOthers: async () => {},
    idlePollMs: 60_000,
    onError: () => {},
  });
  await hub.start();
  return hub;
}

describe('RealtimeHub', () => {
  it('delivers a backlog larger than one read once, in order, reading ahead while it sends', async () => {
    const table = memorySource('t');
    const started = await startHub([table.source]);
    const sockets = [socket(), socket(), socket()];
    sockets.forEach((s, i) => started.attach(`u${i}`, s));
    // 3,500 rows in one go, round-robin over three users: several full reads.
    table.commit(...Array.from({ length: 3500 }, (_, i) => ({ seq: i + 1, user: `u${i % 3}` })));
    started.poke(false);
    await started.settle();
    const seqs = sockets.map((s) => s.received.map((d) => (JSON.parse(d) as { seq: number }).seq));
    // One frame per user per read; the last frame of each user carries their last row.
    for (const [i, got] of seqs.entries()) {
      expect(got).toEqual([...got].sort((a, b) => a - b));
      expect(new Set(got).size).toBe(got.length);
      expect(got.at(-1)).toBe(3500 - ((3500 - 1 - i) % 3));
    }
    // Each read starts where the previous one ended.
    expect(table.reads.map((r) => r.after)).toEqual([0, 1000, 2000, 3000]);
    expect(started.position()).toBe(3500);
  });

  it('rows committed late into a gap are delivered once when they show up', async () => {
    const table = memorySource('t');
    const started = await startHub([table.source]);
    const s = socket();
    started.attach('u', s);
    table.commit({ seq: 2, user: 'u' });
    started.poke(false);
    await started.settle();
    table.commit({ seq: 1, user: 'u' });
    started.poke(false);
    await started.settle();
    started.poke(false);
    await started.settle();
    expect(s.received.map((d) => (JSON.parse(d) as { seq: number }).seq)).toEqual([2, 1]);
    expect(table.reads.at(-1)?.gaps).toEqual([]);
  });

  it("does not ask a table again for numbers another table's rows took (one shared sequence)", async () => {
    const a = memorySource('a');
    const b = memorySource('b');
    const started = await startHub([a.source, b.source]);
    const s = socket();
    started.attach('u', s);
    // 1, 3 and 5 are a's, 2 is b's, 4 is not committed yet: a real gap.
    a.commit({ seq: 1, user: 'u' }, { seq: 3, user: 'u' }, { seq: 5, user: 'u' });
    b.commit({ seq: 2, user: 'u' });
    started.poke(false);
    await started.settle();
    started.poke(false);
    await started.settle();
    // a skipped 2 and 4, b skipped 1: only 4 may still commit.
    expect(a.reads.at(-1)?.gaps).toEqual([4]);
    expect(b.reads.at(-1)?.gaps).toEqual([]);
    a.commit({ seq: 4, user: 'u' });
    started.poke(false);
    await started.settle();
    started.poke(false);
    await started.settle();
    expect([a.reads.at(-1)?.gaps, b.reads.at(-1)?.gaps]).toEqual([[], []]);
    const seqs = s.received.map((d) => (JSON.parse(d) as { seq: number }).seq);
    expect(seqs.filter((seq) => seq === 4)).toHaveLength(1);
  });

  it('a wake naming sources reads only those; an unnamed one reads them all', async () => {
    const a = memorySource('a');
    const b = memorySource('b');
    const started = await startHub([a.source, b.source]);
    const before = { a: a.reads.length, b: b.reads.length };
    started.poke(false, ['a']);
    await started.settle();
    expect([a.reads.length - before.a, b.reads.length - before.b]).toEqual([1, 0]);
    // Pokes during a read are merged: one for a, one for b → both next time.
    started.poke(false, ['a']);
    started.poke(false, ['a']);
    started.poke(false, ['b']);
    await started.settle();
    expect([a.reads.length - before.a, b.reads.length - before.b]).toEqual([3, 1]);
    started.poke(false, ['b']);
    started.poke(false);
    await started.settle();
    expect([a.reads.length - before.a, b.reads.length - before.b]).toEqual([4, 3]);
  });

  it("live frames use the source's own serialiser when it has one", async () => {
    const table = memorySource('t');
    table.source.serialize = (batch) => `rows ${batch.map((row) => row.seq).join(',')}`;
    const started = await startHub([table.source]);
    const s = socket();
    started.attach('u', s);
    table.commit({ seq: 1, user: 'u' }, { seq: 2, user: 'u' });
    started.poke(false);
    await started.settle();
    expect(s.received).toEqual(['rows 1,2']);
  });

  it('wake payloads carry the origin and the sources; an empty one means all sources', () => {
    expect(parseWake(wakePayload('p1', ['notifications', 'messages']))).toEqual({
      origin: 'p1',
      sources: ['notifications', 'messages'],
    });
    expect(parseWake(wakePayload('p1', []))).toEqual({ origin: 'p1', sources: [] });
    expect(parseWake('')).toEqual({ origin: '', sources: [] });
  });
});
