import pg from 'pg';
import type { JobDb, JobInsert, QueueOptions } from './job-types';

/** What the carry-over needs of the queue (`JobQueue` has it). */
interface QueueTarget {
  createQueue(name: string, options?: QueueOptions): Promise<void>;
  insert(name: string, jobs: JobInsert[], options?: { db?: JobDb }): Promise<void>;
}

export const JOB_SCHEMA = 'pgboss';

/** The schema version pg-boss 10.4.2 creates (its `version.json`); a test holds it to the package. */
export const JOB_SCHEMA_VERSION = 24;

const RETIRED_PREFIX = `${JOB_SCHEMA}_retired_v`;

// One key for retiring and carrying over, so two processes starting together take turns.
const LOCK = `select pg_advisory_xact_lock(hashtext('mea-events.job-schema-retire'))`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'mea-events-jobs' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * A database last used by a newer pg-boss (12 wrote version 26+) cannot be used by pg-boss 10,
 * which neither reads nor downgrades it. Its schema is renamed aside, so pg-boss creates a fresh
 * one, and `carryOverRetiredJobs` moves the jobs still waiting into it (decision 015).
 */
export async function retireNewerSchema(url: string): Promise<void> {
  await withClient(url, (client) =>
    inTransaction(client, async () => {
      await client.query(LOCK);
      const table = await client.query<{ name: string | null }>(
        `select to_regclass('${JOB_SCHEMA}.version')::text as name`,
      );
      if (!table.rows[0]?.name) return;
      const version = await client.query<{ version: number }>(
        `select max(version)::int as version from ${JOB_SCHEMA}.version`,
      );
      const installed = version.rows[0]?.version ?? 0;
      if (installed <= JOB_SCHEMA_VERSION) return;
      await client.query(
        `alter schema ${JOB_SCHEMA} rename to ${RETIRED_PREFIX}${installed}_${Date.now()}`,
      );
    }),
  );
}

const POLICIES = new Set(['standard', 'short', 'singleton', 'stately']);

/** Reads a column that exists in whichever pg-boss wrote the row (jsonb of the row). */
function queueOptionsOf(row: Record<string, unknown>): QueueOptions {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const policy =
    typeof row.policy === 'string' && POLICIES.has(row.policy) ? row.policy : undefined;
  return {
    policy: policy as QueueOptions['policy'],
    retryLimit: num(row.retry_limit),
    retryDelay: num(row.retry_delay),
    retryBackoff: typeof row.retry_backoff === 'boolean' ? row.retry_backoff : undefined,
    expireInSeconds: num(row.expire_seconds),
  };
}

/**
 * Moves the jobs that were waiting (created or due for retry) in retired schemas into the live
 * queues, then drops the retired schema, in one transaction: each job arrives once. Queues keep
 * their retry settings; finished and failed jobs are history and go with the schema.
 */
export async function carryOverRetiredJobs(url: string, jobs: QueueTarget): Promise<number> {
  return withClient(url, async (client) => {
    const schemas = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1 order by nspname`,
      [`${RETIRED_PREFIX}%`],
    );
    let moved = 0;
    for (const { name: schema } of schemas.rows) {
      const quoted = client.escapeIdentifier(schema);
      const queues = await client.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(q) as row from ${quoted}.queue q where q.name not like '\\_\\_pgboss%'`,
      );
      // Idempotent, outside the transaction: pg-boss creates queues through its own pool.
      for (const { row } of queues.rows)
        await jobs.createQueue(String(row.name), queueOptionsOf(row));

      moved += await inTransaction(client, async () => {
        await client.query(LOCK);
        const still = await client.query(`select 1 from pg_namespace where nspname = $1`, [schema]);
        if (!still.rowCount) return 0; // another process carried it over first
        const waiting = await client.query<{ row: Record<string, unknown> }>(
          `select to_jsonb(j) as row from ${quoted}.job j
           where j.state::text in ('created', 'retry') and j.name not like '\\_\\_pgboss%'`,
        );
        const byQueue = new Map<string, JobInsert[]>();
        for (const { row } of waiting.rows) {
          const list = byQueue.get(String(row.name)) ?? [];
          list.push({
            data: (row.data ?? {}) as object,
            priority: typeof row.priority === 'number' ? row.priority : undefined,
            // pg-boss reads a date only in its UTC `Z` form (anything else as an interval).
            startAfter:
              typeof row.start_after === 'string'
                ? new Date(row.start_after).toISOString()
                : undefined,
            singletonKey: typeof row.singleton_key === 'string' ? row.singleton_key : undefined,
          });
          byQueue.set(String(row.name), list);
        }
        const db: JobDb = {
          executeSql: (text, values) => client.query(text, values as unknown[]),
        };
        for (const [queue, list] of byQueue) await jobs.insert(queue, list, { db });
        await client.query(`drop schema ${quoted} cascade`);
        return waiting.rows.length;
      });
    }
    return moved;
  });
}
