import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
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
  // An idle client losing its connection (database restart) must not crash the process;
  // the next query gets a fresh connection and the health check reports the outage.
  pool.on('error', () => {});
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
