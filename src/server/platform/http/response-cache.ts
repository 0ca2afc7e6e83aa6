import type { Clock } from '../clock';

/**
 * A short-lived cache of serialized public responses (event lists, categories). A busy home
 * page then costs the database one query per list per `ttlMs`, not one per visitor; concurrent
 * misses share one computation. Writes in this process clear it at once; other instances see a
 * change within `ttlMs`.
 */
export function createResponseCache(options: { ttlMs: number; clock: Clock; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { body: string; expiresAt: number }>();
  const inFlight = new Map<string, Promise<string>>();
  let generation = 0;

  return {
    async get(key: string, compute: () => Promise<string>): Promise<string> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now && now >= hit.expiresAt - options.ttlMs) return hit.body;
      const running = inFlight.get(key);
      if (running) return running;
      const startedGeneration = generation;
      const promise = compute()
        .then((body) => {
          // A write that happened while computing makes this result stale: do not keep it.
          if (startedGeneration === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(key, { body, expiresAt: options.clock.now().getTime() + options.ttlMs });
          }
          return body;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    clear(): void {
      generation += 1;
      entries.clear();
      inFlight.clear();
    },
  };
}
