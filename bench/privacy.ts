// People's data at a heavy user's size (decision 063): one person with BENCH_PRIVACY_MESSAGES
// messages sent (10,000 by default) and BENCH_PRIVACY_ORDERS orders (500), in the built server.
// Measured: "Download my data" from the request to the ZIP ready (the job in the server's
// worker), and the erasure job from its start to the account erased; then every text and JSON
// column of every table is searched for the person's email, name and phone (aim: ≤ 30 s each,
// no trace left).
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase, type Database } from '../src/server/db/client';
import { createSession } from '../src/server/platform/auth/sessions';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import { createUser } from '../src/server/test/factories';
import { PRIVACY_SWEEP_QUEUE } from '../src/server/modules/privacy/privacy.service';
import { startBuiltServer } from './lib';

const MESSAGES = Number(process.env.BENCH_PRIVACY_MESSAGES ?? 10_000);
const ORDERS = Number(process.env.BENCH_PRIVACY_ORDERS ?? 500);
export const PRIVACY_AIM_S = 30;

const NAME = 'Bench Privacy Person';
const EMAIL = 'privacy.person@bench.test';
const PHONE = '+44 20 7946 0958';

async function seed(db: Database) {
  const person = await createUser(db, { email: EMAIL, fullName: NAME, phone: PHONE });
  const other = await createUser(db, { fullName: 'Bench Friend' });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents, metadata,
        created_at, paid_at, updated_at)
      select ${person.id}, 'tickets', 'paid', 'EUR', 2500, 2500,
        jsonb_build_object('buyer_name', ${NAME}::text, 'buyer_email', ${EMAIL}::text),
        now() - (i || ' minutes')::interval, now(), now()
      from generate_series(1, ${ORDERS}::int) as i`);
    const chat = await tx.execute<{ id: string }>(
      sql`insert into chats (created_by) values (${person.id}) returning id`,
    );
    const chatId = chat.rows[0]?.id;
    await tx.execute(sql`
      insert into chat_participants (chat_id, user_id)
      values (${chatId}, ${person.id}), (${chatId}, ${other.id})`);
    await tx.execute(sql`
      insert into messages (chat_id, sender_id, body, created_at)
      select ${chatId}, ${person.id}, 'Message number ' || i || ' about the festival plans',
        now() - (i || ' seconds')::interval
      from generate_series(1, ${MESSAGES}::int) as i`);
  });
  return person;
}

async function traces(db: Database): Promise<number> {
  const columns = await db.execute<{ table: string; column: string; type: string }>(sql`
    select table_name as "table", column_name as "column", data_type as type
    from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`);
  let found = 0;
  for (const { table, column, type } of columns.rows) {
    const text =
      type === 'jsonb' ? sql`${sql.identifier(column)}::text` : sql`${sql.identifier(column)}`;
    const result = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(table)}
      where ${text} ilike ${`%${EMAIL}%`} or ${text} ilike ${`%${NAME}%`}
        or ${text} ilike ${`%${PHONE}%`}`);
    found += result.rows[0]?.n ?? 0;
  }
  return found;
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchPrivacy() {
  const server = await startBuiltServer('privacy', { SEED_DEMO: 'false' });
  const { db, close } = connectDatabase(server.databaseUrl, { max: 2 });
  const jobs = await startJobs(server.databaseUrl);
  try {
    const person = await seed(db);
    const { token } = await createSession(db, { userId: person.id, now: new Date() });
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, origin: server.base };

    const asked = performance.now();
    const response = await fetch(`${server.base}/api/privacy/exports`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    const { id } = (await response.json()) as { id: string };
    const ready = await until(async () => {
      const list = (await (
        await fetch(`${server.base}/api/privacy/exports`, { headers })
      ).json()) as { exports: { id: string; status: string; sizeBytes: number | null }[] };
      const item = list.exports.find((e) => e.id === id);
      if (item?.status === 'failed') throw new Error('the export failed');
      return item?.status === 'ready' ? item : undefined;
    }, 120_000);
    const exportSeconds = (performance.now() - asked) / 1000;
    const zip = await fetch(`${server.base}/api/privacy/exports/${id}/file`, { headers });
    const zipBytes = (await zip.arrayBuffer()).byteLength;

    // The grace is over at once: the server's sweep job erases the person.
    await db.execute(sql`
      insert into account_deletions (user_id, requested_at, erase_after)
      values (${person.id}, now(), now())`);
    const started = performance.now();
    await jobs.send(PRIVACY_SWEEP_QUEUE, {});
    await until(async () => {
      const row = await db.execute<{ erased: boolean }>(sql`
        select erased_at is not null as erased from account_deletions where user_id = ${person.id}`);
      return row.rows[0]?.erased ? true : undefined;
    }, 120_000);
    const eraseSeconds = (performance.now() - started) / 1000;
    return {
      messages: MESSAGES,
      orders: ORDERS,
      exportSeconds,
      zipMegabytes: (ready.sizeBytes ?? zipBytes) / 1_000_000,
      eraseSeconds,
      traces: await traces(db),
    };
  } finally {
    await stopJobs(jobs, 5000);
    await close();
    await server.stop();
  }
}
