import type { CheckSubscription } from '../../../contracts/subscriptions';

/**
 * check-subscription answers by person, for a few seconds (SUBSCRIPTION_CACHE_MS): the web app
 * asks on every sign-in, user change and five minutes (spec §4), and each answer was a join after
 * the session lookup. Why a stale answer does not outlive a change: a trigger on the
 * subscriptions and plans tables (migration 0042) tells every process of every committed change
 * on the session channel, whoever made it (a worker's renewal, a webhook, SQL), and each process
 * drops those people's entries (or all of them for a batch); while that channel is down the cache
 * is not used (decision 021).
 */
export class CheckCache {
  private readonly entries = new Map<string, { answer: CheckSubscription; until: number }>();
  /** Counts drops: a lookup that began before one may carry the old state, so it is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(userId: string, now: number): CheckSubscription | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.answer;
  }

  /** Taken before a lookup and handed to `set`. */
  get epoch(): number {
    return this.generation;
  }

  set(userId: string, answer: CheckSubscription, now: number, epoch: number): void {
    if (this.ttlMs <= 0 || epoch !== this.generation) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { answer, until: now + this.ttlMs });
  }

  /** One person's subscription changed; `null`: many did (or a plan), so everything goes. */
  forget(userId: string | null): void {
    this.generation++;
    if (userId === null) this.entries.clear();
    else this.entries.delete(userId);
  }
}
