import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'mea-events',
  });
  // A connection lost while idle (database restart, pg_terminate_backend) must not crash the
  // process; the next query gets a fresh connection and the health check reports the outage.
  pool.on('error', () => {});
  // pg-pool listens for errors only on idle clients: a client checked out for a transaction
  // whose connection drops between queries emits an 'error' nobody hears, which ends the
  // process. Every client gets a listener for its whole life; the query in progress (or the
  // next one) fails with the error, and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return { pool, db, close: () => (closing ??= pool.end()) };
}

/** The database or an open transaction: queries and factories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The same server with another database (keeps a `?host=` socket directory and the rest). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a raw query as a named prepared statement when it goes to the pool (not inside a
 * transaction): PostgreSQL then parses and plans each distinct statement once per connection.
 * For the hot paths' larger statements planning costs more than running them.
 */
export async function prepared<Row>(db: DbExecutor, query: SQL): Promise<Row[]> {
  // The pool-backed database has `$client`; a transaction does not (and must stay on its client).
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return (await db.execute(query)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  const result = await pool.query({ name, text, values: params as unknown[] });
  return result.rows as Row[];
}

/**
 * A statement whose text never changes, only its values: built and compiled to text once per
 * process (with a placeholder for each value), then run with the values as a named prepared
 * statement. For a large statement on a hot path, building and compiling it again for every
 * call costs more CPU than PostgreSQL spends running it.
 */
export function compiledStatement<K extends string>(
  keys: readonly K[],
  build: (values: Record<K, unknown>) => SQL,
): <Row>(db: DbExecutor, values: Record<K, unknown>) => Promise<Row[]> {
  let compiled: { name: string; text: string; params: unknown[] } | undefined;
  return async <Row>(db: DbExecutor, values: Record<K, unknown>) => {
    const pool = (db as { $client?: unknown }).$client;
    // Inside a transaction the statement goes through its client like any other.
    if (!(pool instanceof pg.Pool)) return (await db.execute(build(values))).rows as Row[];
    if (!compiled) {
      const holders = {} as Record<K, Placeholder>;
      for (const key of keys) holders[key] = sql.placeholder(key);
      const { sql: text, params } = dialect.sqlToQuery(build(holders));
      const name = `q${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      compiled = { name, text, params };
    }
    const { name, text, params } = compiled;
    const result = await pool.query({ name, text, values: fillPlaceholders(params, values) });
    return result.rows as Row[];
  };
}
