import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run (the batcher's hand-offs are all microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A `run` the test finishes by hand: records each batch it is given and how many run at once,
 * and answers `input * 10` per input when the test releases it.
 */
function manualRun() {
  const batches: number[][] = [];
  const pending: { inputs: number[]; done: ReturnType<typeof deferred<number[]>> }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run = (inputs: number[]) => {
    batches.push([...inputs]);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    const done = deferred<number[]>();
    pending.push({ inputs, done });
    return done.promise.finally(() => {
      running -= 1;
    });
  };
  /** Answers the oldest unanswered batch. */
  const finishOldest = async () => {
    const next = pending.shift();
    if (!next) throw new Error('no batch is running');
    next.done.resolve(next.inputs.map((n) => n * 10));
    await settle();
  };
  return {
    run,
    batches,
    finishOldest,
    get running() {
      return running;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

describe('Batcher', () => {
  it('runs a lone request at once, in a batch of its own', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test', maxInFlight: 1 });
    const answer = batcher.submit(7);
    // No waiting for company: the batch left before submit returned.
    expect(r.batches).toEqual([[7]]);
    await r.finishOldest();
    await expect(answer).resolves.toBe(70);
  });

  it('sends the requests that arrive while a batch is in flight together in the next one', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test', maxInFlight: 1 });
    const first = batcher.submit(1);
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await settle();
    // They wait for the batch in flight.
    expect(r.batches).toEqual([[1]]);
    await r.finishOldest();
    await expect(first).resolves.toBe(10);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.finishOldest();
    // Each caller gets the result at its own position.
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
    // Idle again: the next lone request goes at once.
    const alone = batcher.submit(5);
    expect(r.batches).toEqual([[1], [2, 3, 4], [5]]);
    await r.finishOldest();
    await expect(alone).resolves.toBe(50);
  });

  it('keeps at most maxInFlight batches running (two unless told)', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test' });
    const answers = [batcher.submit(1), batcher.submit(2)];
    // Two slots: the second request does not wait for the first.
    expect(r.batches).toEqual([[1], [2]]);
    answers.push(...[3, 4, 5].map((n) => batcher.submit(n)));
    await settle();
    expect(r.batches).toHaveLength(2);
    expect(r.running).toBe(2);
    await r.finishOldest();
    // A slot freed: everyone waiting goes in one batch.
    expect(r.batches).toEqual([[1], [2], [3, 4, 5]]);
    answers.push(batcher.submit(6));
    await settle();
    expect(r.batches).toHaveLength(3);
    await r.finishOldest();
    expect(r.batches).toEqual([[1], [2], [3, 4, 5], [6]]);
    await r.finishOldest();
    await r.finishOldest();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60]);
    expect(r.mostAtOnce).toBe(2);
    expect(r.running).toBe(0);
  });

  it('holds maxInFlight 1 to one batch at a time, however many wait', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test', maxInFlight: 1, maxBatch: 3 });
    const answers = Array.from({ length: 10 }, (_, i) => batcher.submit(i));
    while (r.running) await r.finishOldest();
    await expect(Promise.all(answers)).resolves.toEqual(answers.map((_, i) => i * 10));
    expect(r.mostAtOnce).toBe(1);
  });

  it('splits what waits into batches of at most maxBatch, in arrival order', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test', maxInFlight: 1, maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    while (r.running) await r.finishOldest();
    expect(r.batches).toEqual([[1], [2, 3], [4, 5], [6]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('retries a batch that throws one input at a time, so only the bad input fails', async () => {
    const batches: string[][] = [];
    const gate = deferred<void>();
    const batcher = new Batcher<string, string>(
      async (inputs) => {
        batches.push([...inputs]);
        if (inputs[0] === 'first') await gate.promise;
        if (inputs.includes('bad')) throw new Error('bad input');
        return inputs.map((s) => s.toUpperCase());
      },
      { name: 'test', maxInFlight: 1 },
    );
    const first = batcher.submit('first');
    const good1 = batcher.submit('a');
    const bad = batcher.submit('bad');
    const good2 = batcher.submit('c');
    gate.resolve();
    await expect(first).resolves.toBe('FIRST');
    await expect(good1).resolves.toBe('A');
    await expect(bad).rejects.toThrow('bad input');
    await expect(good2).resolves.toBe('C');
    expect(batches).toEqual([['first'], ['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    // The batcher carries on after a failure.
    await expect(batcher.submit('d')).resolves.toBe('D');
    expect(batches.at(-1)).toEqual(['d']);
  });

  it('rejects a lone request with the error its run threw', async () => {
    const error = new Error('database down');
    const batcher = new Batcher<number, number>(() => Promise.reject(error), { name: 'test' });
    await expect(batcher.submit(1)).rejects.toBe(error);
  });

  it('rejects the callers past the end when run answers fewer results than inputs, naming it', async () => {
    const gate = deferred<void>();
    const batcher = new Batcher<number, number>(
      async (inputs) => {
        if (inputs[0] === 0) await gate.promise;
        return inputs.slice(0, 1).map((n) => n * 10);
      },
      { name: 'insertThings', maxInFlight: 1 },
    );
    const first = batcher.submit(0);
    const answers = [1, 2, 3].map((n) =>
      batcher.submit(n).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    );
    gate.resolve();
    await expect(first).resolves.toBe(0);
    const [one, two, three] = await Promise.all(answers);
    expect(one).toEqual({ value: 10 });
    for (const missing of [two, three]) {
      expect(missing).toHaveProperty('error');
      const error = (missing as { error: Error }).error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain('insertThings');
      expect(error.message).toMatch(/fewer results than inputs/);
    }
  });

  it('is idle at once with nothing to do, else once every submitted batch has answered', async () => {
    const r = manualRun();
    const batcher = new Batcher(r.run, { name: 'test', maxInFlight: 1 });
    await expect(batcher.idle()).resolves.toBeUndefined();
    const answers = [1, 2, 3].map((n) => batcher.submit(n));
    let idle = false;
    const waiting = batcher.idle().then(() => (idle = true));
    await r.finishOldest();
    // The first batch answered, the second ([2, 3]) is still in the database.
    expect(idle).toBe(false);
    await r.finishOldest();
    await waiting;
    expect(r.running).toBe(0);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30]);
  });
});
