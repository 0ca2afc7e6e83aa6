import type { DbExecutor } from '../../db/client';
import { defineCache, type CacheDeps } from '../../platform/cache/shared-cache';
import * as q from './developer.queries';

// The public API's per-request work (decision 037): the key row read at most once a second per
// process, and the per-key rate counted in memory and added to the shared window once a second.
// Their seconds are read from the app's clock, not Date.now(), so tests move the clock past a
// second instead of sleeping through it.

/** How long a process trusts a key row it read, unless told of a change sooner (NOTIFY). */
export const KEY_CACHE_MS = 1000;
/** How often a process adds its count to the shared window (and learns the others'). */
export const RATE_SYNC_MS = 1000;
const MAX_ENTRIES = 10_000;

type KeyRow = Awaited<ReturnType<typeof q.keyByPrefix>>;

// An unknown prefix is kept too (as null), so a flood of made-up keys costs one read a second each.
const keyRows = defineCache<KeyRow>({
  name: 'developer.key-rows',
  ttlMs: KEY_CACHE_MS,
  maxEntries: MAX_ENTRIES,
});

/** The key row by prefix, read at most once a second per process (concurrent askers share it). */
export function cachedKeyByPrefix(deps: CacheDeps, prefix: string): Promise<KeyRow> {
  return keyRows.in(deps).get(prefix, () => q.keyByPrefix(deps.db, { prefix }));
}

/** Forgets a key in every process (its owner revoked it or changed its origins). */
export function forgetKey(deps: Pick<CacheDeps, 'db'>, prefix: string) {
  return keyRows.invalidate(deps, prefix);
}

/** Whether `since` is less than `ms` before `now` (a clock set back counts as expired). */
function within(now: number, since: number, ms: number): boolean {
  return now >= since && now - since < ms;
}

interface Window {
  /** Requests in the window as this process knows it (the shared total at the last sync plus ours since). */
  count: number;
  resetAt: number;
  /** Ours not yet added to the shared window. */
  pending: number;
  syncedAt: number;
  syncing: Promise<void> | null;
  first: Promise<unknown> | null;
}
const windows = new WeakMap<object, Map<string, Window>>();

/**
 * Counts one request against a key's per-minute window. The first request of a window in this
 * process asks the shared counter (so a process that just started knows what the others used);
 * after that requests are counted here and added to the shared window in one statement a second,
 * which also brings in the other instances' counts. Across instances a key can therefore get up
 * to one second of the others' traffic beyond its limit; within one process the count is exact.
 */
export async function countRequest(
  db: DbExecutor,
  params: { key: string; windowMs: number; now: Date },
): Promise<{ count: number; resetAt: Date }> {
  let map = windows.get(db);
  if (!map) windows.set(db, (map = new Map()));
  const now = params.now.getTime();
  let state = map.get(params.key);
  if (state?.first) {
    await state.first;
    state = map.get(params.key);
  }
  if (!state || now >= state.resetAt) {
    if (map.size >= MAX_ENTRIES) map.clear();
    const first = q.addToRateWindow(db, { ...params, by: 1 });
    const opening: Window = {
      count: 0,
      resetAt: Number.POSITIVE_INFINITY,
      pending: 0,
      syncedAt: now,
      syncing: null,
      first,
    };
    map.set(params.key, opening);
    try {
      const hit = await first;
      opening.count += hit.count;
      opening.resetAt = hit.resetAt.getTime();
      return { count: hit.count, resetAt: hit.resetAt };
    } catch (error) {
      map.delete(params.key);
      throw error;
    } finally {
      opening.first = null;
    }
  }
  state.count += 1;
  state.pending += 1;
  const current = state;
  if (!current.syncing && !within(now, current.syncedAt, RATE_SYNC_MS)) {
    const by = current.pending;
    current.pending = 0;
    current.syncing = q
      .addToRateWindow(db, { ...params, by })
      .then(
        (hit) => {
          // The shared total now holds ours up to `by`; what came in meanwhile is still pending.
          if (hit.resetAt.getTime() === current.resetAt)
            current.count = Math.max(current.count, hit.count + current.pending);
        },
        () => {
          current.pending += by;
        },
      )
      .finally(() => {
        current.syncedAt = now;
        current.syncing = null;
      });
  }
  return { count: current.count, resetAt: new Date(current.resetAt) };
}
