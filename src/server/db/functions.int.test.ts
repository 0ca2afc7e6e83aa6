import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_FUNCTIONS_DIR } from '../platform/paths';
import { createTestApp, type TestApp } from '../test/test-app';
import { runMigrations } from './migrate';

// Database functions live as source files (db/functions/*.sql) that the migration step applies,
// so a change to one is a diff of its file (decision 027).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOURCE = path.join(DB_FUNCTIONS_DIR, 'order_hold_batch.sql');
const bodyOf = (file: string) => file.slice(file.indexOf('AS $$') + 5, file.lastIndexOf('$$'));

async function runningBody(): Promise<string> {
  const result = await t.db.execute<{ prosrc: string }>(
    sql`select prosrc from pg_proc where proname = 'order_hold_batch'`,
  );
  return result.rows[0]?.prosrc ?? '';
}

it('the database runs order_hold_batch as written in db/functions, applied again on each start', async () => {
  const file = await readFile(SOURCE, 'utf8');
  expect(await runningBody()).toBe(bodyOf(file));

  // An edited copy of the file is what the next start applies (CREATE OR REPLACE).
  const dir = await mkdtemp(path.join(tmpdir(), 'mea-functions-'));
  try {
    const edited = file.replace('BEGIN\n', 'BEGIN\n\t-- edited in the test\n');
    await writeFile(path.join(dir, 'order_hold_batch.sql'), edited);
    await runMigrations(t.databaseUrl, { functionsDir: dir });
    expect(await runningBody()).toContain('-- edited in the test');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await runMigrations(t.databaseUrl);
  expect(await runningBody()).toBe(bodyOf(file));
});
