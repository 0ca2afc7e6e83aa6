/**
 * The tickets an event card says are left: each type's own stock, no more than its capacity
 * pools have left (decision 052), as the buyer's ticket list shows them. Types that draw on the
 * same pool share it, so they count together up to it: "300 in the hall, whatever the ticket"
 * is 300 left, not 300 per type. A type's tightest pool is known by what it has left, so types
 * whose limits are equal count as one pool; two pools left at exactly the same number then show
 * fewer than could be sold, never more.
 */
export function ticketsLeft(
  types: readonly { id: string; remaining: number }[],
  poolLimits: ReadonlyMap<string, number>,
): number {
  let free = 0;
  const pooled = new Map<number, number>();
  for (const type of types) {
    const own = Math.max(0, type.remaining);
    const limit = poolLimits.get(type.id);
    if (limit === undefined) free += own;
    else pooled.set(limit, (pooled.get(limit) ?? 0) + Math.min(own, Math.max(0, limit)));
  }
  let shared = 0;
  for (const [limit, sum] of pooled) shared += Math.min(Math.max(0, limit), sum);
  return free + shared;
}
