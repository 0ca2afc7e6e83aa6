import type { AuthUser } from './sessions';

/**
 * Signed-in users by session token hash, for a few seconds: most requests of an active person
 * then cost no session query (each query is a round trip to PostgreSQL on every API call).
 *
 * Why a stale entry cannot outlive a revocation: every session end and role change, in any
 * process or the CLI, reaches every process through SessionEvents, which calls `forgetUser`
 * before the change is answered; while that channel is down the cache is not used at all. This
 * process also forgets a person's entries whenever they change their account here (see
 * `forgetsUser`), which covers profile edits that are not announced.
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { user: AuthUser; until: number; appFrom: number; appUntil: number }
  >();
  /**
   * Counts forgets: a lookup that started before one may carry what was just revoked, so its
   * answer is not kept (see `set`).
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /**
   * `now` is a monotonic time (performance.now()); `appNow` the app's clock, which decides a
   * session's expiry and its sliding: an entry lasts its few seconds on both, so a clock moved
   * forward (tests, a corrected host clock) sends the next request to the database, which
   * checks the expiry and slides it as if there were no cache.
   */
  get(tokenHash: string, now: number, appNow = now): AuthUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || appNow >= entry.appUntil || appNow < entry.appFrom) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before a lookup and handed to `set`. */
  get epoch(): number {
    return this.generation;
  }

  /** Keeps a lookup's answer unless something was forgotten since it began (`epoch`). */
  set(tokenHash: string, user: AuthUser, now: number, epoch = this.generation, appNow = now): void {
    if (this.ttlMs <= 0 || epoch !== this.generation) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, {
      user,
      until: now + this.ttlMs,
      appFrom: appNow,
      appUntil: appNow + this.ttlMs,
    });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(key);
    }
  }
}

/**
 * Requests after which a person's cached session must not be used again: anything that writes
 * to their account, session or roles (sign-out, password, profile, admin changes).
 */
export const forgetsUser = (method: string, url: string) =>
  method !== 'GET' &&
  method !== 'HEAD' &&
  (url.startsWith('/api/auth') ||
    url.startsWith('/api/profile') ||
    url.startsWith('/api/admin') ||
    url.startsWith('/api/language'));
