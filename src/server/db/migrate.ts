import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DB_FUNCTIONS_DIR, MIGRATIONS_DIR } from '../platform/paths';

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the committed SQL migrations, then the database functions kept as source files
 * (`db/functions/*.sql`, each a `CREATE OR REPLACE`, so applying one again changes nothing and a
 * change to a function is a diff of its file). Several instances starting together on one
 * database take turns through an advisory lock, so each migration runs once.
 */
export async function runMigrations(
  url: string,
  options: { functionsDir?: string } = {},
): Promise<void> {
  const functionsDir = options.functionsDir ?? DB_FUNCTIONS_DIR;
  const client = new pg.Client({ connectionString: url, application_name: 'mea-events-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const functions = (await readdir(functionsDir)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of functions)
      await client.query(await readFile(path.join(functionsDir, file), 'utf8'));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
