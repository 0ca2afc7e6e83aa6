import { describe, expect, it } from 'vitest';
import { SendBatcher } from './send-batcher';

/** A writer whose writes finish when the test says so, recording how items were grouped. */
function writer(failOn?: number) {
  const calls: number[][] = [];
  const pending: (() => void)[] = [];
  const wait = () => new Promise<void>((resolve) => pending.push(resolve));
  return {
    calls,
    finishAll: () => pending.splice(0).forEach((finish) => finish()),
    write: {
      one: async (n: number) => {
        calls.push([n]);
        await wait();
        if (n === failOn) throw new Error(`bad ${n}`);
        return n * 10;
      },
      many: async (ns: number[]) => {
        calls.push(ns);
        await wait();
        if (failOn !== undefined && ns.includes(failOn)) throw new Error('rolled back');
        return ns.map((n) => n * 10);
      },
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SendBatcher', () => {
  it('writes at once when its lane is free, then groups what waited, in arrival order', async () => {
    const w = writer();
    const batcher = new SendBatcher(w.write, { lanes: 1, maxBatch: 3 });
    const results = [1, 2, 3, 4, 5].map((n) => batcher.submit('chat', n));
    await tick();
    expect(w.calls).toEqual([[1]]);
    w.finishAll();
    await tick();
    // 2, 3 and 4 waited: one write (maxBatch 3); 5 waits for the next.
    expect(w.calls).toEqual([[1], [2, 3, 4]]);
    w.finishAll();
    await tick();
    expect(w.calls).toEqual([[1], [2, 3, 4], [5]]);
    w.finishAll();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
  });

  it('writes different keys side by side on different lanes', async () => {
    const w = writer();
    const batcher = new SendBatcher(w.write, { lanes: 64, maxBatch: 10 });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const results = keys.map((key, n) => batcher.submit(key, n));
    await tick();
    // Six keys over 64 lanes: several writes start at once, none waits for another lane.
    expect(w.calls.length).toBeGreaterThan(1);
    while (w.calls.flat().length < keys.length) {
      w.finishAll();
      await tick();
    }
    w.finishAll();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('retries a failed group one by one, so only the bad item fails', async () => {
    const w = writer(4);
    const batcher = new SendBatcher(w.write, { lanes: 1, maxBatch: 10 });
    const first = batcher.submit('chat', 1);
    const rest = [3, 4, 5].map((n) => batcher.submit('chat', n).catch((e: Error) => e.message));
    await tick();
    w.finishAll();
    await first;
    await tick();
    w.finishAll(); // the group fails
    for (let i = 0; i < 3; i++) {
      await tick();
      w.finishAll();
    }
    expect(w.calls.slice(2)).toEqual([[3], [4], [5]]);
    expect(await Promise.all(rest)).toEqual([30, 'bad 4', 50]);
  });
});
