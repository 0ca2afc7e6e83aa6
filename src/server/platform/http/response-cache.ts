import { createCacheStore } from '../cache/cache-store';
import type { Clock } from '../clock';

/**
 * A short-lived cache of serialized public responses (event lists, categories), made per app by
 * the routes that serve them. A busy home page then costs the database one query per list per
 * `ttlMs`, not one per visitor; concurrent misses share one computation. Writes in this process
 * clear it at once; other instances see a change within `ttlMs`. The rules are the platform
 * cache's (platform/cache); a cache that other processes must clear at once is a `defineCache`.
 */
export function createResponseCache(options: { ttlMs: number; clock: Clock; maxEntries?: number }) {
  const store = createCacheStore<string>({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries ?? 500,
    clock: options.clock,
  });
  return {
    get: (key: string, compute: () => Promise<string>): Promise<string> => store.get(key, compute),
    clear: (): void => store.clear(),
  };
}
