import { lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/auth';

// Per-client (IP) limits on the auth endpoints, counted in PostgreSQL across every server process
// (sharedRateLimitStore). Keyed by IP, never by the email typed in, so nobody can lock another
// person out by failing on purpose; the per-account sign-in throttle (modules/auth) only slows.
// Password and passkey sign-in count failed attempts per address instead (modules/auth).
const LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '10 minutes' },
  passwordReset: { max: 5, timeWindow: '10 minutes' },
  passkey: { max: 30, timeWindow: '1 minute' },
  // Passkey sign-in challenges: a venue's crowd behind one address starts them together.
  passkeySignInOptions: { max: 300, timeWindow: '1 minute' },
  rating: { max: 20, timeWindow: '10 minutes' },
  newsletter: { max: 10, timeWindow: '10 minutes' },
  // Contact form and chatbot hand-off: each creates a support ticket and mails its sender.
  contact: { max: 5, timeWindow: '10 minutes' },
  // Chatbot questions: each is a full-text search.
  chatbot: { max: 60, timeWindow: '1 minute' },
  // Card attempts on the built-in checkout, like a provider's card-testing protection.
  cardAttempt: { max: 20, timeWindow: '10 minutes' },
  // Notifications a person can make happen for themselves (test button, own emails, push sign-ups).
  selfNotify: { max: 10, timeWindow: '1 minute' },
  pushSubscribe: { max: 20, timeWindow: '10 minutes' },
  unsubscribe: { max: 20, timeWindow: '10 minutes' },
} as const;

/** A route's `config.rateLimit`, scaled by RATE_LIMIT_MULTIPLIER (browser test suites raise it). */
export function rateLimit(
  kind: keyof typeof LIMITS,
  config: Pick<Config, 'RATE_LIMIT_MULTIPLIER'>,
) {
  const limit = LIMITS[kind];
  return {
    rateLimit: { max: limit.max * config.RATE_LIMIT_MULTIPLIER, timeWindow: limit.timeWindow },
  };
}

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs` that starts at the key's first hit, in
 * PostgreSQL so that every server process counts together (in-process counters multiply a limit
 * by the number of instances). One statement: concurrent hits never lose a count.
 */
export async function hitCounter(
  db: DbExecutor,
  params: {
    key: string;
    windowMs: number;
    now: Date;
    /**
     * Whether this hit may drop ended windows. Only hits on the app's clock do: windows counted on
     * another clock (the route limits' real time) would otherwise judge the app's windows by a
     * time that is not theirs; where the two clocks differ (tests move the app's clock) a prune
     * on real time deleted open windows of the app's clock and let a second mail through.
     */
    prune?: boolean;
  },
): Promise<CounterHit> {
  const resetAt = new Date(params.now.getTime() + params.windowMs);
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    insert into rate_limit_counters as c (key, count, reset_at)
    values (${params.key}, 1, ${resetAt})
    on conflict (key) do update set
      count = case when c.reset_at <= ${params.now} then 1 else c.count + 1 end,
      reset_at = case when c.reset_at <= ${params.now} then excluded.reset_at else c.reset_at end
    returning count, reset_at`);
  if (params.prune !== false) pruneNow(db, params.now);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 1), resetAt: new Date(row?.reset_at ?? resetAt) };
}

const PRUNE_EVERY_MS = 5 * 60_000;
const lastPrune = new WeakMap<object, number>();

/** Drops long-ended windows now and then (each process at most every 5 minutes). */
export function pruneNow(db: DbExecutor, now: Date): void {
  const at = Date.now();
  if (at - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, at);
  const before = new Date(Math.min(now.getTime(), at) - 60_000);
  db.delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, before))
    .catch(() => {
      // Only housekeeping: the next prune tries again.
    });
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on `hitCounter`: the per-client route limits (sign-in, sign-up,
 * password reset…) hold across every server process. Keys are per route, as the plugin's own
 * in-memory store keeps them. Real time, as the plugin's store uses (not the app's clock).
 */
export function sharedRateLimitStore(db: Database) {
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'ip:',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = new Date();
      // Real time: its windows are dropped by the prunes of the app's own hits (one clock in
      // production), never by these.
      hitCounter(db, { key: `${this.prefix}${key}`, windowMs: timeWindow, now, prune: false }).then(
        (hit) =>
          callback(null, {
            current: hit.count,
            ttl: Math.max(0, hit.resetAt.getTime() - now.getTime()),
          }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin hands in the route's merged limit options, the route itself under `routeInfo`.
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(
        undefined,
        `ip:${String(route?.method)}:${String(route?.url)}:`,
      );
    }
  };
}
