// Child process of bench/scale.ts: the writing instance's side of realtime delivery across
// instances. It writes notifications at a fixed rate and, after each batch commits, pokes the
// app's own RealtimeHub with the notification source (what a service does after it inserts
// notifications, e.g. createForUser): the hub reads the new rows by sequence and sends the one
// NOTIFY per batch that wakes the other instances. No socket is held here; the receiving
// instance (a built server) holds them all, so every row travels insert → this process's hub →
// NOTIFY → the other instance's read → its socket.
//
// A process of its own rather than HTTP to a built server: 5,000 notifications/s as 5,000
// requests/s would measure the HTTP layer on these 2 cores, not the delivery between instances.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { uuidv7 } from '../src/server/db/uuid7';
import {
  NOTIFICATIONS_SOURCE,
  notificationSource,
} from '../src/server/modules/notifications/realtime-sources';
import { NOTIFY_CHANNEL, RealtimeHub, SIGNAL_CHANNEL } from '../src/server/platform/realtime/hub';

const BATCH_MS = 10;
const CONNECTIONS = 2;

export type WriterMessage =
  | { type: 'connect'; databaseUrl: string; userIds: string[] }
  | { type: 'round'; rate: number; seconds: number }
  | { type: 'stop' };

export interface WriterRound {
  sent: number;
  writtenPerSec: number;
  /** When the first batch went out, on the wall clock both processes share. */
  startedAt: number;
}

let clients: pg.Client[] = [];
let userIds: string[] = [];
let hub: RealtimeHub | undefined;
let closeDatabase: (() => Promise<void>) | undefined;

async function connect(databaseUrl: string) {
  clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  // The hub as an API instance builds it (modules/notifications/realtime.ts), notifications only:
  // the rows are written already dispatched, so its push/email dispatch has nothing to claim.
  const database = connectDatabase(databaseUrl, { max: 4 });
  closeDatabase = database.close;
  hub = new RealtimeHub({
    databaseUrl,
    sources: [notificationSource(database.db, () => {})],
    notifyOthers: async (payload) => {
      await database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    },
    signalOthers: async (payload) => {
      await database.db.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${payload})`);
    },
    onError: (error, context) =>
      process.stderr.write(`scale writer: ${context}: ${String(error)}\n`),
  });
  await hub.start();
}

async function round(rate: number, seconds: number): Promise<WriterRound> {
  const perBatch = Math.round((rate * BATCH_MS) / 1000);
  const batches = Math.round((seconds * 1000) / BATCH_MS);
  const start = performance.now();
  let sent = 0;
  let written = 0;
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
    await lanes[lane];
    lanes[lane] = (async () => {
      // The same row bench/realtime-producer.ts writes, without its NOTIFY: waking the others
      // is the hub's job here, as in the app.
      await client.query(
        `insert into notifications (id, user_id, type, title, message, metadata, dispatched_at)
         select i, u, 'ticket_sale', 'Ticket sold', 'Bench', jsonb_build_object('sent_at', $2::float8), now()
         from unnest($3::uuid[], $1::uuid[]) as t(i, u)`,
        [
          `{${ids.join(',')}}`,
          performance.timeOrigin + performance.now(),
          `{${ids.map(() => uuidv7()).join(',')}}`,
        ],
      );
      written += ids.length;
      hub?.poke(true, [NOTIFICATIONS_SOURCE]);
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

process.on('message', async (message: WriterMessage) => {
  if (message.type === 'connect') {
    userIds = message.userIds;
    await connect(message.databaseUrl);
    process.send?.('connected');
  } else if (message.type === 'round') {
    process.send?.(await round(message.rate, message.seconds));
  } else {
    await hub?.close();
    await Promise.all(clients.map((client) => client.end()));
    await closeDatabase?.();
    process.exit(0);
  }
});
