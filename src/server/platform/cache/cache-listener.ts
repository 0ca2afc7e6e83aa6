import pg from 'pg';
import type { Database } from '../../db/client';
import { applyCacheNotice, CACHE_CHANNEL, clearCaches, type CacheNotice } from './shared-cache';

const LISTENER_NAME = 'mea-events-cache';

/**
 * This process's ear on CACHE_CHANNEL for one database: other processes' invalidations reach
 * the app's caches here. After a dropped connection it reconnects and clears every cache, since
 * invalidations sent meanwhile were not heard (until then entries live at most their TTL).
 */
export class CacheListener {
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly options: {
      databaseUrl: string;
      db: Database;
      onError: (error: unknown, context: string) => void;
    },
  ) {}

  async start(resync = false): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) => this.handle(message.payload));
    const retry = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.start(true), 1000).unref();
    };
    client.on('error', (error) => {
      this.options.onError(error, 'cache listener');
      retry();
    });
    client.on('end', retry);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      if (resync) clearCaches(this.options.db);
    } catch (error) {
      this.options.onError(error, 'cache listener');
      retry();
    }
  }

  private handle(raw: string | undefined): void {
    try {
      const notice = JSON.parse(raw ?? '') as CacheNotice;
      if (typeof notice.c === 'string')
        void applyCacheNotice(this.options.db, notice)?.catch((error: unknown) =>
          this.options.onError(error, 'cache refill'),
        );
    } catch (error) {
      this.options.onError(error, 'cache notice');
    }
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
