// Writes notifications at a fixed rate, as other server processes would: batches straight into
// the table, each with the NOTIFY a server's hub sends (naming the table it found new rows in),
// delivered as the batch commits. Its own process, so the 10,000 sockets the benchmark reads from
// do not slow the writing down. Batches go out on a schedule over a few connections, as a server's
// pool would: one slow insert does not hold the next ones back (and concurrent inserts commit out
// of order, so the hub's gap handling is part of what is measured).
//
// One process for every round, started and connected before the first: the servers it stands in
// for are already running, and booting it (tsx, ~0.5 s of a core) at the start of each round
// took CPU from the first second of that round.
import pg from 'pg';
import { uuidv7 } from '../src/server/db/uuid7';
import { NOTIFY_CHANNEL, wakePayload } from '../src/server/platform/realtime/hub';

const BATCH_MS = 10;
const CONNECTIONS = 2;

export type ProducerMessage =
  | { type: 'connect'; databaseUrl: string; userIds: string[] }
  | { type: 'round'; rate: number; seconds: number }
  | { type: 'stop' };

export interface ProducerRound {
  sent: number;
  writtenPerSec: number;
  /** When the first batch went out, on the wall clock both processes share. */
  startedAt: number;
}

let clients: pg.Client[] = [];
let userIds: string[] = [];

async function round(rate: number, seconds: number): Promise<ProducerRound> {
  const perBatch = Math.round((rate * BATCH_MS) / 1000);
  const batches = Math.round((seconds * 1000) / BATCH_MS);
  const wake = wakePayload('bench-producer', ['notifications']);
  const start = performance.now();
  let sent = 0;
  let written = 0;
  // Each connection writes its batches one after another; batches are dealt out in turn.
  const lanes: Promise<void>[] = clients.map(() => Promise.resolve());
  for (let b = 0; b < batches; b++) {
    const wait = start + b * BATCH_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const ids = Array.from(
      { length: perBatch },
      (_, i) => userIds[(sent + i) % userIds.length] ?? '',
    );
    sent += perBatch;
    const lane = b % clients.length;
    const client = clients[lane];
    if (!client) continue;
    // A lane still busy with its previous batch: the schedule waits for it (never more than
    // one batch queued per connection, so the rate stays what the database can take).
    await lanes[lane];
    lanes[lane] = (async () => {
      // Already "dispatched": this measures the live path only, not push and email. Ids are
      // made here, as the app's createNotifications makes them (time-ordered, uuid7.ts).
      // One statement: the NOTIFY goes out when the rows commit, one round trip and one commit.
      // The uuids go as array literals (they need no quoting), not arrays pg escapes one by one.
      await client.query(
        `with written as (
           insert into notifications (id, user_id, type, title, message, metadata, dispatched_at)
           select i, u, 'ticket_sale', 'Ticket sold', 'Bench', jsonb_build_object('sent_at', $2::float8), now()
           from unnest($5::uuid[], $1::uuid[]) as t(i, u)
           returning 1
         )
         select pg_notify($3, $4) from (select count(*) from written) as done`,
        [
          `{${ids.join(',')}}`,
          performance.timeOrigin + performance.now(),
          NOTIFY_CHANNEL,
          wake,
          `{${ids.map(() => uuidv7()).join(',')}}`,
        ],
      );
      written += ids.length;
    })();
  }
  await Promise.all(lanes);
  const elapsed = (performance.now() - start) / 1000;
  return {
    sent: written,
    writtenPerSec: Math.round(written / elapsed),
    startedAt: performance.timeOrigin + start,
  };
}

process.on('message', async (message: ProducerMessage) => {
  if (message.type === 'connect') {
    userIds = message.userIds;
    clients = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const client = new pg.Client({ connectionString: message.databaseUrl });
        await client.connect();
        return client;
      }),
    );
    process.send?.('connected');
  } else if (message.type === 'round') {
    process.send?.(await round(message.rate, message.seconds));
  } else {
    await Promise.all(clients.map((client) => client.end()));
    process.exit(0);
  }
});
