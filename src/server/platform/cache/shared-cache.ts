import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { createCacheStore, type CacheLimits, type CacheStore } from './cache-store';

/**
 * Caches named once at module level and kept per database handle: two apps in one process (the
 * integration tests, which share a worker without isolation) never share an entry, and an app's
 * invalidation reaches the other processes on its database through NOTIFY on CACHE_CHANNEL
 * (cache-listener.ts). NOTIFY is per database, so tests on other databases never hear it.
 */
export const CACHE_CHANNEL = 'mea_cache';
const NOTICE_MAX = 7000;

/** What a cache reads per call: the database it belongs to and the app's clock. */
export interface CacheDeps {
  db: Database;
  clock: Clock;
}

/** The NOTIFY payload: which cache, what to forget, and who sent it (so it skips its own). */
export interface CacheNotice {
  /** Cache name. */
  c: string;
  /** One key, a prefix, or (neither) everything. */
  k?: string;
  p?: string;
  /** Refill instead of forget: the data changed under keys readers will ask for next. */
  f?: 1;
  /** The sending registry (one per database handle per process). */
  o: string;
}

interface Registry {
  origin: string;
  stores: Map<string, CacheStore<unknown>>;
  /** Each cache's `refill` for this database, once the cache has been read here. */
  refills: Map<string, () => Promise<void>>;
}

const registries = new WeakMap<Database, Registry>();
const names = new Set<string>();

function registryOf(db: Database): Registry {
  let registry = registries.get(db);
  if (!registry)
    registries.set(
      db,
      (registry = { origin: randomUUID(), stores: new Map(), refills: new Map() }),
    );
  return registry;
}

/**
 * Applies a notice from another process to this database's caches (cache-listener.ts); a refill
 * answers with its promise, so the listener can report a failure.
 */
export function applyCacheNotice(db: Database, notice: CacheNotice): Promise<void> | undefined {
  const registry = registries.get(db);
  if (!registry || notice.o === registry.origin) return;
  const store = registry.stores.get(notice.c);
  if (!store) return;
  if (notice.f === 1) return registry.refills.get(notice.c)?.();
  if (typeof notice.k === 'string') store.delete(notice.k);
  else if (typeof notice.p === 'string') store.deletePrefix(notice.p);
  else store.clear();
}

/** Forgets everything this database's caches hold (notices may have been missed). */
export function clearCaches(db: Database): void {
  for (const store of registries.get(db)?.stores.values() ?? []) store.clear();
}

export interface SharedCache<V, D extends CacheDeps> {
  readonly name: string;
  /** This process's entries for the database of `deps`. */
  in(deps: D): CacheStore<V>;
  /**
   * Forgets a key here at once and in every other process on the database (by NOTIFY). Call it
   * after the change committed: a process that read the old row in between would keep it.
   */
  invalidate(deps: Pick<D, 'db'>, key: string): Promise<void>;
  invalidatePrefix(deps: Pick<D, 'db'>, prefix: string): Promise<void>;
  invalidateAll(deps: Pick<D, 'db'>): Promise<void>;
  /**
   * Runs the cache's `refill` here and, by NOTIFY, in every other process that has read the cache
   * on the database. Call it after the change committed, from whoever made it (a job).
   */
  refillEverywhere(deps: Pick<D, 'db'>): Promise<void>;
}

/**
 * A named cache. `ttlMs` may come from the app's settings (a function of the deps the cache is
 * read with); it is fixed per database when the first read makes that database's store.
 */
export function defineCache<V, D extends CacheDeps = CacheDeps>(options: {
  name: string;
  ttlMs: number | ((deps: D) => number);
  maxEntries: number;
  /**
   * Computes again what readers of this database will ask for next (the entries whose keys a
   * change has made new), so no reader pays the miss; run by `refillEverywhere`.
   */
  refill?: (db: Database) => Promise<void>;
}): SharedCache<V, D> {
  if (names.has(options.name)) throw new Error(`cache ${options.name} is defined twice`);
  names.add(options.name);
  const { name } = options;

  const existing = (db: Database) =>
    registries.get(db)?.stores.get(name) as CacheStore<V> | undefined;

  async function tell(db: Database, what: { k?: string; p?: string; f?: 1 }) {
    const origin = registryOf(db).origin;
    let payload = JSON.stringify({ c: name, ...what, o: origin } satisfies CacheNotice);
    // NOTIFY refuses payloads of 8000 bytes or more: a key that long makes the others forget all.
    if (Buffer.byteLength(payload) > NOTICE_MAX) payload = JSON.stringify({ c: name, o: origin });
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
  }

  return {
    name,
    in(deps) {
      const registry = registryOf(deps.db);
      let store = registry.stores.get(name) as CacheStore<V> | undefined;
      if (!store) {
        const limits: CacheLimits = {
          ttlMs: typeof options.ttlMs === 'function' ? options.ttlMs(deps) : options.ttlMs,
          maxEntries: options.maxEntries,
        };
        store = createCacheStore<V>({ ...limits, clock: deps.clock });
        registry.stores.set(name, store as CacheStore<unknown>);
        const { refill } = options;
        if (refill) registry.refills.set(name, () => refill(deps.db));
      }
      return store;
    },
    async invalidate(deps, key) {
      existing(deps.db)?.delete(key);
      await tell(deps.db, { k: key });
    },
    async invalidatePrefix(deps, prefix) {
      existing(deps.db)?.deletePrefix(prefix);
      await tell(deps.db, { p: prefix });
    },
    async invalidateAll(deps) {
      existing(deps.db)?.clear();
      await tell(deps.db, {});
    },
    async refillEverywhere(deps) {
      await tell(deps.db, { f: 1 });
      if (existing(deps.db)) await registries.get(deps.db)?.refills.get(name)?.();
    },
  };
}
