import { createRequire } from 'node:module';
import pg from 'pg';

// pg-boss 10's texts for completing and failing jobs: its own worker runs them without awaiting
// (its cron worker, `__pgboss__send-it`), so a failure there would be an unhandled rejection.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

export interface JobPool {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `work` while this process holds the job schema's setup lock (one process at a time). */
  serialized<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * pg-boss 10 makes a table partition per queue: two processes creating queues at the same time
 * (two instances starting together) can deadlock on the parent table. Queue set-up takes this
 * advisory lock, so processes take turns; it is held on its own connection for the duration.
 */
const QUEUE_SETUP_LOCK = 727_003;

/**
 * The pool pg-boss runs on (given as its `db`). A completion or failure that cannot reach the
 * database is reported and answered "nothing changed" instead of rejecting: the job stays
 * active, expires and is retried, and the process lives. Everything else
 * rejects as usual.
 */
export function createJobPool(
  url: string,
  schema: string,
  onError: (error: Error) => void,
): JobPool {
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'mea-events-jobs' });
  // An idle client that loses its connection emits on the pool; without a listener it would throw.
  pool.on('error', onError);
  const softened = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  return {
    async executeSql(text, values) {
      try {
        return await pool.query(text, values);
      } catch (error) {
        if (!softened.has(text)) throw error;
        onError(error instanceof Error ? error : new Error(String(error)));
        return { rows: [{ count: '0' }] };
      }
    },
    async serialized(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
