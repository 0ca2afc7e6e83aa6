// The job queue's vocabulary, apart from the queue itself: the schema upkeep (job-schema.ts),
// which the queue runs at start, uses these too, and importing them from jobs.ts made a circle.

/** A job as a handler sees it. */
export interface Job<T> {
  id: string;
  name: string;
  data: T;
}

/** One job to add with `insert` (the queue name is given once for all). */
export interface JobInsert<T = object> {
  data: T;
  priority?: number;
  startAfter?: Date | string;
  singletonKey?: string;
}

export interface SendOptions {
  priority?: number;
  /** Seconds from now, or a date. */
  startAfter?: number | string | Date;
  singletonKey?: string;
  singletonSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

export interface QueueOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/** Something that runs one SQL statement, e.g. `jobsIn(tx)`: jobs written in our transaction. */
export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface JobResult {
  id: string;
  status: 'completed' | 'failed';
  output?: object;
}

export interface WorkOptions {
  /** Jobs fetched at once (default 1). A full batch is followed by the next fetch at once. */
  batchSize?: number;
  /** Wait between fetches when the queue was empty (default 2 s). */
  pollingIntervalSeconds?: number;
  /** The handler returns one JobResult per job, so one failure retries only that job. */
  perJobResults?: boolean;
}
