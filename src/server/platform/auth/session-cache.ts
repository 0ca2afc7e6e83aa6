import type { AuthUser } from './sessions';

/**
 * Signed-in users by session token hash, for a few seconds: most requests of an active person
 * then cost no session query (each query is a round trip to PostgreSQL on every API call).
 *
 * What a stale entry can mean, and why it is bounded: a session ended or a role changed by
 * another process (or the CLI) is seen here within `ttlMs`; this process forgets a person's
 * entries at once whenever they change their account or session here (see `forgetsUser`).
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(tokenHash: string, now: number): AuthUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: AuthUser, now: number): void {
    if (this.ttlMs <= 0) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, until: now + this.ttlMs });
  }

  forgetUser(userId: string): void {
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
  (url.startsWith('/api/auth') || url.startsWith('/api/profile') || url.startsWith('/api/admin'));
