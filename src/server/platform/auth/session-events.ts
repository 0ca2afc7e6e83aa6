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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  private readonly waiting = new Map<string, () => void>();
  /** Notices heard before anyone waited for them (the echo can beat the code that commits). */
  private readonly heard = new Set<string>();
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

  /** Called after the listener reconnected: changes may have been missed meanwhile. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * After the transaction that announced `notice` committed: waits until this process heard it
   * back (so it is applied here, and every other listener was sent it at the same moment), at
   * most ECHO_TIMEOUT_MS (a database too busy to deliver it), then applies it here anyway.
   */
  async settle(notice: SessionNotice): Promise<void> {
    // Deaf: this process's cache is off meanwhile; apply here and do not wait for an echo.
    if (!this.listening) {
      this.dispatch(notice);
      return;
    }
    if (this.heard.delete(notice.id)) return nextTurn();
    const heard = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(notice.id);
        resolve(false);
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(notice.id, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!heard) this.dispatch(notice);
    // The other processes' listeners got the notice at the same moment as ours: one more turn of
    // the event loop lets any of them in this process (tests run several apps) handle it first.
    await nextTurn();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      this.retired.add(client);
      await client.end().catch(() => {});
    }
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
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
    if (typeof payload.u !== 'string' || typeof payload.i !== 'string') return;
    this.dispatch({ userId: payload.u, accessChanged: payload.a === 1 });
    const waiter = this.waiting.get(payload.i);
    if (waiter) {
      this.waiting.delete(payload.i);
      waiter();
    } else {
      // Only this process's own notices are ever waited for; the set stays small either way.
      if (this.heard.size >= 1000) this.heard.clear();
      this.heard.add(payload.i);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) => this.onNotification(message.payload));
    client.on('error', (error) => {
      this.options.onError?.(error, 'session events listener');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
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
