import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '../contracts/auth';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { startServer, type RunningServer } from './server';
import { createSession } from './platform/auth/sessions';
import { must } from './platform/must';
import {
  APP_START_LIMIT_MS,
  startAppProcess,
  testServerConfig,
  type AppProcess,
} from './test/app-process';
import { createTestDatabase } from './test/database';
import { createEvent, createTicketType, createUser } from './test/factories';

// What a deployment meets: the real server in its own process, killed with
// SIGKILL in the middle of a burst of purchases, and left running while its PostgreSQL restarts.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const CARD = { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

function post(app: Pick<AppProcess, 'base'>, url: string, body: unknown, cookie?: string) {
  return fetch(`${app.base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.base,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

function baseOf(server: RunningServer) {
  const address = server.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // The embedded PostgreSQL runs as "postgres" when the tests run as root: it must pass through.
  await fs.chmod(dir, 0o711);
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('kill -9 of the API process in the middle of a burst of purchases', () => {
  it(
    'keeps stock, counters, orders and charges consistent, and the dead holds return',
    async () => {
      const database = await createTestDatabase(inject('databaseServerUrl'));
      cleanups.push(() => database.drop());
      const handle: DatabaseHandle = connectDatabase(database.url, { max: 4 });
      cleanups.push(() => handle.close());
      const { db } = handle;
      const dataDir = await tempDir('mea-fault-kill-');
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };

      const CAPACITY = 25;
      const BUYERS = 50;
      const owner = await createUser(db, { userType: 'organizer' });
      const event = await createEvent(db, { userId: owner.id, isFree: false });
      const type = await createTicketType(db, {
        eventId: event.id,
        quantity: CAPACITY,
        priceCents: 1500,
      });
      const cookies = await Promise.all(
        Array.from({ length: BUYERS }, async () => {
          const buyer = await createUser(db);
          const { token } = await createSession(db, { userId: buyer.id, now: new Date() });
          return `${SESSION_COOKIE}=${token}`;
        }),
      );

      const first = await startAppProcess(env);
      cleanups.push(() => first.stop());
      let answered = 0;
      let killed = false;
      const killAt = Math.floor(BUYERS / 2);
      const killNow = () => {
        if (killed) return;
        killed = true;
        first.child.kill('SIGKILL');
      };
      // Each buyer orders one ticket, and two of three pay at once; the process dies when half of
      // the buyers have had an answer, with orders and payments in flight.
      const burst = cookies.map(async (cookie, index) => {
        try {
          const ordered = await post(
            first,
            '/api/orders',
            {
              items: [{ ticketTypeId: type.id, quantity: 1 }],
            },
            cookie,
          );
          const order = (await ordered.json()) as { paymentSessionId?: string };
          if (ordered.status === 201 && order.paymentSessionId && index % 3 !== 0) {
            await post(first, `/api/payments/local/sessions/${order.paymentSessionId}/pay`, CARD);
          }
        } catch {
          // Cut off by the kill.
        } finally {
          answered += 1;
          if (answered >= killAt) killNow();
        }
      });
      await Promise.all(burst);
      killNow();
      const [, signal] = await first.exited;
      expect(signal).toBe('SIGKILL');

      // The restart: the same app on the same database (in this process: it starts faster).
      const second = await startServer(await testServerConfig(env), {
        webDir: '/nonexistent-web-build',
      });
      cleanups.push(() => second.shutdown());
      const secondBase = baseOf(second);

      const check = async () => {
        const { rows } = await db.execute<{
          quantity: number;
          remaining: number;
          sold: number;
          held: number;
          total_sold: number;
          paid_sold: number;
          earnings: string;
          paid_cents: string;
          orders_without_items: number;
          paid_without_tickets: number;
          charged_unsettled: number;
          charged: number;
          paid: number;
        }>(sql`
        select t.quantity, t.remaining,
          (select count(*)::int from tickets k where k.ticket_type_id = t.id and k.status <> 'void') as sold,
          (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
            where i.ticket_type_id = t.id and o.status = 'pending') as held,
          e.total_tickets_sold as total_sold, e.paid_tickets_sold as paid_sold, e.earnings::text,
          (select coalesce(sum(o.total_cents), 0)::text from orders o where o.status = 'paid') as paid_cents,
          (select count(*)::int from orders o where o.kind = 'tickets'
            and not exists (select 1 from order_items i where i.order_id = o.id)) as orders_without_items,
          (select count(*)::int from orders o where o.status = 'paid' and (
            select count(*) from tickets k where k.order_id = o.id) <>
            (select sum(i.quantity) from order_items i where i.order_id = o.id)) as paid_without_tickets,
          (select count(*)::int from local_checkout_sessions s join orders o on o.id = s.order_id
            where s.status = 'complete' and not (
              (o.status = 'paid' and exists (select 1 from tickets k where k.order_id = o.id))
              or (o.status = 'refunded' and exists (
                select 1 from refunds r where r.order_id = o.id and r.provider_refund_id is not null))
            )) as charged_unsettled,
          (select count(*)::int from local_checkout_sessions s where s.status = 'complete') as charged,
          (select count(*)::int from orders o where o.status = 'paid') as paid
        from ticket_types t join events e on e.id = t.event_id
        where t.id = ${type.id}`);
        return must(rows[0], 'counts');
      };

      const after = await check();
      expect(after.sold + after.held).toBeLessThanOrEqual(CAPACITY);
      expect(after.remaining).toBe(CAPACITY - after.sold - after.held);
      expect(after.total_sold).toBe(after.sold);
      expect(after.paid_sold).toBe(after.sold);
      expect(Number(after.earnings) * 100).toBe(Number(after.paid_cents));
      expect(after.orders_without_items).toBe(0);
      expect(after.paid_without_tickets).toBe(0);
      expect(after.charged_unsettled).toBe(0);
      expect(after.charged).toBe(after.paid);
      // The burst did something before the kill (else the test proves nothing).
      expect(after.sold + after.held).toBeGreaterThan(0);

      // The dead process's holds run out (their 10 minutes, moved forward) and the restarted
      // app gives their stock back on the next read.
      await db.execute(sql`
      update orders set reserved_until = now() - interval '1 second' where status = 'pending'`);
      const listed = await fetch(`${secondBase}/api/events/${event.id}/ticket-types`);
      expect(listed.status).toBe(200);
      const { ticketTypes } = (await listed.json()) as { ticketTypes: { remaining: number }[] };
      const settled = await check();
      expect(settled.held).toBe(0);
      expect(ticketTypes[0]?.remaining).toBe(CAPACITY - settled.sold);
      expect(settled.remaining).toBe(CAPACITY - settled.sold);
    },
    APP_START_LIMIT_MS + 55_000,
  );
});

describe('a PostgreSQL restart under the running app', () => {
  it('answers 503 with the error body while it is down and recovers by itself, jobs included', async () => {
    const dataDir = await tempDir('mea-fault-pg-');
    const pgDir = path.join(dataDir, 'db');
    let postgres: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir: pgDir });
    cleanups.push(() => postgres.stop());
    // The app in this process (a child would take most of the minute to boot through tsx): an
    // unhandled 'error' event or rejection here fails the run.
    const server = await startServer(
      await testServerConfig({ DATABASE_URL: postgres.url, DATA_DIR: dataDir }),
      {
        webDir: '/nonexistent-web-build',
      },
    );
    cleanups.push(() => server.shutdown());
    const app = { base: baseOf(server) };
    const handle = connectDatabase(postgres.url, { max: 2 });
    cleanups.push(() => handle.close());
    const user = await createUser(handle.db);

    expect((await fetch(`${app.base}/api/events`)).status).toBe(200);

    await postgres.stop();
    // While it is down: clean 503s with the error body, on reads and writes, signed in or not.
    // (The plain public list may be answered from its 1 s response cache: a query of its own
    // makes the read reach the database.)
    for (const request of [
      () => fetch(`${app.base}/api/events?q=outage`),
      () => post(app, '/api/auth/sign-in', { email: user.email, password: user.password }),
      () => post(app, '/api/auth/password-reset/request', { email: user.email }),
    ]) {
      const response = await request();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
    }

    const restartedAt = new Date();
    postgres = await startEmbeddedPostgres({ dataDir: pgDir, port: postgres.port });
    // It recovers without a restart of the app: requests…
    await expect
      .poll(async () => (await fetch(`${app.base}/api/events`)).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(200);
    const signIn = await post(app, '/api/auth/sign-in', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(200);

    // …jobs (a mail job queued after the restart is worked) and the realtime hub's LISTEN.
    const reset = await post(app, '/api/auth/password-reset/request', { email: user.email });
    expect(reset.status).toBeLessThan(300);
    const after = connectDatabase(postgres.url, { max: 1 });
    cleanups.push(() => after.close());
    const counts = async () => {
      const { rows } = await after.db.execute<{ worked: number; listening: number }>(sql`
        select
          (select count(*)::int from pgboss.job
            where created_on >= ${restartedAt} and state = 'completed') as worked,
          (select count(*)::int from pg_stat_activity
            where application_name = 'mea-events-realtime') as listening`);
      return must(rows[0], 'counts');
    };
    await expect
      .poll(
        async () => {
          const { worked, listening } = await counts();
          return worked > 0 && listening > 0;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
  }, 55_000);
});
