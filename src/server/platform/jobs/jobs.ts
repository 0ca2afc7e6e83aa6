import PgBoss from 'pg-boss';
import { createJobPool } from './job-pool';
import { retireNewerSchema, carryOverRetiredJobs, JOB_SCHEMA } from './job-schema';
import type {
  Job,
  JobDb,
  JobInsert,
  JobResult,
  QueueOptions,
  SendOptions,
  WorkOptions,
} from './job-types';

export type { Job, JobDb, JobInsert, JobResult } from './job-types';

type Handler<T> = (jobs: Job<T>[]) => Promise<unknown>;

/**
 * One polling loop over a queue. pg-boss 10's own `work` completes and fails jobs without
 * awaiting the query (a database that drops mid-batch becomes an unhandled rejection, which ends
 * the process) and waits a full polling interval even after a full batch; this loop awaits every
 * query, reports errors, fetches again at once while there is work, and can be woken when a job
 * is sent from this process.
 */
class WorkLoop<T> {
  stopping = false;
  /** Jobs handed to the handler and not yet completed or failed. */
  active: string[] = [];
  done: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly options: WorkOptions,
    private readonly handler: Handler<T>,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    this.done = this.loop();
  }

  wake(): void {
    this.wakeUp?.();
  }

  stop(): void {
    this.stopping = true;
    this.wake();
  }

  private async loop(): Promise<void> {
    const batchSize = this.options.batchSize ?? 1;
    const intervalMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    while (!this.stopping) {
      let fetched = 0;
      try {
        // pg-boss's fetch answers [] when the query fails, so a database that is away is polled
        // again after the interval and the loop resumes by itself when it returns.
        const jobs = (await this.boss.fetch<T>(this.name, { batchSize })) ?? [];
        fetched = jobs.length;
        if (fetched) await this.run(jobs);
      } catch (error) {
        this.onError(asError(error, this.name));
      }
      if (fetched >= batchSize || this.stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private async run(jobs: Job<T>[]): Promise<void> {
    this.active = jobs.map((j) => j.id);
    let results: JobResult[];
    try {
      const output = await this.handler(jobs);
      results = this.options.perJobResults
        ? (output as JobResult[])
        : jobs.map((j) => ({ id: j.id, status: 'completed' as const }));
    } catch (error) {
      const output = { message: asError(error, this.name).message };
      results = jobs.map((j) => ({ id: j.id, status: 'failed' as const, output }));
    }
    const completed = results.filter((r) => r.status === 'completed').map((r) => r.id);
    if (completed.length) await this.boss.complete(this.name, completed);
    for (const failure of results.filter((r) => r.status === 'failed'))
      await this.boss.fail(this.name, failure.id, failure.output ?? {});
    this.active = [];
  }
}

function asError(error: unknown, queue: string): Error {
  const result = error instanceof Error ? error : new Error(String(error));
  if (!result.message.includes('(queue ')) result.message = `${result.message} (queue ${queue})`;
  return result;
}

/**
 * The app's job queue: pg-boss 10 (the last line that supports Node 20, decision 015) behind the
 * few calls the app makes, with our own worker loop.
 */
export class JobQueue {
  private readonly loops: WorkLoop<never>[] = [];
  private readonly stopHooks: (() => Promise<void>)[] = [];
  private stopped = false;

  constructor(
    readonly boss: PgBoss,
    private readonly onError: (error: Error) => void,
    /** Closes the pool pg-boss ran on (ours, see job-pool.ts). */
    private readonly closePool: () => Promise<void> = async () => {},
    /** Runs queue set-up one process at a time (JobPool.serialized). */
    private readonly serialized: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {}

  /**
   * Idempotent: web and worker processes both create the queues they use. A queue that exists
   * costs one read; a new one is made under the set-up lock (two instances starting together).
   */
  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    await this.serialized(async () => {
      if (!(await this.boss.getQueue(name)))
        await this.boss.createQueue(name, { name, ...options });
    });
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(name, data, options);
    this.wake(name);
    return id;
  }

  /**
   * Many jobs in one statement. With `{ db: jobsIn(tx) }` they are written by our transaction
   * and exist exactly when its rows do.
   */
  async insert<T extends object>(
    name: string,
    jobs: JobInsert<T>[],
    options: { db?: JobDb } = {},
  ): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(
      jobs.map((job) => ({ ...job, name })),
      options.db ? { db: options.db as PgBoss.Db } : {},
    );
    if (!options.db) this.wake(name);
  }

  async work<T>(name: string, handler: Handler<T>): Promise<void>;
  async work<T>(name: string, options: WorkOptions, handler: Handler<T>): Promise<void>;
  async work<T>(
    name: string,
    optionsOrHandler: WorkOptions | Handler<T>,
    maybeHandler?: Handler<T>,
  ): Promise<void> {
    if (this.stopped) throw new Error('the job queue is stopped');
    const [options, handler] =
      typeof optionsOrHandler === 'function'
        ? [{}, optionsOrHandler]
        : [optionsOrHandler, maybeHandler as Handler<T>];
    const loop = new WorkLoop<T>(this.boss, name, options, handler, this.onError);
    this.loops.push(loop as unknown as WorkLoop<never>);
    loop.start();
  }

  /** The queues this process works (the test app's settle waits for their due jobs). */
  workedQueues(): string[] {
    return [...new Set(this.loops.map((loop) => loop.name))];
  }

  /** Wakes this process's workers of a queue (a job was just sent from here). */
  wake(name: string): void {
    for (const loop of this.loops) if (loop.name === name) loop.wake();
  }

  async schedule(name: string, cron: string, data?: object): Promise<void> {
    await this.boss.schedule(name, cron, data);
  }

  async isInstalled(): Promise<boolean> {
    return Boolean(await this.boss.isInstalled());
  }

  async getQueueSize(name: string): Promise<number> {
    return this.boss.getQueueSize(name);
  }

  /** Fails jobs for retry with one output (pg-boss accepts ids and output; its types do not say so). */
  private async failJobs(name: string, ids: string[], output: object): Promise<void> {
    const fail = this.boss.fail.bind(this.boss) as (
      n: string,
      i: string[],
      o: object,
    ) => Promise<void>;
    await fail(name, ids, output);
  }

  /** Runs after the workers have stopped (e.g. closing the SMTP pool the mail workers used). */
  onStopped(hook: () => Promise<void>): void {
    this.stopHooks.push(hook);
  }

  /**
   * Stops fetching, waits up to `timeoutMs` for running handlers, puts back (fails for retry)
   * the jobs of handlers still running, then closes pg-boss and its pool.
   */
  async stop(timeoutMs: number): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const loop of this.loops) loop.stop();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.loops.map((l) => l.done)),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    for (const loop of this.loops)
      if (loop.active.length)
        await this.failJobs(loop.name, loop.active, { message: 'shut down while active' }).catch(
          () => {},
        );
    for (const hook of this.stopHooks) await hook().catch(() => {});
    await this.boss.stop({ graceful: true, timeout: 1000, wait: true });
    await this.closePool();
  }
}

/**
 * pg-boss on the app's database: mail, push, expiry and hold-release jobs run here with retries.
 * The web process also works jobs by default; `npm run worker` runs workers separately.
 */
export async function startJobs(
  url: string,
  options: { onError?: (error: Error) => void } = {},
): Promise<JobQueue> {
  // A DATA_DIR last run with pg-boss 12 has a newer job schema that pg-boss 10 cannot use.
  await retireNewerSchema(url);
  const onError = (error: Error) => options.onError?.(error);
  const pool = createJobPool(url, JOB_SCHEMA, onError);
  const boss = new PgBoss({ db: pool, schema: JOB_SCHEMA });
  boss.on('error', onError);
  try {
    await boss.start();
  } catch (error) {
    await pool.close();
    throw error;
  }
  const jobs = new JobQueue(
    boss,
    onError,
    () => pool.close(),
    (work) => pool.serialized(work),
  );
  await carryOverRetiredJobs(url, jobs);
  return jobs;
}

/** Stops fetching new jobs and waits for running ones (graceful) before closing its pool. */
export async function stopJobs(jobs: JobQueue, timeoutMs: number): Promise<void> {
  await jobs.stop(timeoutMs);
}
