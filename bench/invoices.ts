// Invoices: 10,000 paid orders of one organizer invoiced by the issue job in two worker
// processes at once (the job's own handler: batches, one counter lock per seller and batch).
// Counts gaps and duplicates. The PDFs are not part of it: they are rendered when downloaded or
// mailed (decision 059), so the mails the job queues are left unworked here.
// The reference, measured in the same run just before: the same number of jobs through the same
// queue, two worker processes, batches and polling, completed by a handler that does nothing.
// What the invoices take beyond it is the issuing itself.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import { INVOICE_QUEUE } from '../src/server/modules/invoices/invoices.service';
import { startBuiltServer } from './lib';

const COUNT = Number(process.env.BENCH_INVOICES_COUNT ?? 10_000);
const WORKERS = 2;
/** The reference queue the workers drain without work (invoices-worker.ts, mode `noop`). */
const NOOP_QUEUE = 'bench.invoices-noop';
/** The figure to meet (issue 44). */
export const INVOICES_AIM_S = 60;

export interface InvoicesBench {
  count: number;
  seconds: number;
  perSec: number;
  issued: number;
  gaps: number;
  duplicates: number;
  jobsWorked: number[];
  /** The queue alone: the same jobs completed without work, in seconds. */
  referenceSeconds: number;
  /** The 1-minute load average before and after, as /proc/loadavg says. */
  loadBefore: number;
  loadAfter: number;
}

/** Starts a worker process; resolves `ready` once it polls and `done` with what it worked. */
function startWorker(databaseUrl: string, mode: 'issue' | 'noop' = 'issue') {
  const child = spawn(
    'npx',
    [
      'tsx',
      '--import',
      './scripts/lingui-register.mjs',
      'bench/invoices-worker.ts',
      databaseUrl,
      String(COUNT),
      mode,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready\n')) markReady();
  });
  const done = new Promise<{ worked: number }>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.slice(out.indexOf('ready\n') + 6)) as { worked: number })
        : reject(new Error(`invoice worker ${code}`)),
    ),
  );
  return { ready, done };
}

export async function benchInvoices(): Promise<InvoicesBench> {
  // The server's own workers off: only the two processes below work the queue.
  const server = await startBuiltServer('invoices', { RUN_WORKERS: 'false' });
  const handle = connectDatabase(server.databaseUrl, { max: 4 });
  const jobs = await startJobs(server.databaseUrl);
  try {
    const { db } = handle;
    const { rows } = await db.execute<{ seller: string; event: string; type: string }>(sql`
      with u as (
        insert into users (email) values ('bench-invoices@example.test') returning id
      ), p as (
        insert into profiles (id, full_name) select id, 'Bench Seller' from u
      ), e as (
        insert into events (user_id, title, category, starts_at, date, time, is_free)
        select id, 'Invoice bench', (select name from categories limit 1),
          now() + interval '30 days', (now() + interval '30 days')::date, '19:00', false
        from u returning id
      ), t as (
        insert into ticket_types (event_id, name, price_cents, quantity, remaining)
        select id, 'Seat', 2500, ${COUNT}, 0 from e returning id
      )
      select u.id as seller, e.id as event, t.id as type from u, e, t`);
    const { seller, event, type } = rows[0] ?? { seller: '', event: '', type: '' };
    await db.execute(sql`
      insert into billing_profiles (seller_key, legal_name, address, number_prefix, number_format)
      values (${seller}, 'Bench Events Ltd', '1 Bench Road', 'B-', '{prefix}{year}-{number:6}')`);
    const { rows: orderRows } = await db.execute<{ id: string }>(sql`
      with o as (
        insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents, paid_at)
        select ${seller}, 'tickets', 'paid', 'EUR', 2500, 2500, now()
        from generate_series(1, ${COUNT}) returning id
      ), i as (
        insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
        select id, ${event}, ${type}, 1, 2500 from o
      )
      select id from o`);
    const loadBefore = os.loadavg()[0] ?? 0;
    const noop = Array.from({ length: WORKERS }, () => startWorker(server.databaseUrl, 'noop'));
    await Promise.all(noop.map((w) => w.ready));
    const referenceStarted = performance.now();
    await jobs.insert(
      NOOP_QUEUE,
      orderRows.map((o) => ({ data: { orderId: o.id } })),
    );
    await Promise.all(noop.map((w) => w.done));
    const referenceSeconds = (performance.now() - referenceStarted) / 1000;

    const workers = Array.from({ length: WORKERS }, () => startWorker(server.databaseUrl));
    await Promise.all(workers.map((w) => w.ready));
    const started = performance.now();
    // What the payment webhook sends for each paid order, all at once.
    await jobs.insert(
      INVOICE_QUEUE,
      orderRows.map((o) => ({ data: { orderId: o.id } })),
    );
    const results = await Promise.all(workers.map((w) => w.done));
    const seconds = (performance.now() - started) / 1000;
    const { rows: check } = await db.execute<{
      issued: number;
      distinct_orders: number;
      max_sequence: number;
      distinct_sequences: number;
    }>(sql`
      select count(*)::int as issued, count(distinct order_id)::int as distinct_orders,
        coalesce(max(sequence), 0)::int as max_sequence,
        count(distinct sequence)::int as distinct_sequences
      from invoices where seller_key = ${seller}`);
    const c = check[0] ?? { issued: 0, distinct_orders: 0, max_sequence: 0, distinct_sequences: 0 };
    return {
      count: COUNT,
      seconds,
      perSec: Math.round(c.issued / seconds),
      issued: c.issued,
      // Numbers 1..max not used, and numbers or orders used twice.
      gaps: c.max_sequence - c.distinct_sequences,
      duplicates: c.issued - c.distinct_sequences + (c.issued - c.distinct_orders),
      jobsWorked: results.map((r) => r.worked),
      referenceSeconds,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? 0,
    };
  } finally {
    await stopJobs(jobs, 5000);
    await handle.close();
    await server.stop();
  }
}
