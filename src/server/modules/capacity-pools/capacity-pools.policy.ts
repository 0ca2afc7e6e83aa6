// The rules of a pool's stock (decision 052), as pure functions the service and its tests share.

/**
 * What a pool has left when its types have `used` places sold or held: null when the capacity
 * would be below that (the organizer is told, nothing changes).
 */
export function poolRemaining(capacity: number, used: number): number | null {
  return capacity < used ? null : capacity - used;
}

/** Places a pool's types have used: each type's sold and held, once per type. */
export function usedByTypes(types: { id: string; used: number }[]): number {
  const seen = new Set<string>();
  let used = 0;
  for (const type of types) {
    if (seen.has(type.id)) continue;
    seen.add(type.id);
    used += type.used;
  }
  return used;
}

/** Sold, held and left of a pool, from its counter and the places in unfinished checkouts. */
export function poolFigures(pool: { capacity: number; remaining: number }, held: number) {
  const used = pool.capacity - pool.remaining;
  const inCheckout = Math.min(held, used);
  return { sold: used - inCheckout, held: inCheckout, left: pool.remaining };
}

/** The smallest of a type's own stock and every pool it is in: what a buyer can still buy. */
export function effectiveRemaining(own: number, pools: number[]): number {
  return Math.max(0, Math.min(own, ...pools));
}
