import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestDatabase, withAdminClient } from '../../test/database';
import { JOB_SCHEMA_VERSION } from './job-schema';
import { startJobs, stopJobs, type Job } from './jobs';

let database: { url: string; drop(): Promise<void> };
const query = <T extends object>(text: string, values: unknown[] = []) =>
  withAdminClient(database.url, (client) =>
    client.query<T & Record<string, unknown>>(text, values),
  );

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseServerUrl'));
});
afterAll(async () => {
  await database.drop();
});

describe('the job schema', () => {
  it('is the version pg-boss 10 installs (the line we retire newer schemas above)', async () => {
    const require = createRequire(import.meta.url);
    const packageDir = path.dirname(require.resolve('pg-boss/package.json'));
    const { schema } = JSON.parse(
      await fs.readFile(path.join(packageDir, 'version.json'), 'utf8'),
    ) as { schema: number };
    expect(schema).toBe(JOB_SCHEMA_VERSION);
    const { rows } = await query<{ version: number }>('select version from pgboss.version');
    expect(rows).toEqual([{ version: JOB_SCHEMA_VERSION }]);
  });

  it('a database last run with pg-boss 12 starts: its schema is set aside and the waiting jobs carried over once', async () => {
    // What a DATA_DIR last run with pg-boss 12.35.0 holds: its schema, a mail waiting, one sent.
    await query('drop schema pgboss cascade');
    const fixture = await fs.readFile(
      path.join(import.meta.dirname, 'fixtures/pg-boss-12-schema.sql'),
      'utf8',
    );
    await withAdminClient(database.url, (client) => client.query(fixture));
    await query(
      `insert into pgboss.job (name, data, state) values
         ('mail.send', '{"to":"waiting@example.test"}', 'created'),
         ('mail.send', '{"to":"sent@example.test"}', 'completed')`,
    );

    const jobs = await startJobs(database.url);
    const seen: Job<{ to: string }>[] = [];
    try {
      const { rows: version } = await query('select version from pgboss.version');
      expect(version).toEqual([{ version: JOB_SCHEMA_VERSION }]);
      const { rows: retired } = await query(
        `select nspname from pg_namespace where nspname like 'pgboss\\_%'`,
      );
      expect(retired).toEqual([]);
      // The queue kept its retry settings from the old schema.
      const { rows: queue } = await query(
        `select retry_limit, retry_delay, retry_backoff from pgboss.queue where name = 'mail.send'`,
      );
      expect(queue).toEqual([{ retry_limit: 6, retry_delay: 10, retry_backoff: true }]);

      await jobs.work<{ to: string }>(
        'mail.send',
        { pollingIntervalSeconds: 0.5 },
        async (batch) => {
          seen.push(...batch);
        },
      );
      await expect.poll(() => seen.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(seen.map((j) => j.data)).toEqual([{ to: 'waiting@example.test' }]);
    } finally {
      await stopJobs(jobs, 2000);
    }

    // A second start (or a second instance) finds nothing more to move.
    const again = await startJobs(database.url);
    await stopJobs(again, 2000);
    const { rows: all } = await query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'mail.send'`,
    );
    expect(all).toEqual([{ n: 1 }]);
  });
});
