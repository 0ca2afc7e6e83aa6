import type { Clock } from '../clock';

export interface CacheLimits {
  /** How long an entry is served after it was stored, on the app's clock. */
  ttlMs: number;
  /** At most this many entries; storing one more drops the least recently used. */
  maxEntries: number;
}

/** One process's entries of one cache (see `defineCache` for the shared, per-database kind). */
export interface CacheStore<V> {
  /**
   * The value if fresh, else `compute()`'s, kept for `ttlMs`. Concurrent misses of one key share
   * one computation; a failed computation is not kept. A computation that an invalidation of its
   * key overtook still answers its caller but is not kept (it may have read the old data).
   */
  get(key: string, compute: () => V | Promise<V>): Promise<V>;
  /** The value if fresh, without computing anything. */
  peek(key: string): V | undefined;
  /** Stores a value (returned, for `peek(k) ?? set(k, make())`). */
  set(key: string, value: V): V;
  delete(key: string): void;
  /** Every key that starts with `prefix` (a cache keyed `<id>:<variant>` forgets one id). */
  deletePrefix(prefix: string): void;
  clear(): void;
  readonly size: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  expiresAt: number;
}

/**
 * The cache's rules, with nothing shared: time-to-live read from the injected clock (so tests
 * move time instead of sleeping), a size bound, invalidation by key, prefix or all, and shared
 * concurrent misses. An entry whose clock was set back before it was stored counts as expired.
 */
export function createCacheStore<V>(options: CacheLimits & { clock: Clock }): CacheStore<V> {
  const entries = new Map<string, Entry<V>>();
  const inFlight = new Map<string, Promise<V>>();
  const now = () => options.clock.now().getTime();

  function fresh(key: string): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (at >= entry.storedAt && at < entry.expiresAt) {
      // Most recently used goes last: Map keeps insertion order, so the first key is the eviction.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    }
    entries.delete(key);
    return undefined;
  }

  function set(key: string, value: V): V {
    entries.delete(key);
    while (entries.size >= options.maxEntries && entries.size > 0)
      entries.delete(entries.keys().next().value as string);
    if (options.maxEntries > 0) {
      const at = now();
      entries.set(key, { value, storedAt: at, expiresAt: at + options.ttlMs });
    }
    return value;
  }

  return {
    get(key, compute) {
      const hit = fresh(key);
      if (hit) return Promise.resolve(hit.value);
      const running = inFlight.get(key);
      if (running) return running;
      // Called at once (not on a later tick), so a caller's invalidation right after this call
      // already finds the computation in flight.
      let promise: Promise<V>;
      try {
        promise = Promise.resolve(compute());
      } catch (error) {
        promise = Promise.reject(error as Error);
      }
      inFlight.set(key, promise);
      promise.then(
        (value) => {
          if (inFlight.get(key) !== promise) return;
          inFlight.delete(key);
          set(key, value);
        },
        () => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
        },
      );
      return promise;
    },
    peek: (key) => fresh(key)?.value,
    set,
    delete(key) {
      entries.delete(key);
      inFlight.delete(key);
    },
    deletePrefix(prefix) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
      for (const key of [...inFlight.keys()]) if (key.startsWith(prefix)) inFlight.delete(key);
    },
    clear() {
      entries.clear();
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
