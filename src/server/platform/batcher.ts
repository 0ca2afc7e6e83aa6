interface Waiting<In, Out> {
  input: In;
  resolve: (result: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Requests that arrive while a batch or two are in the database go together in the next one: a
 * lone request waits for nothing (its batch leaves at once), and under load each round trip,
 * statement and commit serves dozens of requests instead of one (checkout holds, decision 006;
 * message sends, decision 010). `run` answers one result per input, in order. A batch that fails
 * as a whole is retried request by request, so one request's error stays its own.
 */
export class Batcher<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly options: {
      /** Used in the error when `run` answers fewer results than inputs. */
      name: string;
      /**
       * Batches in the database at once. Two keep both sides busy: while one batch runs, the
       * server answers the last one's callers and gathers the next.
       */
      maxInFlight?: number;
      maxBatch?: number;
    },
  ) {}

  /** Requests waiting for the next batch (not those in the database now). */
  get pending(): number {
    return this.waiting.length;
  }

  /**
   * Resolves once nothing waits and no batch is in the database: a closing app awaits it so that
   * what its requests submitted is written before the database goes.
   */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  submit(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.inFlight < (this.options.maxInFlight ?? 2)) void this.drain();
    });
  }

  private async drain() {
    this.inFlight += 1;
    try {
      while (this.waiting.length) {
        await this.runBatch(this.waiting.splice(0, this.options.maxBatch ?? 200));
      }
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0 && this.waiting.length === 0) {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    }
  }

  private async runBatch(batch: Waiting<In, Out>[]): Promise<void> {
    let results: Out[];
    try {
      results = await this.run(batch.map((w) => w.input));
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const one of batch) await this.runBatch([one]);
      return;
    }
    batch.forEach((w, i) => {
      if (i < results.length) w.resolve(results[i] as Out);
      else w.reject(new Error(`${this.options.name} returned fewer results than inputs`));
    });
  }
}

/**
 * `make(key)` made once per key and kept while the key lives: each database handle (one per
 * app) gets its own batcher, so tests with several apps never share one.
 */
export function onePer<Key extends object, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}
