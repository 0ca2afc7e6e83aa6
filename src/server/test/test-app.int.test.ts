import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { registerBackgroundWork } from '../platform/background-work';
import { closeLeftoverApps, createTestApp } from './test-app';
import { createTestDatabase, withAdminClient } from './database';

const testDatabases = () =>
  withAdminClient(inject('databaseServerUrl'), async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'test\\_%'`,
    );
    return new Set(rows.map((row) => row.datname));
  });
const nameOf = (url: string) => new URL(url).pathname.slice(1);

// With `isolate: false` one worker runs many files: what one file leaves open must not reach
// the next (PostgreSQL connections ran out when failed set-ups leaked their pools).
describe('test app harness', () => {
  it('closes an app a file left open, database included', async () => {
    const t = await createTestApp();
    const name = nameOf(t.databaseUrl);
    expect(await testDatabases()).toContain(name);

    expect(await closeLeftoverApps()).toBe(1);
    expect(await testDatabases()).not.toContain(name);
    expect(await closeLeftoverApps()).toBe(0);
  });

  it('undoes a half-built app when its set-up fails: no connection stays open', async () => {
    const database = await createTestDatabase(inject('databaseServerUrl'));
    const connections = () =>
      withAdminClient(inject('databaseServerUrl'), async (client) => {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [nameOf(database.url)],
        );
        return rows[0]?.n ?? 0;
      });
    try {
      await expect(
        createTestApp({
          shareDatabaseOf: { databaseUrl: database.url },
          configure: () => {
            throw new Error('set-up failed on purpose');
          },
        }),
      ).rejects.toThrow('set-up failed on purpose');
      await expect.poll(connections, { timeout: 5000 }).toBe(0);
      expect(await closeLeftoverApps()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('settles: waits for due jobs, the jobs they queue, and in-process batches; names what never settles', async () => {
    const t = await createTestApp();
    try {
      const done: string[] = [];
      await t.jobs.createQueue('test.first');
      await t.jobs.createQueue('test.second');
      // The first job is slow and queues the second from its handler: settle must see both.
      await t.jobs.work('test.first', { pollingIntervalSeconds: 0.5 }, async () => {
        await t.db.execute(sql`select pg_sleep(0.2)`);
        done.push('first');
        await t.jobs.send('test.second', {});
      });
      await t.jobs.work('test.second', { pollingIntervalSeconds: 0.5 }, async () => {
        done.push('second');
      });
      let pending = 3;
      let written = 0;
      const unregister = registerBackgroundWork(t.db, {
        name: 'test batch',
        busy: () => pending > 0,
        drain: async () => {
          written += pending;
          pending = 0;
        },
      });
      await t.jobs.send('test.first', {});
      await t.settle();
      expect(done).toEqual(['first', 'second']);
      expect(written).toBe(3);
      unregister();

      const stuck = registerBackgroundWork(t.db, {
        name: 'stuck batch',
        busy: () => true,
        drain: async () => {},
      });
      await expect(t.settle({ timeoutMs: 300 })).rejects.toThrow(/still busy .*stuck batch/);
      stuck();
    } finally {
      await t.close();
    }
  });
});
