import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from './embedded';
import { connectDatabase, type DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './availability';
import { createTestApp, type TestApp } from '../test/test-app';
import { withAdminClient } from '../test/database';
import { must } from '../platform/must';

// A connection dropped under a checked-out client must not end the process,
// and a request that meets an unreachable database answers 503 with the error body.

const terminate = (pid: number) =>
  withAdminClient(inject('databaseServerUrl'), (admin) =>
    admin.query('select pg_terminate_backend($1)', [pid]),
  );
const backendAlive = (pid: number) =>
  withAdminClient(inject('databaseServerUrl'), async (admin) => {
    const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
    return rows.length > 0;
  });

describe('database connections that drop', () => {
  let t: TestApp;
  let unreachable: DatabaseHandle;
  let dropped: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A pool pointed at a port nothing listens on: what the app meets while PostgreSQL is down.
    unreachable = connectDatabase(`postgres://mea:x@127.0.0.1:${await findFreePort()}/mea`);
    t = await createTestApp({
      configure: (app) => {
        app.get('/api/test/unreachable', async () => {
          await unreachable.db.execute(sql`select 1`);
          return { ok: true };
        });
        app.get('/api/test/cut-mid-transaction', async () => {
          await t.db.transaction(async (tx) => {
            const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
            await terminate(must(rows[0], 'pid').pid);
            await tx.execute(sql`select 1`);
          });
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => {
    await dropped?.();
    await unreachable.close();
    await t.close();
  });

  it('survives a transaction whose connection is terminated while it waits between queries', async () => {
    const handle = connectDatabase(t.databaseUrl, { max: 2 });
    dropped = () => handle.close();
    let gotPid: (pid: number) => void = () => {};
    const pidKnown = new Promise<number>((resolve) => (gotPid = resolve));
    let wasTerminated: () => void = () => {};
    const terminated = new Promise<void>((resolve) => (wasTerminated = resolve));
    const outcome = handle.db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        gotPid(must(rows[0], 'pid').pid);
        // Idle inside the transaction while the server ends the connection: pg emits 'error'
        // on the checked-out client with no query to hand it to.
        await terminated;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const pid = await pidKnown;
    await terminate(pid);
    // The server has ended that backend (its socket closes under the idle client) before the
    // transaction goes on.
    await expect.poll(() => backendAlive(pid), { timeout: 10_000 }).toBe(false);
    wasTerminated();
    const error = await outcome;
    expect(error).toBeTruthy();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The broken client was discarded: the pool answers with a fresh connection.
    const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('answers 503 with the error body while the database cannot be reached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/unreachable' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      },
    });
  });

  it('answers 503 when the connection is cut in the middle of a request, then serves the next', async () => {
    const cut = await t.app.inject({ method: 'GET', url: '/api/test/cut-mid-transaction' });
    expect(cut.statusCode).toBe(503);
    expect(cut.json().error.code).toBe('SERVICE_UNAVAILABLE');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells outages from query errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ code: 'ENOENT', syscall: 'open' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
