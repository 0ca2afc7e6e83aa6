import type { PromoPlacement } from '../../../contracts/promotions';

// Decision 025 (third session): selection reads a per-process list of each placement's
// candidates, reloaded at most once a second, instead of sorting every live campaign in SQL on
// every request. What may change within that second is safe: the budgets are checked again in
// SQL when a view or click is charged (a campaign that ran out is shown, but counts and costs
// nothing), and the schedule and the linked event's end are checked here against the clock of
// the request. Only a cancellation, an approval or a pause reach the page up to a second late.
// The list is built from a mirror that reads only the campaigns changed since (decision 133).

export interface Candidate {
  id: string;
  headline: string;
  body: string;
  imageUrl: string | null;
  imageAlt: string;
  targetPath: string;
  startsAt: number;
  endsAt: number;
  /** The linked event's end (or start + a day), in ms; null without a linked event. */
  eventEndsAt: number | null;
  /** Remaining budget per remaining second, damped while the day's spend runs ahead. */
  weight: number;
  /** Lower-cased; empty means everyone. */
  categories: string[];
  cities: string[];
  accountTypes: string[];
  frequencyCap: number;
}

export interface CandidateList {
  items: Candidate[];
  /** cumulative[i] = the weights of items 0..i; a draw is a binary search. */
  cumulative: Float64Array;
  total: number;
}

export function toCandidateList(items: Candidate[]): CandidateList {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, i) => {
    total += Math.max(item.weight, Number.MIN_VALUE);
    cumulative[i] = total;
  });
  return { items, cumulative, total };
}

export interface DrawParams {
  limit: number;
  now: number;
  category?: string;
  city?: string;
  /** The signed-in viewer's account type; null when signed out. */
  accountType: string | null;
  /** Today's views of this viewer per campaign (the frequency cap). */
  views: ReadonlyMap<string, number>;
  random?: () => number;
}

function isEligible(c: Candidate, p: DrawParams, category?: string, city?: string): boolean {
  if (c.startsAt > p.now || c.endsAt <= p.now) return false;
  // Never an item for an event that has ended.
  if (c.eventEndsAt !== null && c.eventEndsAt <= p.now) return false;
  // Targeting narrows only on what the page knows (decision 025).
  if (category && c.categories.length > 0 && !c.categories.includes(category)) return false;
  if (city && c.cities.length > 0 && !c.cities.includes(city)) return false;
  if (c.accountTypes.length > 0 && (!p.accountType || !c.accountTypes.includes(p.accountType)))
    return false;
  return (p.views.get(c.id) ?? 0) < c.frequencyCap;
}

/**
 * A weighted sample of `limit` eligible candidates without replacement. Draws by weight and
 * skips the ineligible and the already drawn (the same distribution as drawing from the eligible
 * alone) in O(limit · log n); when most are ineligible, it falls back to one pass of
 * Efraimidis–Spirakis keys `-ln(u) / w` over the eligible rest.
 */
export function drawCandidates(list: CandidateList, params: DrawParams): Candidate[] {
  const random = params.random ?? Math.random;
  const category = params.category?.toLowerCase();
  const city = params.city?.toLowerCase();
  const { items, cumulative, total } = list;
  const seen = new Set<number>();
  const chosen: Candidate[] = [];
  if (items.length === 0) return chosen;
  for (let tries = 0; chosen.length < params.limit && tries < params.limit * 8; tries++) {
    const target = random() * total;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    if (seen.has(low)) continue;
    seen.add(low);
    const item = items[low];
    if (item && isEligible(item, params, category, city)) chosen.push(item);
  }
  if (chosen.length >= params.limit) return chosen;
  const rest: { item: Candidate; key: number }[] = [];
  items.forEach((item, i) => {
    if (seen.has(i) || !isEligible(item, params, category, city)) return;
    rest.push({ item, key: -Math.log(1 - random()) / Math.max(item.weight, Number.MIN_VALUE) });
  });
  rest.sort((a, b) => a.key - b.key);
  return [...chosen, ...rest.slice(0, params.limit - chosen.length).map((r) => r.item)];
}

interface CacheEntry {
  list: CandidateList;
  loadedAt: number;
  reloading: Promise<CandidateList> | null;
}

/**
 * Each placement's candidates, reloaded when older than `maxAgeMs` (0: on every request). A
 * stale list keeps serving while one reload runs, so no request waits for it but the first.
 */
export class CandidateCache {
  private readonly entries = new Map<PromoPlacement, CacheEntry>();
  private readonly firstLoads = new Map<PromoPlacement, Promise<CandidateList>>();

  constructor(
    private readonly load: (placement: PromoPlacement) => Promise<Candidate[]>,
    private readonly maxAgeMs: number,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  async get(placement: PromoPlacement): Promise<CandidateList> {
    const entry = this.entries.get(placement);
    const now = this.monotonicNow();
    const ready = entry && this.ready(placement, entry, now);
    if (ready) return ready;
    if (entry) return this.reload(placement, now);
    // The first requests of a placement share one load.
    let first = this.firstLoads.get(placement);
    if (!first) {
      first = this.reload(placement, now).finally(() => this.firstLoads.delete(placement));
      this.firstLoads.set(placement, first);
    }
    return first;
  }

  /**
   * What `get` answers without waiting (a fresh list, or a stale one while its reload runs),
   * else undefined: selection's requests take this path without a promise (decision 162).
   */
  peek(placement: PromoPlacement): CandidateList | undefined {
    const entry = this.entries.get(placement);
    return entry && this.ready(placement, entry, this.monotonicNow());
  }

  private ready(
    placement: PromoPlacement,
    entry: CacheEntry,
    now: number,
  ): CandidateList | undefined {
    if (now - entry.loadedAt < this.maxAgeMs) return entry.list;
    if (this.maxAgeMs === 0) return undefined;
    entry.reloading ??= this.reload(placement, now).finally(() => {
      entry.reloading = null;
    });
    // A failed background reload keeps the old list until the next try.
    entry.reloading.catch(() => {});
    return entry.list;
  }

  private async reload(placement: PromoPlacement, startedAt: number): Promise<CandidateList> {
    const list = toCandidateList(await this.load(placement));
    const current = this.entries.get(placement);
    if (current) {
      current.list = list;
      current.loadedAt = startedAt;
    } else this.entries.set(placement, { list, loadedAt: startedAt, reloading: null });
    return list;
  }
}
