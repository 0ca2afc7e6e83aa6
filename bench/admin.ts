// The admin console at marketplace size: by default 1,000,000 orders and 200,000
// users. The overview, analytics and list queries are measured in-process against the SQL the
// API runs (admin.queries.ts, analytics.queries.ts); the CSV export is measured through the built server over HTTP,
// with the server's RSS sampled while it streams. Sizes: BENCH_ADMIN_USERS, BENCH_ADMIN_ORDERS,
// BENCH_ADMIN_EVENTS, BENCH_ADMIN_EXPORT_ROWS (0: no export), BENCH_ADMIN_RUNS.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AdminOrderQuery, AdminUserQuery } from '../src/contracts/admin';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase, type Database } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import * as q from '../src/server/modules/admin/admin.queries';
import * as analyticsQ from '../src/server/modules/admin/analytics.queries';
import {
  analyticsBreakdowns,
  refreshAnalyticsRollup,
} from '../src/server/modules/admin/analytics.service';
import { systemClock } from '../src/server/platform/clock';
import { createSession } from '../src/server/platform/auth/sessions';
import { clearCaches } from '../src/server/platform/cache/shared-cache';
import { createUser } from '../src/server/test/factories';
import { freePort, median, startProcess, stopProcess, waitForOk } from './lib';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 200_000);
const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_ADMIN_EVENTS ?? 2_000);
const EXPORT_ROWS = Number(process.env.BENCH_ADMIN_EXPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 20);
/** The orders spread over this many days before now. */
const SPAN_DAYS = 730;
// BENCH_ADMIN_DATA_DIR keeps the loaded database for the next run (new migrations are applied).
const KEPT_DATA_DIR = process.env.BENCH_ADMIN_DATA_DIR;

const FIRST =
  `ada ben chioma dami efe femi grace hana ike jide kemi lola musa nneka obi pia quin rita
sade tunde uche vera wale xena yemi zara amara bola cyril dayo`.split(/\s+/);
const LAST = `okafor smith adeyemi brown mensah johnson balogun williams osei jones eze garcia
nwosu miller bello davis ogunleye martin owusu taylor`.split(/\s+/);

/** `hashint4` of the row number and a slot, as a non-negative number below `size`. */
const pick = (slot: number, size: string | number) =>
  sql.raw(`((hashint4(i * 16 + ${slot})::int8 + 2147483648) % (${size}))`);
const words = (list: string[]) => sql.raw(`array[${list.map((w) => `'${w}'`).join(',')}]`);

/**
 * Bulk-loads users, events and paid orders with their items and tickets. Each batch runs with
 * triggers off (`session_replication_role = replica`: the webhook outbox triggers would write a
 * row per order) and ends with the tables analysed.
 */
async function load(db: Database) {
  const batch = 100_000;
  const inBatches = async (count: number, step: (from: number, to: number) => Promise<void>) => {
    for (let from = 0; from < count; from += batch)
      await step(from, Math.min(from + batch, count) - 1);
  };
  const replica = async (work: (tx: Database) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await work(tx as unknown as Database);
    });

  await inBatches(USERS, (from, to) =>
    replica(async (tx) => {
      // src is read twice, so PostgreSQL materialises it once: both inserts see the same ids.
      await tx.execute(sql`
        with src as (
          select i, gen_random_uuid() as id,
            now() - (${pick(2, SPAN_DAYS * 86_400)} || ' seconds')::interval as created_at
          from generate_series(${from}::int, ${to}::int) as i),
        u as (
          insert into users (id, email, email_confirmed_at, created_at)
          select id, 'person' || i || '@bench.test',
            case when ${pick(1, 10)} <> 0 then created_at end, created_at
          from src returning id)
        insert into profiles (id, full_name, user_type, created_at, updated_at)
        select id,
          initcap(f[1 + ${pick(3, FIRST.length)}]) || ' ' || initcap(l[1 + ${pick(4, LAST.length)}]),
          (case when ${pick(5, 20)} < 16 then 'attendee' when ${pick(5, 20)} < 18 then 'organizer'
            when ${pick(5, 20)} < 19 then 'vendor' else 'venue' end)::user_type,
          created_at, created_at
        from src, (select ${words(FIRST)} as f, ${words(LAST)} as l) as names`);
    }),
  );
  await replica(async (tx) => {
    await tx.execute(sql`
      insert into user_roles (user_id, role)
      select id, 'moderator' from users order by created_at limit 50`);
    await tx.execute(sql`
      insert into account_suspensions (user_id, reason)
      select id, 'bench' from users order by created_at desc limit 500`);
    await tx.execute(sql`
      with o as (select array_agg(id) as ids, count(*) as n from
        (select id from profiles where user_type = 'organizer' limit 2000) x)
      insert into events (user_id, title, description, category, venue_name, city, location,
        starts_at, ends_at, timezone, date, time, event_status, visibility, created_at)
      select o.ids[1 + ${pick(6, 'o.n')}], 'Bench Event ' || i, 'Generated for the admin bench.',
        (array['Music','Food','Sports','Arts','Business','Community'])[1 + ${pick(7, 6)}],
        'Hall ' || i, 'Oakland', 'Hall ' || i || ', Oakland',
        now() + ((i % 365) || ' days')::interval,
        now() + ((i % 365) || ' days')::interval + interval '3 hours',
        'UTC', (now() + ((i % 365) || ' days')::interval)::date, '19:00',
        (case when i % 10 = 0 then 'draft' else 'published' end)::event_status, 'public',
        now() - (${pick(8, SPAN_DAYS * 86_400)} || ' seconds')::interval
      from generate_series(0, ${EVENTS - 1}::int) as i, o`);
    await tx.execute(sql`
      insert into ticket_types (event_id, name, price_cents, currency, quantity, remaining)
      select id, 'General', 500 + (abs(hashtext(id::text)) % 96) * 100,
        case when abs(hashtext(id::text)) % 10 = 0 then 'EUR' else 'USD' end, 100000, 100000
      from events`);
  });
  await inBatches(ORDERS, (from, to) =>
    replica(async (tx) => {
      // Buyers and ticket types are picked by number through a join (not by subscripting a
      // big array per row, which PostgreSQL may detoast each time).
      await tx.execute(sql`
        create temp table bench_batch on commit drop as
        with us as (select row_number() over (order by id) as n, id from users),
          tt as (select row_number() over (order by id) as n, id, event_id, price_cents, currency
            from ticket_types),
          counts as (select (select count(*) from users) as users,
            (select count(*) from ticket_types) as types),
          b as (select i, 1 + ${pick(9, 'counts.users')} as buyer, 1 + ${pick(10, 'counts.types')} as k
            from generate_series(${from}::int, ${to}::int) as i, counts)
        select gen_random_uuid() as order_id, gen_random_uuid() as item_id, us.id as user_id,
          tt.id as type_id, tt.event_id, tt.price_cents as price, tt.currency as cur,
          1 + ${pick(11, 3)} as quantity, ${pick(12, 100)} as roll,
          now() - (${pick(13, SPAN_DAYS * 86_400)} || ' seconds')::interval as created_at
        from b join us on us.n = b.buyer join tt on tt.n = b.k`);
      await tx.execute(sql`
        insert into orders (id, user_id, kind, status, currency, subtotal_cents, total_cents,
          refunded_cents, created_at, paid_at, updated_at)
        select order_id, user_id, 'tickets',
          (case when roll < 88 then 'paid' when roll < 91 then 'refunded'
            when roll < 93 then 'partially_refunded' when roll < 97 then 'expired'
            else 'pending' end)::order_status,
          cur, price * quantity, price * quantity,
          case when roll between 88 and 90 then price * quantity
            when roll between 91 and 92 then price else 0 end,
          created_at, case when roll < 93 then created_at + interval '1 minute' end, created_at
        from bench_batch`);
      await tx.execute(sql`
        insert into order_items (id, order_id, event_id, ticket_type_id, quantity, unit_price_cents)
        select item_id, order_id, event_id, type_id, quantity, price from bench_batch`);
      await tx.execute(sql`
        insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id, status,
          created_at)
        select order_id, item_id, event_id, type_id, user_id,
          (case when roll between 88 and 90 then 'void' else 'valid' end)::ticket_status,
          created_at + interval '1 minute'
        from bench_batch where roll < 93`);
      await tx.execute(sql`
        insert into refunds (order_id, amount_cents, created_at)
        select order_id, case when roll between 88 and 90 then price * quantity else price end,
          created_at + interval '2 days'
        from bench_batch where roll between 88 and 92`);
    }),
  );
  // VACUUM sets the visibility map, so counts over an index are index-only scans, as they are
  // once autovacuum has passed over a live database.
  await db.execute(sql`vacuum analyze`);
}

interface Timing {
  label: string;
  limitMs: number;
  p50: number;
  p95: number;
  rows: number;
}

async function time(
  label: string,
  limitMs: number,
  run: () => Promise<number>,
  /** Untimed, before each run (the job whose effect the run is measured after). */
  before?: () => Promise<unknown>,
): Promise<Timing> {
  const timings: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    await before?.();
    const t0 = performance.now();
    rows = await run();
    // The first two runs warm the cache and are not counted.
    if (i >= 2) timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return {
    label,
    limitMs,
    rows,
    p50: median(timings),
    p95: timings[Math.ceil(timings.length * 0.95) - 1] ?? 0,
  };
}

const USER_PAGE: AdminUserQuery = { page: 1, pageSize: 25, sort: 'created', dir: 'desc' };
const ORDER_PAGE: AdminOrderQuery = { page: 1, pageSize: 25, sort: 'created', dir: 'desc' };

async function measureQueries(db: Database): Promise<Timing[]> {
  const now = new Date();
  const deps = { db, clock: systemClock };
  const results: Timing[] = [];
  // The hourly job's own time (it redoes the last days; it also refills the cache now).
  const jobMs: number[] = [];
  for (const days of [30, 90]) {
    results.push(
      await time(`overview, ${days} days`, 100, async () => {
        const figures = await analyticsQ.overviewFigures(db, { now, days });
        return figures.salesByDay.length;
      }),
      await time(`analytics breakdowns, ${days} days`, 100, async () => {
        const breakdowns = await analyticsQ.analyticsBreakdowns(db, { now, days });
        return breakdowns.revenueByCategory.length;
      }),
      // What an admin gets: the service's path, whose held days' lines are cached per rollup
      // refresh. Warm; with the cache emptied before each call (a miss: what the job now pays);
      // and the first read after each run of the hourly job (untimed), which rewrites the last
      // days and so gives the period a new key.
      await time(`analytics breakdowns, ${days} days, as served`, 100, async () => {
        const breakdowns = await analyticsBreakdowns(deps, { now, days });
        return breakdowns.revenueByCategory.length;
      }),
      await time(`analytics breakdowns, ${days} days, cache emptied`, 100, async () => {
        clearCaches(db);
        const breakdowns = await analyticsBreakdowns(deps, { now, days });
        return breakdowns.revenueByCategory.length;
      }),
      await time(
        `analytics breakdowns, ${days} days, first after the job's refresh`,
        100,
        async () => {
          const breakdowns = await analyticsBreakdowns(deps, { now, days });
          return breakdowns.revenueByCategory.length;
        },
        async () => {
          const t0 = performance.now();
          await refreshAnalyticsRollup(deps);
          jobMs.push(performance.now() - t0);
        },
      ),
    );
  }
  const userPages: [string, Partial<AdminUserQuery>][] = [
    ['newest', {}],
    ['oldest', { dir: 'asc' }],
    ['by email', { sort: 'email', dir: 'asc' }],
    ['by name', { sort: 'name', dir: 'asc' }],
    ['by name, descending', { sort: 'name', dir: 'desc' }],
    ['vendors', { type: 'vendor' }],
    ['moderators', { role: 'moderator' }],
    ['suspended', { status: 'suspended' }],
    ['unconfirmed', { confirmed: 'false' }],
    ['created in a month', { createdFrom: daysAgo(60), createdTo: daysAgo(30) }],
    ['search "okafor"', { q: 'okafor' }],
    ['page 40 by email', { sort: 'email', dir: 'asc', page: 40 }],
  ];
  for (const [label, filter] of userPages)
    results.push(
      await time(`users: ${label}`, 50, async () => {
        const { rows } = await q.listUsers(db, { ...USER_PAGE, ...filter });
        return rows.length;
      }),
    );
  const orderPages: [string, Partial<AdminOrderQuery>][] = [
    ['newest', {}],
    ['largest', { sort: 'total' }],
    ['refunded', { status: 'refunded' }],
    ['a buyer', { q: 'person4242@bench.test' }],
  ];
  for (const [label, filter] of orderPages)
    results.push(
      await time(`orders: ${label}`, 100, async () => {
        const { rows } = await q.listOrders(db, { ...ORDER_PAGE, ...filter });
        return rows.length;
      }),
    );
  jobMs.sort((a, b) => a - b);
  results.push({
    label: 'analytics rollup job, redoing the last days',
    limitMs: 5000,
    rows: jobMs.length,
    p50: median(jobMs),
    p95: jobMs[Math.ceil(jobMs.length * 0.95) - 1] ?? 0,
  });
  return results;
}

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

/** The CSV export of about EXPORT_ROWS orders through the built server, with its RSS sampled. */
async function measureExport(db: Database, databaseUrl: string) {
  const { rows } = await db.execute<{ from: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as "from" from orders
    order by created_at desc offset ${Math.max(0, EXPORT_ROWS - 1)} limit 1`);
  const from = rows[0]?.from ?? '2000-01-01';
  const admin = await createUser(db, { roles: ['admin'], fullName: 'Bench Admin' });
  const { token } = await createSession(db, { userId: admin.id, now: new Date() });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-admin-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess('node', ['dist/server/main.js'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
  });
  try {
    await waitForOk(`${base}/api/health`, performance.now(), server);
    const pid = server.pid ?? 0;
    // Settle, then take the baseline the growth is measured from.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      void rssKb(pid).then((kb) => {
        peak = Math.max(peak, kb);
      });
    }, 50);
    const t0 = performance.now();
    const response = await fetch(`${base}/api/admin/orders/export.csv?from=${from}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let lines = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      for (let at = read.value.indexOf(10); at !== -1; at = read.value.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rssKb(pid));
    const exported = Math.max(0, lines - 1); // the header line
    return {
      rows: exported,
      seconds,
      rowsPerSecond: exported / seconds,
      rssBeforeMb: before / 1024,
      rssGrowthMb: (peak - before) / 1024,
    };
  } finally {
    await stopProcess(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchAdmin() {
  const dataDir = KEPT_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-admin-')));
  await fs.mkdir(dataDir, { recursive: true });
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(server.url, { max: 4 });
  try {
    await runMigrations(server.url);
    const started = performance.now();
    const { rows: counted } = await database.db.execute<{ orders: number; users: number }>(
      sql`select (select count(*)::int from orders) as orders,
        (select count(*)::int from users) as users`,
    );
    if (counted[0]?.orders !== ORDERS || (counted[0]?.users ?? 0) < USERS) {
      await database.db.execute(sql`truncate users, events cascade`);
      await load(database.db);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    // The analytics rollup, as the app's hourly job keeps it (decision 020): every whole past day.
    const rolled = performance.now();
    const rollup = await refreshAnalyticsRollup({ db: database.db, clock: systemClock });
    const rollupSeconds = (performance.now() - rolled) / 1000;
    const queries = await measureQueries(database.db);
    const csv = EXPORT_ROWS > 0 ? await measureExport(database.db, server.url) : null;
    return {
      users: USERS,
      orders: ORDERS,
      events: EVENTS,
      loadSeconds,
      rollupDays: rollup.days,
      rollupSeconds,
      queries,
      csv,
    };
  } finally {
    await database.close();
    await server.stop();
    if (!KEPT_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
  }
}
