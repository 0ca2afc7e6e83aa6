// An organizer's attendee export at festival size: BENCH_EXPORT_ATTENDEES attendees (100,000 by
// default), each with answers to three checkout questions, downloaded as CSV and as Excel through
// the built server. Measured: the first byte after the request, the whole download, and the
// server's memory while it streams (aim: first byte ≤ 1 s, growth ≤ 100 MB; decisions 056, 071):
// its RSS as the system sees it, and its V8 heap (bench/heap-probe.ts) at its peak and after a
// full collection once the file is out, so garbage not yet collected is told apart from memory
// the export kept. Each format starts from a collected heap.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../src/server/db/client';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { signIn } from './flash-sale';
import { startBuiltServer } from './lib';

const ATTENDEES = Number(process.env.BENCH_EXPORT_ATTENDEES ?? 100_000);
export const FIRST_BYTE_AIM_MS = 1000;
export const RSS_GROWTH_AIM_MB = 100;

/** One organizer's event with ATTENDEES paid tickets, one buyer each, and their answers. */
async function seed(db: Database) {
  const owner = await createUser(db, { userType: 'organizer', fullName: 'Bench Organizer' });
  const event = await createEvent(db, {
    userId: owner.id,
    title: 'Bench Festival',
    isFree: false,
    timezone: 'Europe/Berlin',
  });
  const type = await createTicketType(db, {
    eventId: event.id,
    name: 'Weekend pass',
    priceCents: 8900,
    quantity: ATTENDEES,
  });
  await db.transaction(async (tx) => {
    // No webhook outbox rows and the like: the load is the data, not the triggers' work.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      create temp table bench_people on commit drop as
      select i, gen_random_uuid() as user_id, gen_random_uuid() as order_id,
        gen_random_uuid() as item_id, gen_random_uuid() as ticket_id,
        now() - ((${ATTENDEES} - i) || ' seconds')::interval as at
      from generate_series(1, ${ATTENDEES}::int) as i`);
    await tx.execute(sql`
      insert into users (id, email, email_confirmed_at, created_at)
      select user_id, 'fan' || i || '@bench.test', at, at from bench_people`);
    await tx.execute(sql`
      insert into profiles (id, full_name, user_type, created_at, updated_at)
      select user_id, 'Fan Number ' || i, 'attendee', at, at from bench_people`);
    await tx.execute(sql`
      insert into orders (id, user_id, kind, status, currency, subtotal_cents, total_cents,
        created_at, paid_at, updated_at)
      select order_id, user_id, 'tickets', 'paid', 'EUR', 8900, 8900, at, at, at
      from bench_people`);
    await tx.execute(sql`
      insert into order_items (id, order_id, event_id, ticket_type_id, quantity, unit_price_cents)
      select item_id, order_id, ${event.id}, ${type.id}, 1, 8900 from bench_people`);
    await tx.execute(sql`
      insert into tickets (id, order_id, order_item_id, event_id, ticket_type_id, user_id,
        status, checked_in_at, created_at)
      select ticket_id, order_id, item_id, ${event.id}, ${type.id}, user_id,
        (case when i % 3 = 0 then 'checked_in' else 'valid' end)::ticket_status,
        case when i % 3 = 0 then at + interval '1 day' end, at
      from bench_people`);
    const questions = await tx.execute<{ id: string; scope: string }>(sql`
      insert into event_questions (event_id, position, scope, type, label, options)
      values (${event.id}, 0, 'order', 'short_text', 'Company', '[]'),
        (${event.id}, 1, 'ticket', 'single_choice', 'T-shirt size', '["S","M","L"]'),
        (${event.id}, 2, 'ticket', 'multiple_choice', 'Dietary needs', '["vegan","nut-free"]')
      returning id, scope`);
    const [company, size, diet] = questions.rows;
    await tx.execute(sql`
      insert into question_answers (order_id, question_id, ticket_type_id, ordinal, ticket_id, value)
      select order_id, ${company?.id}::uuid, null, 0, null, to_jsonb('Company ' || (i % 500))
      from bench_people
      union all
      select order_id, ${size?.id}::uuid, ${type.id}::uuid, 0, ticket_id,
        to_jsonb((array['S','M','L'])[1 + i % 3])
      from bench_people
      union all
      select order_id, ${diet?.id}::uuid, ${type.id}::uuid, 0, ticket_id,
        case when i % 4 = 0 then '["vegan","nut-free"]'::jsonb else '[]'::jsonb end
      from bench_people`);
  });
  await db.execute(sql`vacuum analyze`);
  return { owner, event };
}

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

export interface ExportFigure {
  format: 'csv' | 'xlsx';
  firstByteMs: number;
  seconds: number;
  megabytes: number;
  rssBeforeMb: number;
  rssGrowthMb: number;
  heapBeforeMb: number;
  /** The heap in use at its highest while streaming, above where it started. */
  heapPeakGrowthMb: number;
  /** What was still in use after a full collection once the file was out. */
  heapKeptMb: number;
}

interface HeapReading {
  heapUsed: number;
}

const readHeap = async (file: string): Promise<number> => {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  try {
    return (JSON.parse(text) as HeapReading).heapUsed;
  } catch {
    return 0;
  }
};

/** A full collection in the server, then its heap in use. */
async function collectedHeap(pid: number, heapFile: string): Promise<number> {
  const collected = `${heapFile}.collected`;
  await fs.rm(collected, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 20) {
    const used = await readHeap(collected);
    if (used) return used;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not report its heap after a collection');
}

export async function benchExportAttendees() {
  const heapFile = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-heap-')),
    'heap.json',
  );
  const server = await startBuiltServer('export-attendees', { SEED_DEMO: 'false' }, { heapFile });
  const database = connectDatabase(server.databaseUrl, { max: 4 });
  try {
    const loadStart = performance.now();
    const { owner, event } = await seed(database.db);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    // Signed in by password: exports ask for it within the last ten minutes (decision 061).
    const cookie = await signIn(server.base, owner.email, owner.password);
    const pid = server.process.pid ?? 0;
    const figures: ExportFigure[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      // Let the last run's garbage go, then take the baseline the growth is measured from.
      const heapBefore = await collectedHeap(pid, heapFile);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = await rssKb(pid);
      let peak = before;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        void rssKb(pid).then((kb) => {
          peak = Math.max(peak, kb);
        });
        void readHeap(heapFile).then((used) => {
          heapPeak = Math.max(heapPeak, used);
        });
      }, 50);
      const t0 = performance.now();
      const response = await fetch(
        `${server.base}/api/events/${event.id}/export?kind=attendees&format=${format}`,
        { headers: { cookie } },
      );
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      const reader = response.body.getReader();
      let firstByteMs = 0;
      let bytes = 0;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        if (!firstByteMs) firstByteMs = performance.now() - t0;
        bytes += read.value.length;
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, await rssKb(pid));
      heapPeak = Math.max(heapPeak, await readHeap(heapFile));
      const heapAfter = await collectedHeap(pid, heapFile);
      const mb = (bytes: number) => bytes / 1024 / 1024;
      figures.push({
        format,
        firstByteMs,
        seconds,
        megabytes: bytes / 1024 / 1024,
        rssBeforeMb: before / 1024,
        rssGrowthMb: (peak - before) / 1024,
        heapBeforeMb: mb(heapBefore),
        heapPeakGrowthMb: mb(heapPeak - heapBefore),
        heapKeptMb: mb(heapAfter - heapBefore),
      });
    }
    return { attendees: ATTENDEES, loadSeconds, figures, load: (os.loadavg()[0] ?? 0).toFixed(1) };
  } finally {
    await database.close();
    await server.stop();
  }
}
