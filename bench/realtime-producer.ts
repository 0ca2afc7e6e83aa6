// Writes notifications at a fixed rate, as another server process would: batches straight into
// the table, one NOTIFY after each commit. Its own process, so the 10,000 sockets the benchmark
// reads from do not slow the writing down.
import pg from 'pg';

const BATCH_MS = 10;

process.on(
  'message',
  async (message: { databaseUrl: string; userIds: string[]; rate: number; seconds: number }) => {
    const client = new pg.Client({ connectionString: message.databaseUrl });
    await client.connect();
    const perBatch = Math.round((message.rate * BATCH_MS) / 1000);
    const batches = Math.round((message.seconds * 1000) / BATCH_MS);
    const start = performance.now();
    let sent = 0;
    for (let b = 0; b < batches; b++) {
      const wait = start + b * BATCH_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ids = Array.from(
        { length: perBatch },
        (_, i) => message.userIds[(sent + i) % message.userIds.length] ?? '',
      );
      // Already "dispatched": this measures the live path only, not push and email.
      await client.query(
        `insert into notifications (user_id, type, title, message, metadata, dispatched_at)
       select u, 'ticket_sale', 'Ticket sold', 'Bench', jsonb_build_object('sent_at', $2::float8), now()
       from unnest($1::uuid[]) as u`,
        [ids, performance.timeOrigin + performance.now()],
      );
      await client.query(`select pg_notify('mea_realtime', '')`);
      sent += perBatch;
    }
    const seconds = (performance.now() - start) / 1000;
    await client.end();
    process.send?.({ sent, writtenPerSec: Math.round(sent / seconds) });
    process.exit(0);
  },
);
