import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbExecutor } from '../../db/client';

/**
 * Session and access changes, told to every server process through PostgreSQL LISTEN/NOTIFY
 * (the mechanism the realtime hub uses, on a channel of its own): each process then forgets the
 * person's cached sessions and closes the live sockets whose session ended, so a sign-out, a
 * password reset or change, or a role change counts on the very next request anywhere.
 */
export const SESSION_CHANNEL = 'mea_sessions';
/** Each process, having applied a change, says so here (with the notice's id). */
const ACK_CHANNEL = 'mea_sessions_ack';
const LISTENER_NAME = 'mea-events-sessions';
/** How long the process that made a change waits to hear it back before answering anyway. */
const ECHO_TIMEOUT_MS = 5000;

export interface SessionChange {
  userId: string;
  /** Roles or account state changed: open sockets re-authenticate even if their session lives. */
  accessChanged: boolean;
}

/** A change announced in a transaction, to pass to `SessionEvents.settle` after it commits. */
export interface SessionNotice extends SessionChange {
  id: string;
}

interface Payload {
  i: string;
  u: string;
  a: 0 | 1;
  /**
   * `s`: a subscription or plan changed (told by a trigger, migration 0042; `u` is the person,
   * or `*` for many): only subscription listeners hear it, and it is not acknowledged.
   */
  k?: 's';
}

/**
 * Queues the NOTIFY for a change. Called inside the transaction that makes the change: PostgreSQL
 * sends it at commit and never otherwise, so no process hears of a change that rolled back, and
 * no committed change goes untold (a crash after the commit cannot lose it).
 */
export async function announceSessionChange(
  db: DbExecutor,
  change: { userId: string; accessChanged?: boolean },
): Promise<SessionNotice> {
  const notice = {
    id: randomUUID(),
    userId: change.userId,
    accessChanged: change.accessChanged ?? false,
  };
  const payload: Payload = { i: notice.id, u: notice.userId, a: notice.accessChanged ? 1 : 0 };
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(payload)})`);
  return notice;
}

type ChangeListener = (change: SessionChange) => void;
/** A person's subscription changed; `null`: many people's did, or a plan did. */
type SubscriptionListener = (userId: string | null) => void;

/**
 * This process's ear on SESSION_CHANNEL. While it is not connected nobody can tell it about
 * changes, so `listening` is false and caches must not be trusted; on reconnecting, `onResync`
 * listeners re-check everything they hold (changes made meanwhile were not heard).
 */
export class SessionEvents {
  private client: pg.Client | undefined;
  private readonly retired = new WeakSet<pg.Client>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly subscriptionListeners = new Set<SubscriptionListener>();
  /** Notices this process waits on, each with the check its acknowledgements run. */
  private readonly waiting = new Map<string, () => void>();
  /** Acknowledgements counted per notice (they can arrive before anyone waits). */
  private readonly acks = new Map<string, number>();
  private closed = false;
  private everConnected = false;

  constructor(
    private readonly options: {
      databaseUrl: string;
      onError?: (error: unknown, context: string) => void;
    },
  ) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  /** Called for every change, from any process (this one included). */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for every subscription or plan change, from any process (see Payload.k). */
  onSubscriptionChange(listener: SubscriptionListener): () => void {
    this.subscriptionListeners.add(listener);
    return () => this.subscriptionListeners.delete(listener);
  }

  /** Called after the listener reconnected: changes may have been missed meanwhile. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * After the transaction that announced `notice` committed: waits until every listening process
   * (this one included) acknowledged it, i.e. had forgotten the person's cached sessions, so the
   * change counts on the next request anywhere. At most ECHO_TIMEOUT_MS (a database too busy to
   * deliver it); then it is applied here anyway.
   */
  async settle(notice: SessionNotice): Promise<void> {
    const client = this.client;
    // Deaf: this process's cache is off meanwhile; apply here and do not wait.
    if (!client) {
      this.dispatch(notice);
      return;
    }
    let expected = 1;
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [LISTENER_NAME],
      );
      expected = Math.max(1, rows[0]?.n ?? 1);
    } catch {
      // Counted as one: at least this process's own acknowledgement is awaited.
    }
    const acknowledged = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(notice.id);
        resolve(false);
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      const check = () => {
        if (!this.closed && (this.acks.get(notice.id) ?? 0) < expected) return;
        clearTimeout(timer);
        this.waiting.delete(notice.id);
        this.acks.delete(notice.id);
        resolve(true);
      };
      this.waiting.set(notice.id, check);
      check();
    });
    if (!acknowledged) this.dispatch(notice);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      this.retired.add(client);
      await client.end().catch(() => {});
    }
    // Shutting down: nobody waits for acknowledgements any more.
    for (const check of [...this.waiting.values()]) check();
  }

  private dispatch(change: SessionChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.options.onError?.(error, 'session change listener');
      }
    }
  }

  private onNotification(raw: string | undefined): void {
    let payload: Payload;
    try {
      payload = JSON.parse(raw ?? '') as Payload;
    } catch (error) {
      this.options.onError?.(error, 'session change payload');
      return;
    }
    if (payload.k === 's' && typeof payload.u === 'string') {
      const userId = payload.u === '*' ? null : payload.u;
      for (const listener of this.subscriptionListeners) {
        try {
          listener(userId);
        } catch (error) {
          this.options.onError?.(error, 'subscription change listener');
        }
      }
      return;
    }
    if (typeof payload.u !== 'string' || typeof payload.i !== 'string') return;
    this.dispatch({ userId: payload.u, accessChanged: payload.a === 1 });
    // Applied here: the process that made the change counts this before it answers.
    this.client
      ?.query('select pg_notify($1, $2)', [ACK_CHANNEL, payload.i])
      .catch((error: unknown) => this.options.onError?.(error, 'session change ack'));
  }

  private onAck(id: string | undefined): void {
    if (!id) return;
    if (!this.waiting.has(id) && this.acks.size >= 1000) this.acks.clear();
    this.acks.set(id, (this.acks.get(id) ?? 0) + 1);
    this.waiting.get(id)?.();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) =>
      message.channel === ACK_CHANNEL
        ? this.onAck(message.payload)
        : this.onNotification(message.payload),
    );
    client.on('error', (error) => {
      this.options.onError?.(error, 'session events listener');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      if (this.everConnected) for (const listener of this.resyncListeners) listener();
      this.everConnected = true;
    } catch (error) {
      this.options.onError?.(error, 'session events listener');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.retired.has(client)) return;
    this.retired.add(client);
    if (this.client === client) this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    // Nothing can be trusted from the cache until we hear changes again.
    for (const listener of this.resyncListeners) listener();
    setTimeout(() => void this.listen(), 1000).unref();
  }
}
