import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MeetingServerFrame } from '../../../contracts/meetings';
import type { Database, DbExecutor } from '../../db/client';
import { findSignalBody, storeSignalBody } from './meetings.queries';

/**
 * Relays meeting frames between server instances through PostgreSQL LISTEN/NOTIFY (decision
 * 031): every frame for a room goes out on one channel and each process hands it to the room's
 * sockets it holds, so two people behind a load balancer on two instances still reach each other.
 * A payload over NOTIFY's 8000-byte limit (an SDP offer can be) is stored in
 * meeting_signal_bodies and the NOTIFY carries its id.
 */
export const MEETING_CHANNEL = 'mea_meetings';
const INLINE_MAX = 7000;
const LISTENER_NAME = 'mea-events-meetings';

/** Who in the room receives a frame. */
export interface Envelope {
  /** Meeting id. */
  m: string;
  /** Only this peer (socket id). */
  to?: string;
  /** Only this person's sockets. */
  user?: string;
  /** Only the host's sockets. */
  host?: true;
  /** Everyone but this peer. */
  except?: string;
  frame?: MeetingServerFrame;
  /** Close the matching sockets with this code and reason (removed, ended). */
  close?: { code: number; reason: string };
}

/** Queues the NOTIFY (sent at commit when `db` is a transaction). */
export async function publish(db: DbExecutor, envelope: Envelope): Promise<void> {
  const text = JSON.stringify(envelope);
  const payload =
    Buffer.byteLength(text) <= INLINE_MAX
      ? text
      : JSON.stringify({ m: envelope.m, b: await storeSignalBody(db, { body: text }) });
  await db.execute(sql`select pg_notify(${MEETING_CHANNEL}, ${payload})`);
}

type Deliver = (envelope: Envelope) => void;

/** This process's ear on the meetings channel; reconnects after a dropped connection. */
export class MeetingRelay {
  private client: pg.Client | undefined;
  private closed = false;
  /** Deliveries run one after another so a stored offer is not overtaken by its candidates. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      databaseUrl: string;
      db: Database;
      deliver: Deliver;
      onError: (error: unknown, context: string) => void;
    },
  ) {}

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) => {
      const raw = message.payload ?? '';
      this.chain = this.chain
        .then(() => this.handle(raw))
        .catch((error: unknown) => this.options.onError(error, 'meeting relay'));
    });
    const retry = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.start(), 1000).unref();
    };
    client.on('error', (error) => {
      this.options.onError(error, 'meeting relay listener');
      retry();
    });
    client.on('end', retry);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${MEETING_CHANNEL}`);
    } catch (error) {
      this.options.onError(error, 'meeting relay listener');
      retry();
    }
  }

  private async handle(raw: string): Promise<void> {
    let envelope = JSON.parse(raw) as Envelope & { b?: number };
    if (typeof envelope.b === 'number') {
      const body = await findSignalBody(this.options.db, { id: envelope.b });
      if (!body) return;
      envelope = JSON.parse(body) as Envelope;
    }
    if (typeof envelope.m === 'string') this.options.deliver(envelope);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
