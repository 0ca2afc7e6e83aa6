import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createJobPool } from './job-pool';

const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

describe('the job pool', () => {
  it('reports a completion or failure it cannot write instead of rejecting; anything else rejects', async () => {
    const errors: Error[] = [];
    // Nothing listens on port 1: every query fails to connect, as when the database is away.
    const pool = createJobPool('postgres://mea@127.0.0.1:1/none', 'pgboss', (e) => errors.push(e));
    try {
      await expect(
        pool.executeSql(plans.completeJobs('pgboss'), ['q', ['id'], null]),
      ).resolves.toEqual({ rows: [{ count: '0' }] });
      await expect(
        pool.executeSql(plans.failJobsById('pgboss'), ['q', ['id'], null]),
      ).resolves.toEqual({ rows: [{ count: '0' }] });
      expect(errors).toHaveLength(2);
      await expect(pool.executeSql('select 1')).rejects.toThrow();
      expect(errors).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });
});
